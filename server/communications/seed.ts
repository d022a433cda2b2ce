/**
 * The demo's posts: a "Discussions" page in the community module with a discussion board
 * (`demo-discussions`: threads with replies) and a card wall (`demo-card-wall`, admins' cards), and
 * a "Feed" page (`demo-feed`) with a post form (`demo-create-post`) over the page's posts
 * (`demo-user-posts`: posts with the demo's workshop pictures), all with reactions from several
 * demo accounts. The pages are visible to every member. Idempotent: the structure is written only
 * when its page is missing, and each item has a fixed id and is written only when absent.
 */
import type { Block, Module, Page } from '../../schemas/model';
import type { PostMedia, RichTextDoc, RichTextNode } from '../../schemas/model/api/communications';
import { CURRENT_PAGE_SCHEMA_VERSION } from '../../engine/core/model/migrations';
import { mentionedAccounts, richTextToText } from '../../engine/core/communications';
import type { AppContext } from '../context';
import type { Account } from '../model';
import { DEMO_MEDIA } from '../files/demo-media';
import { findRow, insertItem, toggleReaction } from './posts';
import { renderRichText } from './render';

const MINUTE = 60_000;
const MODULE = 'community';

export const DEMO_POST_PAGES = {
  discussions: 'demo-discussions-page',
  feed: 'demo-feed',
} as const;

const para = (...content: RichTextNode[]): RichTextNode => ({ type: 'paragraph', content });
const text = (t: string, marks?: RichTextNode['marks']): RichTextNode => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });
const mention = (id: string, label: string): RichTextNode => ({ type: 'mention', attrs: { id, label } });
const doc = (...content: RichTextNode[]): RichTextDoc => ({ type: 'doc', content });

interface SeedItem {
  id: string;
  target: string;
  parent?: string;
  from: string;
  title?: string;
  body: RichTextDoc;
  media?: PostMedia[];
  minutesAgo: number;
  reactions?: [string, string][];
}

const picture = (id: string, title: string): PostMedia => ({ type: 'image', source: 'local', fileId: id, title });

const ITEMS: SeedItem[] = [
  {
    id: 'demo-thread-lathe',
    target: 'demo-discussions',
    from: 'maya',
    title: 'Who can show me the wood lathe?',
    body: doc(
      para(text('I passed the induction but would love a second pair of eyes on my first bowl. '), mention('grace', 'Grace Hopper'), text(' any tips?')),
    ),
    minutesAgo: 600,
    reactions: [
      ['victor', 'like'],
      ['grace', 'curious'],
      ['amara', 'like'],
    ],
  },
  {
    id: 'demo-reply-lathe-1',
    target: 'demo-discussions',
    parent: 'demo-thread-lathe',
    from: 'grace',
    body: doc(para(text('Thursday evenings I am there. Bring a '), text('sharp', [{ type: 'bold' }]), text(' gouge.'))),
    minutesAgo: 560,
    reactions: [['maya', 'love']],
  },
  {
    id: 'demo-reply-lathe-2',
    target: 'demo-discussions',
    parent: 'demo-reply-lathe-1',
    from: 'maya',
    body: doc(para(text('Perfect, see you Thursday!'))),
    minutesAgo: 540,
  },
  {
    id: 'demo-thread-repair',
    target: 'demo-discussions',
    from: 'victor',
    title: 'Repair café: what should we fix first?',
    body: doc(para(text('Saturday we open the doors again. Ideas so far:')), {
      type: 'bulletList',
      content: [
        { type: 'listItem', content: [para(text('toasters'))] },
        { type: 'listItem', content: [para(text('bike lights'))] },
      ],
    }),
    minutesAgo: 300,
    reactions: [
      ['maya', 'celebrate'],
      ['admin', 'like'],
    ],
  },
  {
    id: 'demo-reply-repair-1',
    target: 'demo-discussions',
    parent: 'demo-thread-repair',
    from: 'amara',
    body: doc(para(text('Lamps! Half the street has a broken one.'))),
    minutesAgo: 240,
  },
  {
    id: 'demo-card-welcome',
    target: 'demo-card-wall',
    from: 'admin',
    title: 'Welcome, new members',
    body: doc(para(text('Say hello at the Thursday open evening.'))),
    minutesAgo: 900,
    reactions: [
      ['maya', 'like'],
      ['victor', 'like'],
    ],
  },
  {
    id: 'demo-card-rules',
    target: 'demo-card-wall',
    from: 'admin',
    title: 'Tidy as you go',
    body: doc(para(text('Sweep your bench and put tools back on the shadow board.'))),
    minutesAgo: 800,
  },
  {
    id: 'demo-post-woodwork',
    target: 'demo-feed',
    from: 'maya',
    title: 'My first cutting board',
    body: doc(para(text('Oak and walnut, finished with oil. Thanks '), mention('grace', 'Grace Hopper'), text(' for the help!'))),
    media: [picture(DEMO_MEDIA.pictures.woodwork, 'Cutting board'), picture(DEMO_MEDIA.pictures.textiles, 'The offcuts')],
    minutesAgo: 120,
    reactions: [
      ['victor', 'love'],
      ['grace', 'celebrate'],
      ['admin', 'like'],
      ['amara', 'like'],
    ],
  },
  {
    id: 'demo-comment-woodwork',
    target: 'demo-feed',
    parent: 'demo-post-woodwork',
    from: 'victor',
    body: doc(para(text('Beautiful grain. Is it food safe?'))),
    minutesAgo: 100,
  },
  {
    id: 'demo-post-electronics',
    target: 'demo-feed',
    from: 'victor',
    title: 'Soldering station is back',
    body: doc(para(text('The repaired iron works again; '), text('please', [{ type: 'italic' }]), text(' switch it off after use.'))),
    media: [picture(DEMO_MEDIA.pictures.electronics, 'Soldering station')],
    minutesAgo: 60,
    reactions: [['maya', 'insightful']],
  },
];

/** The demo's two posts pages and their blocks (ids fixed: the demo posts and the demo's translations name them). */
export const DEMO_POST_STRUCTURE = [
  {
    id: DEMO_POST_PAGES.discussions,
    slug: 'discussions',
    name: 'Discussions',
    blocks: [
      {
        id: 'demo-discussions',
        type: 'discussionThreads',
        options: {
          title: 'Discussion board',
          whoCanStartThreads: 'members',
          allowReplies: true,
          sortOrder: 'newest',
          paginationMode: 'loadMore',
          pageSize: 10,
        },
      },
      { id: 'demo-card-wall', type: 'cardWall', options: { title: 'Notice board', whoCanComment: 'admins', columns: 3 } },
    ],
  },
  {
    id: DEMO_POST_PAGES.feed,
    slug: 'feed',
    name: 'Feed',
    blocks: [
      { id: 'demo-create-post', type: 'createUserPost', options: { placeholder: 'Share something…' } },
      { id: 'demo-user-posts', type: 'userPost', options: { displayMode: 'preview' } },
    ],
  },
] as const;

/** A demo block's options: every option of its registry schema at its default, then the demo's. */
export function demoBlockOptions(schema: unknown, overrides: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const properties = (schema as { properties?: Record<string, { default?: unknown }> } | undefined)?.properties ?? {};
  const defaults = Object.fromEntries(Object.entries(properties).flatMap(([key, p]) => (p.default !== undefined ? [[key, p.default]] : [])));
  return { ...defaults, ...overrides };
}

/** A demo block, checked against its schema as the demo's are. */
function block(ctx: AppContext, id: string, type: string, pageId: string, overrides: Readonly<Record<string, unknown>>): Block & { pageId: string } {
  const options = demoBlockOptions(ctx.registry.blocks[type]?.options, overrides);
  ctx.validator.blockOptions(type, options, `demo block "${id}"`);
  return { id, type, options, pageId, children: [], positions: {} } as unknown as Block & { pageId: string };
}

async function seedStructure(ctx: AppContext): Promise<void> {
  const module = (await ctx.store.get<Module>('module', MODULE))?.data;
  if (!module) return;
  if (await ctx.store.get('page', DEMO_POST_PAGES.discussions)) return;
  const blocks = DEMO_POST_STRUCTURE.flatMap((page) => page.blocks.map((b) => block(ctx, b.id, b.type, page.id, b.options)));
  const pages: Page[] = DEMO_POST_STRUCTURE.map((page) => {
    const ids = page.blocks.map((b) => b.id);
    return { id: page.id, slug: page.slug, name: page.name, type: 'other', moduleId: MODULE, children: ids, positions: { 'col-0': ids } } as Page;
  });
  await ctx.store.transaction(async (tx) => {
    for (const page of pages) await tx.put('page', page.id, page, { schemaVersion: CURRENT_PAGE_SCHEMA_VERSION });
    for (const b of blocks) await tx.put('block', b.id, b);
    const current = (await tx.get<Module>('module', MODULE))!.data;
    const childIds = [...(current.childIds ?? []), ...pages.map((p) => p.id).filter((id) => !current.childIds?.includes(id))];
    await tx.put('module', MODULE, { ...current, childIds });
  });
}

export async function seedCommunications(ctx: AppContext): Promise<void> {
  const accounts = new Set((await ctx.store.list<Account>('account')).map((d) => d.data.accountId));
  if (!accounts.has('maya') || !accounts.has('victor')) return;
  await seedStructure(ctx);
  const now = Date.now();
  await ctx.store.transaction(async (tx) => {
    const db = tx.raw;
    for (const item of ITEMS) {
      if (!accounts.has(item.from) || (await findRow(db, item.id))) continue;
      const parent = item.parent ? ((await findRow(db, item.parent)) ?? null) : null;
      const ownerKind = item.target === 'demo-discussions' ? 'discussion' : 'headlessPost';
      await insertItem(db, ctx.engine, {
        id: item.id,
        kind: parent ? 'comment' : 'post',
        parent,
        targetId: item.target,
        ownerKind,
        scope: null,
        scopeContextData: null,
        from: item.from,
        title: item.title ?? null,
        body: item.body,
        html: renderRichText(item.body),
        text: richTextToText(item.body),
        media: item.media ?? [],
        mentions: mentionedAccounts(item.body),
        clientId: null,
        created: now - item.minutesAgo * MINUTE,
      });
      for (const [account, reaction] of item.reactions ?? []) if (accounts.has(account)) await toggleReaction(db, item.id, account, reaction);
    }
  });
}
