import { beforeAll, expect, it } from 'vitest';
import type { Block, Field, Module, Page } from '../../schemas/model';
import type { PageResponse, RevertTokenResponse, StructureResponse } from '../../schemas/model/api/structure';
import { describeBackends } from '../helpers/backends';
import { loadRegistry } from '../../registry/loader';

/** The block types an admin can add: those whose component ships. */
const availableBlockTypes = Object.values(loadRegistry().blocks)
  .filter((b) => b.status === 'available')
  .map((b) => b.type)
  .sort();

describeBackends('structure API', { env: { REVERT_WINDOW_MS: '1500' } }, (api) => {
  let admin: string;
  let elena: string;
  let maya: string;
  beforeAll(async () => {
    [admin, elena, maya] = await Promise.all([api.signIn('admin'), api.signIn('elena'), api.signIn('maya')]);
  });
  const page = async (id: string, token = admin) => (await api.call<PageResponse>('GET', `structure/page/${id}`, { token })).body;

  it('reads structure, a module by slug and id, templates, search, admin view', async () => {
    const s = (await api.call<StructureResponse>('GET', 'structure', { token: maya })).body;
    expect(s.modules.reduce((n, m) => n + m.pages.length, 0)).toBeGreaterThanOrEqual(9);
    expect((await api.call<Module>('GET', 'structure/community', { token: maya })).body.id).toBe('community');
    expect((await api.call('GET', 'structure/nowhere', { token: maya })).status).toBe(404);
    expect((await api.call<Module>('GET', 'structure/module/slug/resources', { token: maya })).body.id).toBe('resources');
    expect((await api.call<Module>('GET', 'structure/module/home', { token: maya })).body.slug).toBe('home');
    expect((await api.call<Module[]>('GET', 'structure/module', { token: maya })).body.length).toBe(7);
    expect((await api.call<Module[]>('GET', 'structure/templates/modules', { token: maya })).body.map((m) => m.id)).toEqual(['global']);
    const search = await api.call<{ items: Module[]; total: number }>('GET', 'structure/module/search?typesToLoad=normal&limit=2&sortBy=name', {
      token: admin,
    });
    expect(search.body.total).toBe(6);
    expect(search.body.items.map((m) => m.name)).toEqual(['Community', 'Home']);
    expect((await api.call('GET', 'structure/module/adminView', { token: maya })).status).toBe(403);
    expect((await api.call<Module[]>('GET', 'structure/module/adminView', { token: admin })).body.length).toBe(7);
    expect((await api.call<Page[]>('GET', 'structure/page/adminView', { token: admin })).body.length).toBe(28); // with resources/share, people/find, people/favourites, people/map, members-area/volunteer, community/discussions and feed (the posts demo) and the six pages of spaces (the entities demo)
    const pages = await api.call<{ items: Page[] }>('GET', 'structure/page/search?moduleId=members-area', { token: maya });
    expect(pages.body.items.map((p) => p.id)).toEqual(['lounge', 'volunteer', 'my-settings', 'notice-board']);
  });

  it('pages a user may not view answer 404', async () => {
    expect((await api.call('GET', 'structure/page/volunteers', { token: maya })).status).toBe(404);
    expect((await api.call('GET', 'structure/block/vol-keys', { token: maya })).status).toBe(404);
    expect((await api.call('GET', 'structure/block/vol-keys/amISubscribable', { token: maya })).body).toEqual({ subscribable: false });
    expect((await api.call('GET', 'structure/block/lounge-intro/amISubscribable', { token: maya })).body).toEqual({ subscribable: true });
    const loaded = await api.call<Block[]>('POST', 'structure/block/loadMultiple', { token: maya, body: { ids: ['vol-keys', 'lounge-intro', 'faq-1'] } });
    expect(loaded.body.map((b) => b.id).sort()).toEqual(['faq-1', 'lounge-intro']);
  });

  it('modules: create, update, property, order, moveChild, delete and revert', async () => {
    const created = await api.call<Module>('PUT', 'structure/module', { token: admin, body: { module: { slug: 'workshop', name: 'Workshop' } } });
    expect(created.status).toBe(200);
    const id = created.body.id;
    expect((await api.call('PUT', 'structure/module', { token: admin, body: { module: { slug: 'workshop', name: 'Again' } } })).status).toBe(400);
    const updated = await api.call<Module>('POST', `structure/module/${id}`, {
      token: admin,
      body: { module: { slug: 'workshop', name: 'The workshop', revision: created.body.revision } },
    });
    expect(updated.body).toMatchObject({ name: 'The workshop', revision: 2 });
    // A stale revision is a conflict.
    expect(
      (await api.call('POST', `structure/module/${id}`, { token: admin, body: { module: { slug: 'workshop', name: 'Stale', revision: 1 } } })).status,
    ).toBe(409);
    expect(
      (await api.call<Module>('POST', `structure/module/${id}/property`, { token: admin, body: { key: 'hideFromNav', value: true } })).body.hideFromNav,
    ).toBe(true);
    expect((await api.call('POST', `structure/module/${id}/property`, { token: admin, body: { key: 'hideFromNav', value: 'yes' } })).status).toBe(400);
    const order = ['community', 'home', 'resources', 'members-area', 'people', 'spaces', 'global', id];
    expect((await api.call('POST', 'structure/module/order/', { token: admin, body: { order } })).status).toBe(200);
    expect((await api.call<StructureResponse>('GET', 'structure', { token: admin })).body.order).toEqual(order);
    expect((await api.call('POST', 'structure/module/order/', { token: admin, body: { order: ['nope'] } })).status).toBe(400);
    // Move the FAQ page into the new module and back.
    const moved = await api.call<Page>('POST', `structure/module/resources/moveChild/faq/target/${id}`, { token: admin });
    expect(moved.body.moduleId).toBe(id);
    expect((await api.call<Module>('GET', `structure/module/${id}`, { token: admin })).body.childIds).toEqual(['faq']);
    await api.call('POST', `structure/module/${id}/moveChild/faq/target/resources`, { token: admin });
    expect((await api.call<Module>('GET', 'structure/module/resources', { token: admin })).body.childIds).toContain('faq');
    // Delete gives a revert token; revert brings the module back where it was.
    const del = await api.call<RevertTokenResponse>('DELETE', `structure/module/${id}`, { token: admin });
    expect(del.body.revertToken).toMatch(/^\S{16,}$/);
    expect((await api.call('GET', `structure/module/${id}`, { token: admin })).status).toBe(404);
    expect((await api.call('POST', 'structure/revert', { token: admin, body: { token: del.body.revertToken } })).status).toBe(200);
    expect((await api.call<StructureResponse>('GET', 'structure', { token: admin })).body.order).toEqual(order);
    expect((await api.call('POST', 'structure/revert', { token: admin, body: { token: del.body.revertToken } })).status).toBe(404);
  });

  it('pages: create, update, property, order, addChild, addChildren, delete and revert', async () => {
    const created = await api.call<Page>('PUT', 'structure/page', { token: admin, body: { moduleId: 'home', page: { slug: 'calendar', name: 'Calendar' } } });
    expect(created.status).toBe(200);
    const id = created.body.id;
    expect((await api.call('PUT', 'structure/page', { token: admin, body: { moduleId: 'home', page: { slug: 'news', name: 'Dup' } } })).status).toBe(400);
    expect(
      (await api.call<Page>('POST', `structure/page/${id}`, { token: admin, body: { page: { slug: 'calendar', name: 'Calendar of events', width: 'fluid' } } }))
        .body.width,
    ).toBe('fluid');
    expect((await api.call<Page>('POST', `structure/page/${id}/property`, { token: admin, body: { key: 'hideFromNav', value: true } })).body.hideFromNav).toBe(
      true,
    );
    const order = [id, 'welcome', 'news'];
    expect((await api.call<Module>('POST', 'structure/page/order', { token: admin, body: { moduleId: 'home', order } })).body.childIds).toEqual(order);
    expect((await api.call('POST', 'structure/page/order', { token: admin, body: { moduleId: 'home', order: ['welcome'] } })).status).toBe(400);
    // addChild moves an existing block onto the page at an index; addChildren moves several.
    await api.call('PUT', `structure/page/${id}/addChild/news-1/0`, { token: admin });
    const added = await api.call<Page>('POST', `structure/page/${id}/addChildren/1`, { token: admin, body: { childrenIds: ['news-2', 'news-3'] } });
    expect(added.body.children).toEqual(['news-1', 'news-2', 'news-3']);
    expect((await page('news')).page.children).toEqual(['news-carousel', 'news-rules-modal', 'news-4']);
    expect((await page(id)).blocks.map((b) => b.id)).toEqual(['news-1', 'news-2', 'news-3']);
    const del = await api.call<RevertTokenResponse>('DELETE', `structure/page/home/${id}`, { token: admin });
    expect((await api.call('GET', `structure/page/${id}`, { token: admin })).status).toBe(404);
    expect((await api.call('GET', 'structure/block/news-1', { token: admin })).status).toBe(404); // its blocks went with it
    await api.call('POST', 'structure/revert', { token: admin, body: { token: del.body.revertToken } });
    expect((await page(id)).page.name).toBe('Calendar of events');
    expect((await page(id)).blocks.map((b) => b.id)).toEqual(['news-1', 'news-2', 'news-3']);
    expect((await api.call<Module>('GET', 'structure/module/home', { token: admin })).body.childIds).toEqual(order);
  });

  it('blocks: create with defaults and related, update, property, children, move, clone, delete with position and revert', async () => {
    const created = await api.call<{ block: Block; related: Block[] }>('PUT', 'structure/block', {
      token: admin,
      body: {
        pageId: 'faq',
        block: { type: 'callout', options: { body: 'Ask us anything.' } },
        colIndex: 1,
        index: 0,
        defaults: true,
        related: [{ type: 'plainText', options: { text: 'Related note' } }],
      },
    });
    expect(created.status).toBe(200);
    const b = created.body.block;
    expect(b.options).toEqual({ tone: 'info', body: 'Ask us anything.' });
    expect(b.relatedBlocks?.display).toEqual([created.body.related[0].id]);
    expect((await page('faq')).page.positions?.['col-1']).toEqual([b.id]);
    const updated = await api.call<Block>('POST', `structure/block/${b.id}`, {
      token: admin,
      body: { block: { ...b, options: { tone: 'success', body: 'Answered.' } } },
    });
    expect(updated.body.options).toEqual({ tone: 'success', body: 'Answered.' });
    expect((await api.call('POST', `structure/block/${b.id}`, { token: admin, body: { block: { ...b, revision: 1 } } })).status).toBe(409);
    expect((await api.call<Block>('POST', `structure/block/${b.id}/property`, { token: admin, body: { key: 'showTitle', value: true } })).body.showTitle).toBe(
      true,
    );
    const bulk = await api.call<Block[]>('POST', 'structure/block', {
      token: admin,
      body: {
        blocks: [
          { id: 'faq-1', type: 'plainText', options: { text: 'Own tools? Yes.' } },
          { id: 'faq-2', type: 'plainText', options: { text: 'Storage: one shelf.' } },
        ],
      },
    });
    expect(bulk.body.map((x) => x.options?.text)).toEqual(['Own tools? Yes.', 'Storage: one shelf.']);
    // A callout holds no children; a section does. asParentFor moves existing blocks into the new one.
    expect((await api.call<{ message: string }>('POST', `structure/block/${b.id}/0/0/faq-3`, { token: admin })).body.message).toContain(
      'cannot hold child blocks',
    );
    const section = await api.call<{ block: Block }>('PUT', 'structure/block', {
      token: admin,
      body: { pageId: 'faq', block: { type: 'container', options: { maxWidthPx: 800 } }, index: 0, asParentFor: ['faq-3'] },
    });
    expect(section.body.block.children).toEqual(['faq-3']);
    const s = section.body.block.id;
    expect((await page('faq')).page.children).not.toContain('faq-3');
    await api.call('POST', `structure/block/${s}/0/1/${b.id}`, { token: admin });
    const parent = await api.call<Block>('POST', `structure/block/${s}/1/0`, { token: admin, body: { childrenIds: ['faq-2'] } });
    expect(parent.body.positions).toEqual({ 'col-0': ['faq-3', b.id], 'col-1': ['faq-2'] });
    const inner = await api.call<{ block: Block }>('PUT', 'structure/block', {
      token: admin,
      body: { parentId: s, block: { type: 'container', options: {} } },
    });
    expect((await api.call('POST', `structure/block/${inner.body.block.id}/0/0/${s}`, { token: admin })).status).toBe(400); // into its own descendant
    // Move the section (with its children) to the guides page.
    const move = await api.call('POST', 'structure/block/move', {
      token: admin,
      body: { fromPageId: 'faq', toPageId: 'guides', updates: [{ id: s, colIndex: 0, index: 0 }] },
    });
    expect(move.status).toBe(200);
    const guides = await page('guides');
    expect(guides.page.children?.[0]).toBe(s);
    expect(guides.blocks.map((x) => x.id)).toEqual(expect.arrayContaining([s, b.id, 'faq-2', 'faq-3', inner.body.block.id]));
    expect((await page('faq')).blocks.map((x) => x.id)).not.toContain('faq-2');
    // Clone a block tree with new ids: the section, its four children and the callout's related block.
    const clone = await api.call<Block[]>('POST', 'structure/block/clone', { token: admin, body: { ids: [s], toPageId: 'tool-library', index: 0 } });
    expect(clone.body[0].id).not.toBe(s);
    expect(clone.body[0].children).toHaveLength(4);
    expect((await page('tool-library')).blocks).toHaveLength(5 + 6); // the demo page's five blocks and the cloned six
    // Delete with the parent position: wrong position is refused, right one marks it deleted.
    expect((await api.call('DELETE', `structure/block/${s}/page/guides/0/3`, { token: admin })).status).toBe(400);
    const del = await api.call<RevertTokenResponse>('DELETE', `structure/block/${s}/page/guides/0/0`, { token: admin });
    expect(del.status).toBe(200);
    expect((await page('guides')).blocks.map((x) => x.id)).not.toContain(b.id);
    expect((await api.call('GET', `structure/block/${b.id}`, { token: admin })).status).toBe(404);
    await api.call('POST', 'structure/revert', { token: admin, body: { token: del.body.revertToken } });
    expect((await page('guides')).page.children?.[0]).toBe(s);
    expect((await api.call<Block>('GET', `structure/block/${b.id}`, { token: admin })).body.wasDeleted).toBeUndefined();
    // Without revert, the block is removed for good once the window ends.
    const gone = await api.call<RevertTokenResponse>('DELETE', 'structure/block/tools-donate', { token: admin });
    expect(gone.status).toBe(200);
    await new Promise((r) => setTimeout(r, 2500));
    expect((await api.call('POST', 'structure/revert', { token: admin, body: { token: gone.body.revertToken } })).status).toBe(404);
    expect((await api.call<Block[]>('GET', 'structure/block', { token: admin })).body.map((x) => x.id)).not.toContain('tools-donate');
  });

  it('block listing, search and templates', async () => {
    expect((await api.call('GET', 'structure/block', { token: maya })).status).toBe(403);
    const search = await api.call<{ items: Block[]; total: number }>('GET', 'structure/block/search?type=callout&limit=50', { token: admin });
    expect(search.body.items.every((b) => b.type === 'callout')).toBe(true);
    expect(search.body.total).toBeGreaterThanOrEqual(10);
    const templates = await api.call<{ type: string; defaults: object }[]>('GET', 'structure/block/templates', { token: maya });
    expect(templates.body.map((t) => t.type).sort()).toEqual(availableBlockTypes);
  });

  it('fields: create on a block and a field, update, tag, defaults, addField, delete and revert', async () => {
    const field = await api.call<Field>('POST', 'structure/field', {
      token: admin,
      body: { itemId: 'faq-contact', itemType: 'block', field: { key: 'question', type: 'repeater', label: 'Questions', tags: ['faq'], default: [] } },
    });
    expect(field.status).toBe(200);
    const child = await api.call<Field>('POST', 'structure/field', {
      token: admin,
      body: { itemId: field.body.id, itemType: 'field', field: { key: 'detail', type: 'text' } },
    });
    expect(child.status).toBe(200);
    expect(
      (await api.call('POST', 'structure/field', { token: admin, body: { itemId: child.body.id, itemType: 'field', field: { type: 'text' } } })).status,
    ).toBe(400); // a text field holds no children
    expect(
      (await api.call('POST', 'structure/field', { token: admin, body: { itemId: 'faq-contact', itemType: 'block', field: { type: 'hologram' } } })).status,
    ).toBe(400);
    expect(
      (
        await api.call('POST', 'structure/field', {
          token: admin,
          body: { itemId: 'faq-contact', itemType: 'block', field: { type: 'rating', opts: { length: 0 } } },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api.call('POST', 'structure/field', {
          token: admin,
          body: { itemId: 'faq-contact', itemType: 'block', field: { type: 'text', validation: { date_after: { date: '2020-01-01' } } } },
        })
      ).status,
    ).toBe(400);
    const faq = await page('faq');
    expect(faq.fields.map((f) => f.id).sort()).toEqual([field.body.id, child.body.id].sort());
    // Adding the child bumped the parent's revision: the copy from before is stale.
    expect(
      (await api.call('PUT', 'structure/field', { token: admin, body: { itemId: 'faq-contact', itemType: 'block', field: { ...field.body, label: 'Stale' } } }))
        .status,
    ).toBe(409);
    const upd = await api.call<Field>('PUT', 'structure/field', {
      token: admin,
      body: { itemId: 'faq-contact', itemType: 'block', field: { ...field.body, revision: 2, label: 'Your question' } },
    });
    expect(upd.body).toMatchObject({ label: 'Your question', childIds: [child.body.id] });
    expect((await api.call<Field[]>('GET', 'structure/field/tag/faq', { token: maya })).body.map((f) => f.id)).toEqual([field.body.id]);
    expect((await api.call('GET', `structure/field/default/${field.body.id}`, { token: maya })).body).toEqual({ fieldId: field.body.id, value: [] });
    expect((await api.call('POST', 'structure/field/default/getMany', { token: maya, body: { fieldIds: [field.body.id, child.body.id] } })).body).toEqual({
      [field.body.id]: [],
      [child.body.id]: null,
    });
    const all = await api.call<{ fields: Field[]; schemas: Record<string, object> }>('GET', 'structure/field?withSchemas=true', { token: admin });
    expect(all.body.schemas.text).toEqual({ type: 'string' });
    await api.call('PUT', `structure/block/faq-1/addField/${child.body.id}`, { token: admin });
    expect((await api.call<Block>('GET', 'structure/block/faq-1', { token: admin })).body.fields).toEqual([child.body.id]);
    expect((await api.call('DELETE', `structure/field/${field.body.id}/block/faq-1`, { token: admin })).status).toBe(404);
    const del = await api.call<RevertTokenResponse>('DELETE', `structure/field/${field.body.id}/block/faq-contact`, { token: admin });
    expect((await api.call<Block>('GET', 'structure/block/faq-contact', { token: admin })).body.fields).toEqual([]);
    await api.call('POST', 'structure/revert', { token: admin, body: { token: del.body.revertToken } });
    expect((await api.call<Block>('GET', 'structure/block/faq-contact', { token: admin })).body.fields).toEqual([field.body.id]);
    await api.call('DELETE', `structure/field/${child.body.id}`, { token: admin });
    expect((await api.call<Block>('GET', 'structure/block/faq-1', { token: admin })).body.fields).toEqual([]);
    expect((await api.call<Field>('GET', `structure/field/default/${child.body.id}`, { token: admin })).status).toBe(404);
  });

  it('comments and reactions on a block', async () => {
    const c = await api.call<{ id: string; comment: string }>('PUT', 'structure/block/lounge-swap/comment', {
      token: maya,
      body: { comment: 'Took two oak offcuts, thanks!' },
    });
    expect(c.status).toBe(200);
    expect((await api.call('PUT', 'structure/block/vol-keys/comment', { token: maya, body: { comment: 'sneaky' } })).status).toBe(404);
    expect(
      (await api.call('POST', `structure/block/lounge-swap/comment/${c.body.id}`, { token: elena, body: { comment: 'Edited by someone else' } })).status,
    ).toBe(403);
    expect(
      (await api.call<{ comment: string }>('POST', `structure/block/lounge-swap/comment/${c.body.id}`, { token: maya, body: { comment: 'Took three.' } })).body
        .comment,
    ).toBe('Took three.');
    const liked = await api.call('POST', `structure/block/lounge-swap/setReaction/${c.body.id}`, { token: elena, body: { reactionId: 'like' } });
    expect(liked.body).toEqual({ score: 1, userReactions: ['like'], individualReactionScores: { like: 1 } });
    const both = await api.call('POST', `structure/block/lounge-swap/setReaction/${c.body.id}`, { token: maya, body: { reactionId: 'like' } });
    expect(both.body).toEqual({ score: 2, userReactions: ['like'], individualReactionScores: { like: 2 } });
    const undone = await api.call('POST', `structure/block/lounge-swap/setReaction/${c.body.id}`, { token: maya, body: { reactionId: 'like' } });
    expect(undone.body).toEqual({ score: 1, userReactions: [], individualReactionScores: { like: 1 } });
    expect((await api.call('POST', 'structure/block/lounge-swap/recalculatePostScores', { token: admin })).body).toEqual({ recalculated: 1 });
  });

  it('slug validation counts other items using the slug', async () => {
    expect((await api.call('GET', 'page/home/x/slug/news/validate', { token: maya })).body).toEqual({ unique: false, number: 1 });
    expect((await api.call('GET', 'page/home/news/slug/news/validate', { token: maya })).body).toEqual({ unique: true, number: 0 });
    expect((await api.call('GET', 'module/x/slug/brand-new/validate', { token: maya })).body).toEqual({ unique: true, number: 0 });
    expect((await api.call('GET', 'planet/x/slug/a/validate', { token: maya })).status).toBe(400);
  });

  it('item permissions: elevated users fall back to base paths; item grants override; members see none', async () => {
    // elena (elevated) may manage page settings by base path, but not add modules.
    expect((await api.call('POST', 'structure/page/guides/property', { token: elena, body: { key: 'name', value: 'Guides and how-tos' } })).status).toBe(200);
    expect((await api.call('PUT', 'structure/module', { token: elena, body: { module: { slug: 'mine', name: 'Mine' } } })).status).toBe(403);
    // An item grant denying manageSettings on one page wins over the base path.
    expect((await api.call('POST', 'structure/permissions/faq', { token: admin, body: { permissions: { manageSettings: false } } })).status).toBe(200);
    expect((await api.call('POST', 'structure/page/faq/property', { token: elena, body: { key: 'name', value: 'Nope' } })).status).toBe(403);
    expect((await api.call('GET', 'structure/permissions/faq', { token: elena })).body).toEqual({ manageSettings: false });
    expect((await api.call('GET', 'structure/permissions', { token: admin })).body).toMatchObject({ faq: { manageSettings: false } });
    expect((await api.call('GET', 'structure/permissions', { token: maya })).body).toEqual({});
    expect((await api.call('GET', 'structure/permissions/faq', { token: maya })).status).toBe(403);
    expect((await api.call('POST', 'structure/permissions/faq', { token: elena, body: { permissions: { manageSettings: true } } })).status).toBe(403);
    expect((await api.call('GET', 'userLists/permissions/byList/makers', { token: admin })).body).toEqual({});
    expect((await api.call('GET', 'userLists/permissions/byList/makers', { token: maya })).status).toBe(403);
  });
});
