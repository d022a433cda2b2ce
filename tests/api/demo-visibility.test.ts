/**
 * The demo site as its two members see it (docs/demo.md): Victor is in the volunteers list, Maya
 * in the makers list. Page visibility (list ids and rule queries) is decided on the server by the
 * engine's pageVisibility. List-only blocks (advanced visibility rules on the user's lists) are
 * decided on the server too: a member never receives a block meant for another list, by page,
 * block or realtime.
 */
import { beforeAll, expect, it } from 'vitest';
import { createRegistry, createRuleEngine, decideBlockVisibility } from '../../engine/core';
import type { Block } from '../../schemas/model';
import type { InitResponse } from '../../schemas/model/api/session';
import type { PageResponse, StructureResponse } from '../../schemas/model/api/structure';
import { loadRegistry } from '../../registry/loader';
import type { ItemsChanges } from '../../server/structure/realtime-events';
import { describeBackends } from '../helpers/backends';
import { emitAck, nextEvent, recordEvents, settle, socketFor } from '../helpers/sockets';

const membersArea = (s: StructureResponse) => s.modules.find((m) => m.id === 'members-area')!.pages.map((p) => p.id);
const initFor = (pageId: string) => `init?opts=${encodeURIComponent(JSON.stringify({ pageId }))}`;

describeBackends('demo site visibility per list', (api) => {
  let admin: string;
  let maya: string;
  let victor: string;
  beforeAll(async () => {
    [admin, maya, victor] = await Promise.all([api.signIn('admin'), api.signIn('maya'), api.signIn('victor')]);
  });

  const noticeIds = async (token: string) => {
    const init = (await api.call<InitResponse>('GET', initFor('notice-board'), { token })).body;
    const page = (await api.call<PageResponse>('GET', 'structure/page/notice-board', { token })).body;
    expect(page.blocks.map((b) => b.id)).toEqual(init.page!.blocks.map((b) => b.id));
    expect(page.page.children).toEqual(init.page!.page.children);
    return { blocks: page.blocks.map((b) => b.id), children: page.page.children ?? [] };
  };

  it('each member gets the notice board without the blocks meant for the other list', async () => {
    expect(await noticeIds(victor)).toEqual({
      blocks: ['notice-intro', 'notice-volunteers-only', 'notice-all'],
      children: ['notice-intro', 'notice-volunteers-only', 'notice-all'],
    });
    expect(await noticeIds(maya)).toEqual({
      blocks: ['notice-intro', 'notice-makers-only', 'notice-all'],
      children: ['notice-intro', 'notice-makers-only', 'notice-all'],
    });
    expect((await noticeIds(admin)).blocks).toEqual(expect.arrayContaining(['notice-volunteers-only', 'notice-makers-only']));
    expect((await api.call('GET', 'structure/block/notice-volunteers-only', { token: maya })).status).toBe(404);
    expect((await api.call('GET', 'structure/block/notice-volunteers-only', { token: victor })).status).toBe(200);
    const multi = await api.call<Block[]>('POST', 'structure/block/loadMultiple', {
      token: maya,
      body: { ids: ['notice-volunteers-only', 'notice-makers-only'] },
    });
    expect(multi.body.map((b) => b.id)).toEqual(['notice-makers-only']);
  });

  it('what the server sends agrees with the engine deciding in the browser', async () => {
    const engine = createRuleEngine(createRegistry(loadRegistry()));
    for (const [token, accountId] of [
      [victor, 'victor'],
      [maya, 'maya'],
    ] as const) {
      const init = (await api.call<InitResponse>('GET', initFor('notice-board'), { token })).body;
      const context = { user: { accountId, isAdmin: false, isElevated: false, listMemberships: init.user.listMemberships } };
      expect(init.page!.blocks.every((b: Block) => decideBlockVisibility(b.visibility, context, engine).visible)).toBe(true);
    }
  });

  it('a change to a list-only block reaches its list live and nothing of it reaches the other list; a block leaving a view goes as a removal', async () => {
    const [victorSocket, mayaSocket] = await Promise.all([socketFor(api.url, victor), socketFor(api.url, maya)]);
    try {
      for (const s of [victorSocket, mayaSocket]) expect((await emitAck(s, 'page:subscribe', { id: 'notice-board' })).ok).toBe(true);
      const toMaya = recordEvents(mayaSocket);
      const toVictor = nextEvent<ItemsChanges>(victorSocket, 'items:changes');
      const block = (await api.call<Block>('GET', 'structure/block/notice-volunteers-only', { token: admin })).body;
      const updated = await api.call<Block>('POST', 'structure/block/notice-volunteers-only', {
        token: admin,
        body: { block: { ...block, options: { ...block.options, body: 'Rota swap moved to Friday.' } } },
      });
      expect(updated.status).toBe(200);
      const seenByVictor = (await toVictor).items.find((c) => c.id === 'notice-volunteers-only');
      expect((seenByVictor?.item as Block).options?.body).toBe('Rota swap moved to Friday.');
      await settle();
      // Not even the id: Maya never saw the block, so she hears nothing of it.
      expect(JSON.stringify(toMaya)).not.toContain('notice-volunteers-only');

      // Opened to makers, Maya receives it; closed again, she receives its removal (she had seen it).
      const opened = nextEvent<ItemsChanges>(mayaSocket, 'items:changes');
      const rules = (list: string) => ({ logicalOperator: 'all', rules: [{ kind: 'userList', subject: '', operator: 'inListSomeSelected', value: [list] }] });
      const visibilityTo = (list: string) =>
        api.call('POST', 'structure/block/notice-volunteers-only/property', {
          token: admin,
          body: { key: 'visibility', value: { advanced: true, rules: rules(list) } },
        });
      expect((await visibilityTo('makers')).status).toBe(200);
      expect((await opened).items.find((c) => c.id === 'notice-volunteers-only')?.item).toMatchObject({ options: { body: 'Rota swap moved to Friday.' } });
      const closed = nextEvent<ItemsChanges>(mayaSocket, 'items:changes');
      expect((await visibilityTo('volunteers')).status).toBe(200);
      expect((await closed).items).toContainEqual({ kind: 'block', id: 'notice-volunteers-only', item: null });
    } finally {
      victorSocket.close();
      mayaSocket.close();
    }
  });

  it('a page restricted to one list is hidden from the other, by list ids and by a visibility rule', async () => {
    const victorInit = (await api.call<InitResponse>('GET', 'init', { token: victor })).body;
    const mayaInit = (await api.call<InitResponse>('GET', 'init', { token: maya })).body;
    expect(membersArea(victorInit.structure)).toEqual(['volunteers', 'volunteer', 'my-settings', 'notice-board', 'shifts']);
    expect(membersArea(mayaInit.structure)).toEqual(['lounge', 'volunteer', 'my-settings', 'notice-board']);
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
    const faqIds = async (token: string) =>
      (await api.call<StructureResponse>('GET', 'structure', { token })).body.modules.find((m) => m.id === 'resources')!.pages.map((p) => p.id);
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
