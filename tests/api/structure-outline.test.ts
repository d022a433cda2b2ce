/**
 * The structure outline of the admin areas `layouts` and `blocks` (issue 34, part 7), on SQLite
 * and PostgreSQL: the tree the caller may see (a page restricted to a list Elena is not in, and
 * its blocks, are not in hers), the flat block list, one block's details for a caller with update
 * on it, draft status for editors, the cap; each refused to a member (Maya) and to staff without
 * the area's grant (Elena has no read on blocks), and a bad cap refused naming it.
 */
import { beforeAll, expect, it } from 'vitest';
import type { AdminBlockDetailResponse, AdminBlocksResponse, OutlineNode, StructureOutlineResponse } from '../../schemas/model/api/structure-admin';
import { describeBackends } from '../helpers/backends';

const ids = (nodes: OutlineNode[]): string[] => nodes.flatMap((n) => [n.id, ...ids(n.children)]);
const find = (nodes: OutlineNode[], id: string): OutlineNode | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = find(n.children, id);
    if (hit) return hit;
  }
  return undefined;
};

describeBackends('structure outline: admin layouts and blocks', (api) => {
  let admin: string;
  let maya: string;
  let elena: string;
  beforeAll(async () => {
    [admin, maya, elena] = await Promise.all([api.signIn('admin'), api.signIn('maya'), api.signIn('elena')]);
    const put = async (path: string, body: unknown) => {
      const res = await api.call('PUT', path, { token: admin, body });
      if (res.status !== 200) throw new Error(`PUT ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    };
    await put('structure/page', {
      moduleId: 'members-area',
      page: { id: 'outline-vol', slug: 'outline-vol', name: 'Volunteers corner', visibility: { userListIds: ['volunteers'] } },
    });
    await put('structure/block', {
      pageId: 'outline-vol',
      block: { id: 'outline-vol-text', type: 'plainText', name: 'Rota notice', options: { text: 'Volunteers only' } },
    });
    await put('structure/block', {
      pageId: 'outline-vol',
      block: { id: 'outline-vol-hidden', type: 'plainText', options: { text: 'x' }, visibility: { visibleOnMobile: false } },
    });
  });

  it('the admin gets the whole tree: modules, pages, blocks with children, visibility and counts', async () => {
    const res = await api.call<StructureOutlineResponse>('GET', 'admin/layouts/outline', { token: admin });
    expect(res.status).toBe(200);
    const { modules, counts, truncated, cap } = res.body;
    expect(truncated).toBe(false);
    expect(cap).toBe(5000);
    expect(modules.map((m) => m.kind)).toEqual(modules.map(() => 'module'));
    const page = find(modules, 'outline-vol')!;
    expect(page).toMatchObject({ kind: 'page', title: 'Volunteers corner', moduleId: 'members-area', visibility: { lists: 1 }, status: 'published' });
    expect(page.children.map((b) => b.id)).toEqual(['outline-vol-text', 'outline-vol-hidden']);
    expect(page.children[0]).toMatchObject({ kind: 'block', type: 'plainText', title: 'Rota notice', pageId: 'outline-vol', visibility: {} });
    expect(page.children[1].visibility).toEqual({ hiddenOn: ['mobile'] });
    expect(counts.modules).toBe(modules.length);
    expect(counts.pages).toBeGreaterThan(3);
    expect(counts.blocks).toBe(ids(modules).length - counts.modules - counts.pages);
    // The demo's home page holds its news blocks.
    expect(find(modules, 'news')!.children.map((b) => b.id)).toContain('news-1');
  });

  it("Elena's tree leaves out what she may not view; Maya is refused", async () => {
    const res = await api.call<StructureOutlineResponse>('GET', 'admin/layouts/outline', { token: elena });
    expect(res.status).toBe(200);
    const seen = ids(res.body.modules);
    expect(seen).toContain('news-1');
    expect(seen).not.toContain('outline-vol');
    expect(seen).not.toContain('outline-vol-text');
    expect(JSON.stringify(res.body)).not.toContain('Volunteers corner');
    const member = await api.call<{ message: string }>('GET', 'admin/layouts/outline', { token: maya });
    expect(member.status).toBe(403);
    expect(member.body.message).toContain('admins and elevated users only');
    expect((await api.call('GET', 'admin/layouts/outline')).status).toBe(401);
  });

  it('the block list: every block with its page and module; refused to Maya and to Elena (no read on blocks)', async () => {
    const res = await api.call<AdminBlocksResponse>('GET', 'admin/blocks', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.items.find((b) => b.id === 'outline-vol-text')).toMatchObject({
      type: 'plainText',
      title: 'Rota notice',
      pageId: 'outline-vol',
      pageName: 'Volunteers corner',
      moduleId: 'members-area',
      childCount: 0,
      status: 'published',
    });
    for (const token of [maya, elena]) {
      const refused = await api.call<{ message: string }>('GET', 'admin/blocks', { token });
      expect(refused.status).toBe(403);
    }
    expect((await api.call<{ message: string }>('GET', 'admin/blocks', { token: elena })).body.message).toContain('read on items.blocks');
  });

  it("a block's details for the caller with update on it; unknown is 404, others 403", async () => {
    const res = await api.call<AdminBlockDetailResponse>('GET', 'admin/blocks/outline-vol-text', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ moduleSlug: 'members-area', pageSlug: 'outline-vol', options: { text: 'Volunteers only' }, permissions: {} });
    expect(res.body.block).toMatchObject({ id: 'outline-vol-text', pageId: 'outline-vol' });
    const unknown = await api.call<{ message: string }>('GET', 'admin/blocks/no-such-block', { token: admin });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('no-such-block');
    expect((await api.call('GET', 'admin/blocks/outline-vol-text', { token: maya })).status).toBe(403);
    expect((await api.call('GET', 'admin/blocks/news-1', { token: elena })).status).toBe(403);
  });

  it('drafts made in edit mode show as draft changes to editors', async () => {
    const DRAFTS = { 'x-tessera-drafts': '1' };
    const edited = await api.call('POST', 'structure/block/outline-vol-text/property', {
      token: admin,
      body: { key: 'options', value: { text: 'Draft rota' } },
      headers: DRAFTS,
    });
    expect(edited.status).toBe(200);
    const added = await api.call('PUT', 'structure/block', {
      token: admin,
      body: { pageId: 'outline-vol', block: { id: 'outline-vol-new', type: 'plainText', options: { text: 'n' } } },
      headers: DRAFTS,
    });
    expect(added.status).toBe(200);
    const { modules } = (await api.call<StructureOutlineResponse>('GET', 'admin/layouts/outline', { token: admin })).body;
    expect(find(modules, 'outline-vol-text')!.status).toBe('draftChanged');
    expect(find(modules, 'outline-vol-new')!.status).toBe('draftNew');
    expect(find(modules, 'outline-vol-hidden')!.status).toBe('published');
    const discarded = await api.call('POST', 'structure/drafts/discard', { token: admin, body: { all: true }, headers: DRAFTS });
    expect(discarded.status).toBe(200);
    expect(find((await api.call<StructureOutlineResponse>('GET', 'admin/layouts/outline', { token: admin })).body.modules, 'outline-vol-new')).toBeUndefined();
  });

  it('the cap: a smaller one truncates with the note; a bad one is 400 naming cap', async () => {
    const capped = await api.call<StructureOutlineResponse>('GET', 'admin/layouts/outline?cap=1', { token: admin });
    expect(capped.status).toBe(200);
    expect(capped.body).toMatchObject({ cap: 1, truncated: true });
    expect(capped.body.counts.blocks).toBeLessThanOrEqual(1);
    for (const bad of ['0', '-1', 'many', '5001', '1.5']) {
      const res = await api.call<{ message: string }>('GET', `admin/layouts/outline?cap=${bad}`, { token: admin });
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toContain('cap');
    }
  });
});
