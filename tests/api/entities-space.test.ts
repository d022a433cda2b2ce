/**
 * Entity spaces and the join power-up (schemas/model/api/entities.ts; core §2.5) on SQLite and
 * PostgreSQL, on the demo's workshops (server/entities/seed.ts): the space decision per viewer
 * (a non-member sees the overview, a Participant lands on the participants' page, a Mentor on the
 * mentors' page, an admin sees every entity page), pagePermissions enforced on the page answer,
 * init and the page subscription, a corrupt entity failing closed, and join and leave (accepted
 * at once, applied under approval, 409 when full or banned, the entity room told the new count).
 */
import type { Kysely } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { JoinState, SpaceAnswer } from '../../schemas/model/api/entities';
import type { InitResponse } from '../../schemas/model/api/session';
import type { PageResponse } from '../../schemas/model/api/structure';
import { DEMO_ENTITIES } from '../../server/entities/seed';
import { describeBackends } from '../helpers/backends';
import { emitAck, nextEvent, socketFor } from '../helpers/sockets';
import { insertCorruptWorkshop } from '../helpers/corruption';

type AnyDb = Kysely<any>;
type Message = { message: string; code?: string };
const P = DEMO_ENTITIES.pages;

describeBackends('entity spaces and the join power-up', (api) => {
  const tokens: Record<string, string> = {};
  const db = () => api.server.ctx.store.kysely as unknown as AnyDb;

  beforeAll(async () => {
    for (const who of ['admin', 'elena', 'rosa', 'victor', 'quentin', 'chloe', 'bruno']) tokens[who] = await api.signIn(who);
  });

  const space = (who: string, ref: string, query = '') => api.call<SpaceAnswer & Message>('GET', `entities/${ref}/space${query}`, { token: tokens[who] });
  const page = (who: string, id: string, entityId?: string) =>
    api.call<PageResponse & Message>('GET', `structure/page/${id}${entityId ? `?entityId=${encodeURIComponent(entityId)}` : ''}`, { token: tokens[who] });
  const join = (who: string, ref: string, body?: unknown) =>
    api.call<JoinState & Message>('POST', `structure/powerUp/${ref}/join`, { token: tokens[who], body });
  const leave = (who: string, ref: string) => api.call<JoinState & Message>('POST', `structure/powerUp/${ref}/leave`, { token: tokens[who] });
  const joinState = (who: string, ref: string) => api.call<JoinState & Message>('GET', `structure/powerUp/${ref}/join`, { token: tokens[who] });
  const membershipRows = (accountId: string, listId: string) =>
    db().selectFrom('list_memberships').selectAll().where('account_id', '=', accountId).where('list_id', '=', listId).execute();

  it('a non-member sees the overview only: asked for a members page she goes to the overview', async () => {
    const plain = await space('victor', 'design-sprint');
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ moduleSlug: 'spaces', pageSlug: 'overview', viewablePageIds: [P.overview], redirected: true });
    expect(plain.body.entity).toMatchObject({ id: DEMO_ENTITIES.designSprint, title: 'Design Sprint', permissionType: 'memberships' });
    expect(plain.body.membershipTypeId).toBeUndefined();
    const asked = await space('victor', DEMO_ENTITIES.designSprint, '?moduleSlug=spaces&pageSlug=members');
    expect(asked.body).toMatchObject({ pageSlug: 'overview', redirected: true });
    const overview = await space('victor', 'design-sprint', '?pageSlug=overview');
    expect(overview.body).toMatchObject({ pageSlug: 'overview', redirected: false });
  });

  it('the demo: three definitions, their entities found by the search and on the map', async () => {
    const found = await api.call<{ items: { id: string; geo?: unknown }[] }>('GET', 'entities?q=sprint', { token: tokens.victor });
    expect(found.status).toBe(200);
    expect(found.body.items.map((i) => i.id)).toEqual([DEMO_ENTITIES.designSprint]);
    const events = await api.call<{ items: { id: string; start?: string; geo?: unknown }[] }>(
      'GET',
      `entities?definitionId=${DEMO_ENTITIES.events}&sortBy=start`,
      {
        token: tokens.victor,
      },
    );
    expect(events.body.items).toHaveLength(3);
    for (const e of events.body.items) {
      expect(Date.parse(e.start!)).toBeGreaterThan(Date.now());
      expect(e.geo).toMatchObject({ lat: expect.any(Number), lng: expect.any(Number) });
    }
    const jobs = await api.call<{ items: unknown[] }>('GET', `entities?definitionId=${DEMO_ENTITIES.jobs}`, { token: tokens.victor });
    expect(jobs.body.items).toHaveLength(2);
  });

  it('each membership type lands on its own page and views its pages; an admin views every entity page', async () => {
    const rosa = await space('rosa', 'design-sprint');
    expect(rosa.body).toMatchObject({ pageSlug: 'members', membershipTypeId: 'participant', redirected: true });
    expect([...rosa.body.viewablePageIds].sort()).toEqual([P.members, P.overview].sort());
    expect((await space('rosa', 'design-sprint', '?pageSlug=mentors')).body.pageSlug).toBe('members');
    const quentin = await space('quentin', 'design-sprint');
    expect(quentin.body).toMatchObject({ pageSlug: 'mentors', membershipTypeId: 'mentor' });
    expect([...quentin.body.viewablePageIds].sort()).toEqual([P.members, P.mentors, P.overview].sort());
    const admin = await space('admin', 'design-sprint', '?pageSlug=mentors');
    expect(admin.body).toMatchObject({ pageSlug: 'mentors', redirected: false });
    expect([...admin.body.viewablePageIds].sort()).toEqual([P.event, P.job, P.members, P.mentors, P.overview].sort());
    // An event goes to its own location page.
    expect((await space('victor', 'open-evening')).body).toMatchObject({ pageSlug: 'event', viewablePageIds: [P.event] });
  });

  it('unknown entities, modules without a viewable page and bad input', async () => {
    expect((await space('victor', 'no-such-entity')).status).toBe(404);
    expect((await space('victor', 'design-sprint', '?moduleSlug=home')).status).toBe(404);
    expect((await space('victor', 'design-sprint', '?moduleSlug=no-such-module')).status).toBe(404);
    const long = await space('victor', 'design-sprint', `?pageSlug=${'x'.repeat(300)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/pageSlug/);
  });

  it('pagePermissions on the page answer: a page the decision does not list is a 404, over HTTP and init', async () => {
    const init = (who: string, opts: unknown) =>
      api.call<InitResponse>('GET', `init?opts=${encodeURIComponent(JSON.stringify(opts))}`, { token: tokens[who] }).then((r) => r.body.page);
    expect((await page('victor', P.members, 'design-sprint')).status).toBe(404);
    expect((await page('victor', P.overview, 'design-sprint')).status).toBe(200);
    expect((await page('rosa', P.members, 'design-sprint')).status).toBe(200);
    expect((await page('rosa', P.mentors, 'design-sprint')).status).toBe(404);
    expect((await page('rosa', P.members, 'woodturning-basics')).status).toBe(404);
    expect((await page('rosa', P.members, 'no-such-entity')).status).toBe(404);
    // Without an entity an entity page is the template all entities share: only who composes it
    // loads it (the admin, staff managing edit mode); a member reaches it through a space alone,
    // so leaving the entity out does not open a members-only page. Other pages answer as ever.
    expect((await page('admin', P.members)).status).toBe(200);
    expect((await page('elena', P.members)).status).toBe(200);
    expect((await page('rosa', P.members)).status).toBe(404);
    expect((await page('victor', P.overview)).status).toBe(404);
    expect(await init('victor', { pageId: P.members })).toBeFalsy();
    expect((await page('victor', P.find)).status).toBe(200);
    expect(await init('victor', { pageId: P.members, entityId: 'design-sprint' })).toBeFalsy();
    expect((await init('rosa', { pageId: P.members, entityId: 'design-sprint' }))?.page.id).toBe(P.members);
    expect((await init('rosa', { moduleSlug: 'spaces', pageSlug: 'overview', entityId: DEMO_ENTITIES.designSprint }))?.page.id).toBe(P.overview);
  });

  it("blocks whose rules read the entity are decided on the server on the real entity and the viewer's memberships", async () => {
    const store = api.server.ctx.store;
    const ruled = (id: string, rule: Record<string, unknown>) => ({
      id,
      type: 'text',
      pageId: P.members,
      options: { text: id },
      visibility: { advanced: true, rules: { logicalOperator: 'all', rules: [rule] } },
      children: [],
      positions: {},
    });
    await store.transaction(async (tx) => {
      await tx.put('block', 'ruled-member', ruled('ruled-member', { kind: 'userEntityPowerUp', subject: 'membership', operator: 'isMember' }));
      await tx.put('block', 'ruled-level', ruled('ruled-level', { kind: 'entityField', subject: 'level', operator: 'equals', value: 'beginner' }));
      await tx.put('block', 'ruled-not-level', ruled('ruled-not-level', { kind: 'entityField', subject: 'level', operator: 'equals', value: 'intermediate' }));
      const current = (await tx.get<{ children?: string[]; positions?: Record<string, string[]> }>('page', P.members))!.data;
      const children = [...(current.children ?? []), 'ruled-member', 'ruled-level', 'ruled-not-level'];
      await tx.put('page', P.members, { ...current, children, positions: { 'col-0': children } });
    });
    const ids = async (who: string, entity: string) => (await page(who, P.members, entity)).body.blocks.map((b) => b.id);
    // Rosa is a Participant of the Design Sprint (intermediate): the member block and the intermediate one, not the beginners' one.
    const sprint = await ids('rosa', 'design-sprint');
    expect(sprint).toEqual(expect.arrayContaining(['ruled-member', 'ruled-not-level']));
    expect(sprint).not.toContain('ruled-level');
    // Quentin is a Mentor of it (isMember reads every membership type of the entity).
    expect(await ids('quentin', 'design-sprint')).toContain('ruled-member');
    // The admin sees every block.
    expect(await ids('admin', 'woodturning-basics')).toEqual(expect.arrayContaining(['ruled-member', 'ruled-level']));
  });

  it('the page subscription for an entity refuses the pages the decision does not list', async () => {
    const victor = await socketFor(api.url, tokens.victor);
    const rosa = await socketFor(api.url, tokens.rosa);
    try {
      expect(await emitAck(victor, 'page:subscribe', { id: P.members, entityId: 'design-sprint' })).toEqual({ ok: false, error: 'forbidden' });
      expect(await emitAck(victor, 'page:subscribe', { id: P.overview, entityId: 'design-sprint' })).toEqual({ ok: true });
      expect((await emitAck(victor, 'page:subscribe', { id: P.overview, entityId: 42 })).ok).toBe(false);
      expect(await emitAck(rosa, 'page:subscribe', { id: P.members, entityId: 'design-sprint' })).toEqual({ ok: true });
      // Leaving the entity out opens nothing: the members' page is the spaces' template.
      expect(await emitAck(rosa, 'page:subscribe', { id: P.members })).toEqual({ ok: false, error: 'forbidden' });
    } finally {
      victor.disconnect();
      rosa.disconnect();
    }
  });

  it('a corrupt entity still answers, failing closed: only its location page', async () => {
    await insertCorruptWorkshop(api.server.ctx.store.kysely, 'corrupt-workshop');
    const answer = await space('rosa', 'corrupt-workshop', '?pageSlug=members');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ pageSlug: 'overview', viewablePageIds: [P.overview], redirected: true });
    expect(answer.body.entity.unreadable).toEqual(expect.arrayContaining(['data', 'powerUps', 'powerUpData', 'pagePermissions']));
    expect((await page('rosa', P.members, 'corrupt-workshop')).status).toBe(404);
    expect((await join('rosa', 'corrupt-workshop')).status).toBe(400);
  });

  it('joining accepts at once, lands on the type landing page and opens its pages; leaving closes them', async () => {
    const before = await joinState('victor', 'design-sprint');
    expect(before.body).toMatchObject({
      state: null,
      listId: DEMO_ENTITIES.participants,
      membershipTypeId: 'participant',
      approval: false,
      capacity: 20,
      isFull: false,
    });
    const watcher = await socketFor(api.url, tokens.chloe);
    try {
      expect(await emitAck(watcher, 'entity:subscribe', { id: DEMO_ENTITIES.designSprint })).toEqual({ ok: true });
      const heard = nextEvent<{ entityId: string; memberCount: number }>(watcher, 'entities:join');
      const joined = await join('victor', 'design-sprint');
      expect(joined.status).toBe(200);
      expect(joined.body).toMatchObject({
        state: 'accepted',
        memberCount: before.body.memberCount + 1,
        landing: { moduleSlug: 'spaces', pageSlug: 'members' },
      });
      expect(await heard).toEqual({ entityId: DEMO_ENTITIES.designSprint, memberCount: before.body.memberCount + 1 });
    } finally {
      watcher.disconnect();
    }
    const rows = await membershipRows('victor', DEMO_ENTITIES.participants);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'accepted', entity_id: DEMO_ENTITIES.designSprint, membership_type_id: 'participant' });
    expect((await space('victor', 'design-sprint')).body).toMatchObject({ pageSlug: 'members', membershipTypeId: 'participant' });
    expect((await page('victor', P.members, 'design-sprint')).status).toBe(200);
    // Joining again changes nothing.
    expect((await join('victor', 'design-sprint')).body.state).toBe('accepted');
    expect(await membershipRows('victor', DEMO_ENTITIES.participants)).toHaveLength(1);

    const left = await leave('victor', 'design-sprint');
    expect(left.body).toMatchObject({ state: 'withdrawn', memberCount: before.body.memberCount });
    expect(left.body.landing).toBeUndefined();
    expect((await page('victor', P.members, 'design-sprint')).status).toBe(404);
    expect((await leave('victor', 'design-sprint')).body.state).toBe('withdrawn');
    // Back again from withdrawn.
    expect((await join('victor', 'design-sprint')).body.state).toBe('accepted');
    expect((await leave('victor', 'design-sprint')).status).toBe(200);
  });

  it('leaving takes her out of the members page she was following live', async () => {
    expect((await join('victor', 'design-sprint')).body.state).toBe('accepted');
    const socket = await socketFor(api.url, tokens.victor);
    try {
      expect(await emitAck(socket, 'page:subscribe', { id: P.members, entityId: 'design-sprint' })).toEqual({ ok: true });
      const left = nextEvent<{ room: string }>(socket, 'realtime:left');
      expect((await leave('victor', 'design-sprint')).body.state).toBe('withdrawn');
      expect(await left).toEqual({ room: `page:${P.members}` });
      expect(await emitAck(socket, 'page:subscribe', { id: P.members, entityId: 'design-sprint' })).toEqual({ ok: false, error: 'forbidden' });
    } finally {
      socket.disconnect();
    }
  });

  it('a change of pagePermissions reaches the sockets following the page: listed, it opens; unlisted, she leaves it', async () => {
    const settings = (pagePermissions: string[]) =>
      api.call('POST', 'entities/woodturning-basics/settingsData', { token: tokens.admin, body: { pagePermissions } });
    expect((await settings([P.overview, P.members])).status).toBe(200);
    const socket = await socketFor(api.url, tokens.victor);
    try {
      expect(await emitAck(socket, 'page:subscribe', { id: P.members, entityId: 'woodturning-basics' })).toEqual({ ok: true });
      expect((await page('victor', P.members, 'woodturning-basics')).status).toBe(200);
      const left = nextEvent<{ room: string }>(socket, 'realtime:left');
      expect((await settings([P.overview])).status).toBe(200);
      expect(await left).toEqual({ room: `page:${P.members}` });
      expect((await page('victor', P.members, 'woodturning-basics')).status).toBe(404);
    } finally {
      socket.disconnect();
    }
  });

  it('a membership type chosen in the join boxes joins its own list and lands on its page', async () => {
    const mentor = await join('bruno', 'design-sprint', { membershipTypeId: 'mentor' });
    expect(mentor.status).toBe(200);
    expect(mentor.body).toMatchObject({ state: 'accepted', listId: DEMO_ENTITIES.mentors, membershipTypeId: 'mentor', landing: { pageSlug: 'mentors' } });
    expect((await page('bruno', P.mentors, 'design-sprint')).status).toBe(200);
    expect((await leave('bruno', 'design-sprint')).body.state).toBe(null); // her participant membership: none
    const unknown = await join('bruno', 'design-sprint', { membershipTypeId: 'speaker' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/membershipTypeId/);
  });

  it('under approval a join is a request; a full list and a banned member are refused and nothing changes', async () => {
    const applied = await join('victor', 'repair-cafe');
    expect(applied.body).toMatchObject({ state: 'applied', approval: true, listId: DEMO_ENTITIES.repairers });
    expect(applied.body.landing).toBeUndefined();

    await db().updateTable('user_lists').set({ capacity: 1 }).where('id', '=', DEMO_ENTITIES.woodturners).execute();
    const full = await join('victor', 'woodturning-basics');
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('listFull');
    expect(await membershipRows('victor', DEMO_ENTITIES.woodturners)).toHaveLength(0);
    expect((await joinState('victor', 'woodturning-basics')).body).toMatchObject({ isFull: true, capacity: 1, state: null });

    await db().updateTable('user_lists').set({ capacity: null }).where('id', '=', DEMO_ENTITIES.woodturners).execute();
    expect((await join('chloe', 'woodturning-basics')).body.state).toBe('accepted');
    await db()
      .updateTable('list_memberships')
      .set({ state: 'banned' })
      .where('account_id', '=', 'chloe')
      .where('list_id', '=', DEMO_ENTITIES.woodturners)
      .execute();
    const banned = await join('chloe', 'woodturning-basics');
    expect(banned.status).toBe(409);
    expect((await membershipRows('chloe', DEMO_ENTITIES.woodturners))[0]).toMatchObject({ state: 'banned' });
    expect((await leave('chloe', 'woodturning-basics')).status).toBe(409);
  });

  it('bad input: an entity without the join power-up, unknown entities, a body that is not an object', async () => {
    const event = await join('victor', 'open-evening');
    expect(event.status).toBe(400);
    expect(event.body.message).toMatch(/join power-up/);
    expect((await join('victor', 'no-such-entity')).status).toBe(404);
    expect((await joinState('victor', 'no-such-entity')).status).toBe(404);
    expect((await join('victor', 'design-sprint', [1])).status).toBe(400);
    expect((await join('victor', 'design-sprint', { membershipTypeId: 7 })).status).toBe(400);
    expect(await membershipRows('victor', DEMO_ENTITIES.participants)).toEqual([expect.objectContaining({ state: 'withdrawn' })]);
  });
});
