/** POST structure/block/paste: the clipboard's copies with new ids, one request, checked before anything is written. */
import { beforeAll, expect, it } from 'vitest';
import { copyBlocks, snapshotOf } from '../../engine/core';
import type { Block } from '../../schemas/model';
import type { BlockPasteRequest, PageResponse } from '../../schemas/model/api/structure';
import { describeBackends } from '../helpers/backends';

describeBackends('block paste', (api, backend) => {
  let admin: string;
  let maya: string;
  beforeAll(async () => {
    [admin, maya] = await Promise.all([api.signIn('admin'), api.signIn('maya')]);
  });
  const page = async (id: string) => (await api.call<PageResponse>('GET', `structure/page/${id}`, { token: admin })).body;
  let n = 0;
  /** The groups page's tabs (three tabs, each a container with a card) copied with new ids, to the top of the FAQ page. */
  async function copiedTabs(): Promise<BlockPasteRequest> {
    const groups = await page('groups');
    const copy = copyBlocks(snapshotOf(groups, ['groups-tabs']), { newId: (kind) => `paste-${backend}-${kind}-${++n}` });
    return {
      pageId: 'faq',
      parentType: 'page',
      parentId: 'faq',
      colIndex: 0,
      index: 0,
      roots: copy.roots,
      blocks: copy.blocks,
      ...(copy.fields ? { fields: copy.fields } : {}),
    };
  }
  const paste = (body: unknown, token = admin) => api.call<Block[]>('POST', 'structure/block/paste', { token, body });

  it('pastes a deep copy onto another page in one request: new ids throughout, the original stays', async () => {
    const before = await page('groups');
    const request = await copiedTabs();
    // The tabs, three containers, their cards and what the cards relate to.
    expect(request.blocks.length).toBeGreaterThanOrEqual(7);
    for (const b of request.blocks) expect(before.blocks.map((x) => x.id)).not.toContain(b.id);
    const res = await paste(request);
    expect(res.status).toBe(200);
    expect(res.body.map((b) => b.id)).toEqual(request.roots);
    const faq = await page('faq');
    const root = faq.blocks.find((b) => b.id === request.roots[0])!;
    expect(faq.page.positions?.['col-0']?.[0]).toBe(root.id);
    expect(root).toMatchObject({ type: 'tabs' });
    expect(root.children).toHaveLength(3);
    // Each tab and its first block are copies of the original's, under new ids.
    const inBefore = (id: string) => before.blocks.find((b) => b.id === id)!;
    const originalTabs = inBefore('groups-tabs').children!;
    root.children!.forEach((id, i) => {
      const tab = faq.blocks.find((b) => b.id === id)!;
      expect(tab.id).not.toMatch(/^groups-/);
      const original = inBefore(inBefore(originalTabs[i]).children![0]);
      const copy = faq.blocks.find((b) => b.id === tab.children![0])!;
      expect(copy.id).not.toBe(original.id);
      expect(copy).toMatchObject({ type: original.type, options: original.options });
    });
    const ids = request.blocks.map((b) => b.id);
    expect(faq.blocks.map((b) => b.id)).toEqual(expect.arrayContaining(ids));
    expect(await page('groups')).toEqual(before);
  });

  it('refuses ids already taken (409), a parent that does not resolve (404), and bad blocks (400), writing nothing', async () => {
    const request = await copiedTabs();
    expect((await paste(request)).status).toBe(200);
    const faq = await page('faq');
    const again = await paste(request);
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain('already exists');
    const fresh = await copiedTabs();
    const gone = await paste({ ...fresh, parentType: 'block', parentId: 'no-such-block' });
    expect(gone.status).toBe(404);
    // A block of another page is not a parent on this one (spec 5.3: pasting needs a resolvable parent).
    expect((await paste({ ...fresh, parentType: 'block', parentId: 'welcome-columns' })).status).toBe(404);
    expect((await paste({ ...fresh, pageId: 'no-such-page', parentId: 'no-such-page' })).status).toBe(404);
    const wrongPage = await paste({ ...fresh, parentId: 'guides' });
    expect(wrongPage.status).toBe(400);
    expect((wrongPage.body as unknown as { message: string }).message).toContain(`parentId "guides" must be the page "faq"`);
    const loose = await paste({ ...fresh, blocks: [...fresh.blocks, { id: `loose-${backend}`, type: 'plainText', options: { text: 'x' } }] });
    expect(loose.status).toBe(400);
    expect((loose.body as unknown as { message: string }).message).toContain(`block "loose-${backend}" is under none of the pasted roots`);
    const unknown = await paste({ ...fresh, blocks: fresh.blocks.map((b, i) => (i === 0 ? { ...b, type: 'nope' } : b)) });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('unknown block type');
    expect((await paste({ ...fresh, roots: [] })).status).toBe(400);
    expect((await paste({ ...fresh, index: -1 })).status).toBe(400);
    expect(await page('faq')).toEqual(faq);
  });

  it('checks permissions before writing: members 403, no session 401', async () => {
    const request = await copiedTabs();
    const faq = await page('faq');
    expect((await paste(request, maya)).status).toBe(403);
    expect((await api.call('POST', 'structure/block/paste', { body: request })).status).toBe(401);
    expect(await page('faq')).toEqual(faq);
  });
});
