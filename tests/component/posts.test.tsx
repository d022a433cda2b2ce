/**
 * The posts client (issue 32): PostCard (the "Read more" cut, every media kind, hostile html,
 * titles and media addresses rendered inert), ReactionBar (names, counts, aria-pressed, toggles),
 * and the communications slice's merging and optimistic writes with their rollback, over a
 * stand-in transport (the real server is the api and e2e suites' work: posts-journey).
 */
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockComponents } from '../../blocks/index.generated';
import { createDataLayer, DataLayerProvider, type DataCall, type DataTransport } from '../../engine/data';
import { communicationsSlice, listKeyOf, toggledSummary } from '../../engine/data/communications';
import { PostCard } from '../../engine/react/communications/PostCard';
import { ReactionBar } from '../../engine/react/communications/ReactionBar';
import { EngineProvider } from '../../engine/react/engine-context';
import type { Communication, CommunicationListResponse, ReactionSummary } from '../../schemas/model/api/communications';
import { runtimeRegistry } from '../../registry/generated/runtime';
import { seriousAxeViolations } from '../helpers/admin-render';

configure({ asyncUtilTimeout: 5_000 });
afterEach(() => cleanup());

const doc = (text: string) => ({ type: 'doc' as const, content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

function item(over: Partial<Communication> = {}): Communication {
  return {
    id: 'c1',
    kind: 'post',
    parentId: null,
    rootId: 'c1',
    targetId: 'page-1',
    ownerKind: 'discussion',
    scope: null,
    scopeContextData: null,
    from: 'victor',
    own: false,
    title: 'Repair café',
    body: doc('Bring what is broken.'),
    html: '<p>Bring what is broken.</p>',
    text: 'Bring what is broken.',
    media: [],
    mentions: [],
    meta: { score: 0, userReactions: [], individualReactionScores: {} },
    childrenCount: 0,
    created: Date.now() - 60_000,
    edited: null,
    deleted: false,
    hidden: false,
    can: { edit: false, delete: false, reply: true, react: true, report: true, moderate: false },
    ...over,
  };
}

/** A stand-in server: answers by path, records the calls. */
function stubTransport(answer: (call: DataCall<unknown>) => unknown): DataTransport & { calls: DataCall<unknown>[] } {
  const calls: DataCall<unknown>[] = [];
  return {
    calls,
    async request<A>(call: DataCall<A>): Promise<A> {
      calls.push(call as DataCall<unknown>);
      if (call.path === 'profile/collection') return [] as A;
      return (await answer(call as DataCall<unknown>)) as A;
    },
  };
}

function renderWith(ui: ReactNode, transport = stubTransport(() => ({}))) {
  const store = createStore();
  const layer = createDataLayer(store, transport, { ownAccountId: 'maya' });
  const view = render(
    <EngineProvider
      registry={runtimeRegistry}
      blockComponents={blockComponents}
      store={store}
      user={{ accountId: 'maya', isAdmin: false, isElevated: false, listMemberships: [] }}
      services={{
        profileHref: (id) => `/app/people/profile/${id}`,
        mediaUrl: (o) => `/api/v1/${o.kind}/${String(o.id)}?token=t${o.thumb ? '&thumb=true' : ''}${o.ratio ? `&ratio=${o.ratio}` : ''}`,
        files: { download: vi.fn(async () => undefined) } as never,
      }}
    >
      <DataLayerProvider value={layer}>{ui}</DataLayerProvider>
    </EngineProvider>,
  );
  return { ...view, layer, store, transport };
}

describe('PostCard', () => {
  it('cuts the text after messageDisplayLength at a word, with "Read more" showing the rest', async () => {
    const long = `${'word '.repeat(60)}end of the story`;
    renderWith(<PostCard item={item({ text: long, html: `<p>${long}</p>` })} options={{ messageDisplayLength: 50 }} />);
    const card = screen.getByRole('article', { name: 'Repair café' });
    expect(within(card).queryByText(/end of the story/)).toBeNull();
    expect(within(card).getByText(/…$/).textContent!.length).toBeLessThanOrEqual(51);
    const more = within(card).getByRole('button', { name: 'Read more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(more);
    await within(card).findByText(/end of the story/);
    expect(within(card).getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows a short text whole, without "Read more"', () => {
    renderWith(<PostCard item={item()} />);
    expect(screen.queryByRole('button', { name: 'Read more' })).toBeNull();
  });

  it('shows each media kind: images by thumbnail ratio, players, a download, embeds sandboxed, links', async () => {
    const { container } = renderWith(
      <PostCard
        item={item({
          media: [
            { type: 'image', source: 'local', fileId: 'f-img', title: 'The bench' },
            { type: 'video', source: 'local', fileId: 'f-vid', title: 'Clip' },
            { type: 'audio', source: 'local', fileId: 'f-aud', title: 'Song' },
            { type: 'document', source: 'local', fileId: 'f-doc', title: 'Rota.pdf' },
            { type: 'video', source: 'youtube', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
            { type: 'video', source: 'vimeo', url: 'https://vimeo.com/76979871' },
            { type: 'link', source: 'web', url: 'https://example.org/notes', title: 'Notes' },
          ],
        })}
        options={{ thumbnailRatio: '3/2' }}
      />,
    );
    const media = screen.getByRole('list', { name: 'Media' });
    const img = within(media).getByRole('img', { name: 'The bench' });
    expect(img.getAttribute('src')).toContain('/api/v1/image/f-img');
    expect(img.getAttribute('src')).toContain('ratio=3');
    expect(container.querySelector('video')!.getAttribute('src')).toContain('/api/v1/video/f-vid');
    expect(container.querySelector('audio')!.getAttribute('src')).toContain('/api/v1/audio/f-aud');
    expect(within(media).getByRole('button', { name: 'Download Rota.pdf' })).toBeInTheDocument();
    const frames = [...container.querySelectorAll('iframe')];
    expect(frames.map((f) => f.getAttribute('src'))).toEqual(['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'https://player.vimeo.com/video/76979871']);
    for (const f of frames) expect(f.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-presentation');
    const link = within(media).getByRole('link', { name: 'Notes' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('renders hostile html, titles and media addresses inert', async () => {
    const hostile = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
    const { container } = renderWith(
      <PostCard
        item={item({
          title: `Title ${hostile}`,
          html: `<p>ok <a href="javascript:alert(1)">j</a> <span data-mention="victor" onclick="alert(2)">@Victor</span></p>${hostile}<iframe src="https://evil.example"></iframe><img src="https://tracker.example/p.gif">`,
          media: [
            { type: 'link', source: 'googleDrive', url: 'javascript:alert(3)', title: `<b onmouseover="alert(4)">t</b>` },
            { type: 'video', source: 'youtube', url: 'https://evil.example/watch?v=abcdefgh' },
            { type: 'image', source: 'local', fileId: '"><script>alert(5)</script>' },
          ],
        })}
      />,
    );
    const card = screen.getByRole('article', { name: `Title ${hostile}` });
    await within(card).findByRole('link', { name: '@Victor' });
    expect(within(card).getByRole('link', { name: '@Victor' })).toHaveAttribute('href', '/app/people/profile/victor');
    expect(container.querySelectorAll('script, iframe, [onerror], [onclick], [onmouseover], b')).toHaveLength(0);
    expect(container.querySelector('img[src="x"], img[src^="https://tracker"]')).toBeNull();
    expect(container.querySelector('a[href^="javascript:"]')).toBeNull();
    expect(within(card).getByText('This link cannot be opened.')).toBeInTheDocument();
    expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
  });

  it('says when a post was deleted, edited or hidden, and offers only what the viewer can do', async () => {
    renderWith(
      <>
        <PostCard item={item({ id: 'd', deleted: true, title: null, html: '', text: '' })} />
        <PostCard
          item={item({ id: 'e', title: 'Edited one', edited: Date.now(), own: true, can: { ...item().can, edit: true, delete: true, report: false } })}
        />
        <PostCard item={item({ id: 'h', title: 'Hidden one', hidden: true, own: true })} />
      </>,
    );
    expect(screen.getByText('This post was deleted.')).toBeInTheDocument();
    const edited = screen.getByRole('article', { name: 'Edited one' });
    expect(within(edited).getByText(/edited/)).toBeInTheDocument();
    fireEvent.click(within(edited).getByRole('button', { name: 'Actions for “Edited one”' }));
    expect(within(edited).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(edited).queryByRole('button', { name: 'Report' })).toBeNull();
    expect(within(screen.getByRole('article', { name: 'Hidden one' })).getByText(/hidden by a moderator/)).toBeInTheDocument();
    expect(await seriousAxeViolations()).toEqual([]);
  });
});

describe('ReactionBar', () => {
  const meta: ReactionSummary = { score: 3, userReactions: ['love'], individualReactionScores: { like: 2, love: 1 } };

  it('names each reaction with its count, marks hers pressed and toggles', async () => {
    const toggled: string[] = [];
    renderWith(<ReactionBar meta={meta} subject="Repair café" onToggle={(id) => toggled.push(id)} />);
    const group = screen.getByRole('group', { name: 'Reactions to “Repair café”' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Like: 2', 'Love: 1', 'Celebrate: 0', 'Insightful: 0', 'Curious: 0']);
    expect(within(group).getByRole('button', { name: 'Love: 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: 'Like: 2' })).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(within(group).getByRole('button', { name: 'Celebrate: 0' }));
    expect(toggled).toEqual(['celebrate']);
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('shows only the counts given when the viewer may not react', () => {
    renderWith(<ReactionBar meta={meta} />);
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Like: 2', 'Love: 1']);
    for (const b of screen.getAllByRole('button')) expect(b).toBeDisabled();
  });

  it('a toggle adds or takes away one and keeps the score the sum', () => {
    const on = toggledSummary(meta, 'like');
    expect(on).toEqual({ score: 4, userReactions: ['love', 'like'], individualReactionScores: { like: 3, love: 1 } });
    expect(toggledSummary(on, 'love')).toEqual({ score: 3, userReactions: ['like'], individualReactionScores: { like: 3, love: 0 } });
  });
});

describe('the communications slice', () => {
  const key = { targetId: 'page-1', parentId: null, order: 'newest' as const };
  const page = (items: Communication[], more = false): CommunicationListResponse => ({ items, more, total: items.length, ...(more ? { cursor: 'next' } : {}) });

  function slice(answer: (call: DataCall<unknown>) => unknown) {
    const transport = stubTransport(answer);
    const layer = createDataLayer(createStore(), transport, { ownAccountId: 'maya' });
    return { posts: layer.slice(communicationsSlice), layer, transport };
  }

  it('merges pages and realtime items by id, newest first, and recomputes own and can for the viewer', async () => {
    const { posts, layer } = slice(() => page([item({ id: 'b', created: 2 }), item({ id: 'a', created: 1 })]));
    const list = posts.lists.get(listKeyOf(key));
    await list.load();
    // A room event: a new post of hers, one already shown changed (reactions), another target's ignored.
    const mine = item({
      id: 'c',
      created: 3,
      from: 'maya',
      own: false,
      can: { edit: false, delete: false, reply: false, react: false, report: false, moderate: false },
    });
    layer.applyEvent('communications:created', { id: 'c', targetId: 'page-1', item: mine });
    layer.applyEvent('communications:created', { id: 'c', targetId: 'page-1', item: mine });
    layer.applyEvent('communications:created', { id: 'x', targetId: 'other', item: item({ id: 'x', targetId: 'other' }) });
    layer.applyEvent('communications:updated', {
      id: 'a',
      targetId: 'page-1',
      item: item({ id: 'a', created: 1, meta: { score: 1, userReactions: [], individualReactionScores: { like: 1 } } }),
    });
    expect(list.items().map((i) => i.id)).toEqual(['c', 'b', 'a']);
    const c = list.items()[0];
    expect(c.own).toBe(true);
    expect(c.can).toMatchObject({ edit: true, delete: true, report: false });
    expect(list.items()[2].meta.score).toBe(1);
    layer.applyEvent('communications:removed', { id: 'b', targetId: 'page-1', parentId: null, reason: 'hidden' });
    expect(list.items().map((i) => i.id)).toEqual(['c', 'a']);
    // Hostile payloads change nothing.
    layer.applyEvent('communications:created', { id: 1, item: { id: 'z' } });
    layer.applyEvent('communications:removed', 'nonsense');
    expect(list.items().map((i) => i.id)).toEqual(['c', 'a']);
  });

  it('asks numbered pages by page and the block page size, "Load more" pages by the server cursor', async () => {
    const { posts, transport } = slice((call) => page([item({ id: `p${String(call.query?.page ?? call.query?.cursor ?? 0)}` })], true));
    const numbered = posts.lists.get(listKeyOf({ ...key, limit: 2, page: 1 }));
    await numbered.load();
    expect(transport.calls.at(-1)!.query).toEqual({ order: 'newest', limit: 2, page: 1 });
    expect(numbered.peek().more.older).toBe(false);
    const more = posts.lists.get(listKeyOf({ ...key, order: 'oldest', limit: 3 }));
    await more.load();
    await more.loadOlder();
    expect(transport.calls.at(-1)!.query).toEqual({ order: 'oldest', limit: 3, cursor: 'next' });
  });

  it('shows a post at once, replaces it with the saved one, and keeps a refused one failed until retried', async () => {
    let refuse = true;
    const { posts, transport } = slice((call) => {
      if (call.method === 'GET') return page([]);
      if (call.method === 'PUT') {
        if (refuse) return Promise.reject(Object.assign(new Error('title is longer than 400 characters'), { status: 400 }));
        return item({ id: 'saved', from: 'maya', own: true, title: 'Hi', created: Date.now() });
      }
      return {};
    });
    const list = posts.lists.get(listKeyOf(key));
    await list.load();
    const first = await posts.create(key, { kind: 'post', title: 'Hi', body: doc('x') });
    expect(first.saved).toBeUndefined();
    expect((first.error as Error).message).toMatch(/title is longer/);
    expect(list.peek().pending[first.draftId]).toMatchObject({ state: 'failed', op: 'insert' });
    expect(list.items().map((i) => i.id)).toEqual([first.draftId]);
    refuse = false;
    const clientIds = transport.calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { clientId: string }).clientId);
    await act(async () => void (await list.retry(first.draftId)));
    const again = transport.calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { clientId: string }).clientId);
    // The retry sends the same idempotency key: the server stores one post.
    expect(again).toEqual([...clientIds, clientIds[0]]);
    expect(list.items().map((i) => i.id)).toEqual(['saved']);
    expect(list.peek().pending).toEqual({});
  });

  it('toggles a reaction at once, takes the server summary, and rolls back a refusal', async () => {
    let refuse = false;
    const { posts } = slice((call) => {
      if (call.method === 'GET') return page([item({ id: 'p' })]);
      if (call.path.endsWith('/reaction')) {
        if (refuse) return Promise.reject(Object.assign(new Error('too fast'), { status: 429 }));
        return { score: 5, userReactions: ['like'], individualReactionScores: { like: 5 } };
      }
      return {};
    });
    const list = posts.lists.get(listKeyOf(key));
    await list.load();
    const sent = posts.react(list.items()[0], 'like');
    // At once, before the answer.
    expect(list.items()[0].meta.userReactions).toEqual(['like']);
    await sent;
    expect(list.items()[0].meta).toEqual({ score: 5, userReactions: ['like'], individualReactionScores: { like: 5 } });
    refuse = true;
    await expect(posts.react(list.items()[0], 'love')).rejects.toThrow('too fast');
    await waitFor(() => expect(list.items()[0].meta).toEqual({ score: 5, userReactions: ['like'], individualReactionScores: { like: 5 } }));
  });

  it('joins the target room while watched, again after a reconnect, and reads the first page again', async () => {
    let served = 0;
    const { posts, layer } = slice(() => page([item({ id: `p${++served}`, created: served })]));
    const emitted: [string, unknown][] = [];
    layer.attachRealtime({ emit: (event, payload) => emitted.push([event, payload]) });
    layer.connected();
    const leave = posts.watch('page-1');
    const list = posts.lists.get(listKeyOf(key));
    const unmount = list.mount();
    await list.load();
    expect(list.items().map((i) => i.id)).toEqual(['p1']);
    layer.connected();
    await waitFor(() => expect(list.items().map((i) => i.id)).toEqual(['p2']));
    leave();
    unmount();
    expect(emitted).toEqual([
      ['communications:subscribe', { id: 'page-1' }],
      ['communications:subscribe', { id: 'page-1' }],
      ['communications:unsubscribe', { id: 'page-1' }],
    ]);
  });
});
