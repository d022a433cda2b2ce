/**
 * The demo site as its two members see it (docs/demo.md): Victor is in the volunteers list, Maya
 * in the makers list. Page visibility (list ids and rule queries) is decided on the server by the
 * engine's pageVisibility; list-only blocks travel with their page and the engine decides them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistry, createRuleEngine, decideBlockVisibility } from '../../engine/core';
import type { Block } from '../../schemas/model';
import type { InitResponse, PageResponse, StructureResponse } from '../../schemas/model/api';
import { loadRegistry } from '../../registry/loader';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';

const membersArea = (s: StructureResponse) => s.modules.find((m) => m.id === 'members-area')!.pages.map((p) => p.id);
const initFor = (pageId: string) => `init?opts=${encodeURIComponent(JSON.stringify({ pageId }))}`;

describe.each(BACKENDS)('demo site visibility per list on %s', (backend) => {
  let api: ApiServer;
  let admin: string;
  let maya: string;
  let victor: string;
  beforeAll(async () => {
    api = await startApiServer(backend);
    [admin, maya, victor] = await Promise.all([api.signIn('admin'), api.signIn('maya'), api.signIn('victor')]);
  });
  afterAll(async () => api?.close());

  it('the volunteer and the maker each get the notice board with all its blocks, list-only ones included', async () => {
    for (const token of [maya, victor]) {
      const init = (await api.call<InitResponse>('GET', initFor('notice-board'), { token })).body;
      expect(init.page?.page.id).toBe('notice-board');
      expect(init.page!.blocks.map((b) => b.id)).toEqual(expect.arrayContaining(['notice-intro', 'notice-volunteers-only', 'notice-makers-only', 'notice-all']));
      const page = await api.call<PageResponse>('GET', 'structure/page/notice-board', { token });
      expect(page.status).toBe(200);
      expect(page.body.blocks).toHaveLength(4);
    }
  });

  it('the list-only blocks, decided by the engine over what the server sent, show to their list only', async () => {
    const engine = createRuleEngine(createRegistry(loadRegistry()));
    const shown = async (token: string, accountId: string) => {
      const init = (await api.call<InitResponse>('GET', initFor('notice-board'), { token })).body;
      const context = { user: { accountId, isAdmin: false, isElevated: false, listMemberships: init.user.listMemberships } };
      return init.page!.blocks.filter((b: Block) => decideBlockVisibility(b.visibility, context, engine).visible).map((b) => b.id);
    };
    expect(await shown(victor, 'victor')).toEqual(['notice-intro', 'notice-volunteers-only', 'notice-all']);
    expect(await shown(maya, 'maya')).toEqual(['notice-intro', 'notice-makers-only', 'notice-all']);
  });

  it('a page restricted to one list is hidden from the other, by list ids and by a visibility rule', async () => {
    const victorInit = (await api.call<InitResponse>('GET', 'init', { token: victor })).body;
    const mayaInit = (await api.call<InitResponse>('GET', 'init', { token: maya })).body;
    expect(membersArea(victorInit.structure)).toEqual(['volunteers', 'my-settings', 'notice-board', 'shifts']);
    expect(membersArea(mayaInit.structure)).toEqual(['lounge', 'my-settings', 'notice-board']);
    // visibility.userListIds
    expect((await api.call('GET', 'structure/page/volunteers', { token: maya })).status).toBe(404);
    expect((await api.call('GET', 'structure/page/lounge', { token: victor })).status).toBe(404);
    expect((await api.call<PageResponse>('GET', 'structure/page/lounge', { token: maya })).body.blocks.map((b) => b.id)).toContain('lounge-notice');
    // visibility.rules (a userList rule): enforced on the server, not only in navigation
    expect((await api.call('GET', 'structure/page/shifts', { token: maya })).status).toBe(404);
    expect((await api.call<InitResponse>('GET', initFor('shifts'), { token: maya })).body.page).toBeNull();
    expect((await api.call('GET', 'structure/block/shifts-cover', { token: maya })).status).toBe(404);
    const shifts = await api.call<PageResponse>('GET', 'structure/page/shifts', { token: victor });
    expect(shifts.status).toBe(200);
    expect(shifts.body.blocks.map((b) => b.id)).toEqual(['shifts-intro', 'shifts-cover']);
  });

  it('the membership-preferences form comes with its field definitions, conditional included', async () => {
    const page = (await api.call<PageResponse>('GET', 'structure/page/my-settings', { token: maya })).body;
    const form = page.blocks.find((b) => b.id === 'settings-preferences-form')!;
    expect(form.type).toBe('basicForm');
    const fields = new Map(page.fields.map((f) => [f.id, f]));
    for (const id of form.fields!) expect(fields.has(id), id).toBe(true);
    expect(fields.get('pref-volunteer-cond')?.childIds).toEqual(['pref-volunteer-days']);
    expect(fields.get('pref-volunteer-days')).toMatchObject({ label: 'Which days?', validation: { required: true } });
  });

  it("a page rule reading the user's own profile data is decided per account on the server", async () => {
    const faqIds = async (token: string) => (await api.call<StructureResponse>('GET', 'structure', { token })).body.modules.find((m) => m.id === 'resources')!.pages.map((p) => p.id);
    expect(await faqIds(maya)).toContain('faq');
    const rules = { logicalOperator: 'all', rules: [{ kind: 'userField', subject: 'volunteer', operator: 'isTrue' }] };
    expect((await api.call('POST', 'structure/page/faq/property', { token: admin, body: { key: 'visibility', value: { rules } } })).status).toBe(200);
    // Victor's profile has volunteer: true, Maya's false.
    expect(await faqIds(victor)).toContain('faq');
    expect(await faqIds(maya)).not.toContain('faq');
    expect((await api.call('GET', 'structure/page/faq', { token: maya })).status).toBe(404);
    expect((await api.call('GET', 'structure/page/faq', { token: victor })).status).toBe(200);
    // A malformed rule hides the page from members (never an error page) and the admin still sees it.
    const broken = { logicalOperator: 'all', rules: [{ kind: 'userField', subject: 'volunteer', operator: 'noSuchOperator' }] };
    expect((await api.call('POST', 'structure/page/faq/property', { token: admin, body: { key: 'visibility', value: { rules: broken } } })).status).toBe(200);
    expect((await api.call('GET', 'structure/page/faq', { token: victor })).status).toBe(404);
    expect((await api.call('GET', 'structure/page/faq', { token: admin })).status).toBe(200);
    await api.call('POST', 'structure/page/faq/property', { token: admin, body: { key: 'visibility', value: {} } });
    expect(await faqIds(maya)).toContain('faq');
  });
});
