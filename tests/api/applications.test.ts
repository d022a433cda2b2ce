/**
 * Applications and membership requests (server/applications) on both databases, one server per
 * half: the demo's applications, the admin's calls (applications, fields, the queue and archive by
 * cursor, a request's detail, decisions with a message, changedFrom, an email template override and
 * shouldSendNotifications), the member's calls (states, own requests, the form, applying with
 * answers checked by the form engine's rules, withdrawing, re-applying), every allowed and refused
 * move for both actors (engine/core membershipMoves), a full list, a member calling each admin
 * call, another member's request, bad input, and the notifications every move sends.
 */
import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { MEMBERSHIP_STATUSES } from '../../engine/core/constants';
import { membershipMoves } from '../../engine/core/membership-moves';
import type { Field, MembershipState } from '../../schemas/model';
import type {
  ApplicationStatesResponse,
  ApplicationView,
  MemberApplicationResponse,
  MembershipRequestDetail,
  MembershipRequestView,
  MembershipRequestsResponse,
} from '../../schemas/model/api/applications';
import type { EmailOutboxResponse } from '../../schemas/model/api/email';
import type { NotificationPageResponse } from '../../schemas/model/api/notifications';
import type { AdminDashboardResponse } from '../../schemas/model/api/staff';
import { membershipsOf } from '../../server/lists/memberships';
import { newList as createList, putList } from '../../server/lists/user-lists';
import type { ApiResponse, ApiServer } from '../helpers/api-server';
import { describeBackends } from '../helpers/backends';
import { fanOutsSent } from '../helpers/notifications';
import { until } from '../helpers/until';

const WHY: Field = { id: 'why', type: 'text', label: 'Why?', validation: { required: true, max: 200 } };
const ANSWERS = { why: 'Because.' };
/** Demo members with no request in the demo, each used for one (list, account) pair at most per list. */
const POOL = ['amara', 'bruno', 'dev', 'farid', 'hiro', 'imogen', 'jonas', 'kemi', 'lars', 'mei', 'nadia', 'owen'];
const STATES = [...MEMBERSHIP_STATUSES] as MembershipState[];

type Message = { message: string; code?: string };

/** Rows of the domain's tables and the memberships they hold, and how many notifications and emails exist: what a refused call must leave as it was. */
async function domainRows(api: ApiServer): Promise<string> {
  const db = api.server.ctx.store.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const parts: string[] = [];
  for (const table of ['applications', 'membership_requests', 'membership_request_events', 'list_memberships'])
    parts.push(`${table}: ${JSON.stringify(await db.selectFrom(table).selectAll().orderBy('id').execute())}`);
  const count = async (table: string, name?: string) =>
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .$if(!!name, (q) => q.where('name', '=', name!))
        .executeTakeFirstOrThrow()
    ).n;
  // Scheduled jobs come and go on their own: only the emails queued count.
  parts.push(`notifications: ${await count('notifications')}, emails: ${await count('jobs', 'email.send')}`);
  return parts.join('\n');
}

describeBackends('applications and membership requests', (api) => {
  const tokens: Record<string, string> = {};
  let admin: string;
  let maya: string;
  const call = <T>(token: string, method: string, path: string, body?: unknown) => api.call<T>(method, path, { token, body });
  const ok = async <T>(res: Promise<ApiResponse<T>>, status = 200): Promise<T> => {
    const r = await res;
    if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(r.body).slice(0, 400)}`);
    return r.body;
  };

  let lists = 0;
  /** A list of the lists domain, made through its exported writer (its calls have their own suite). */
  async function newList(capacity?: number, entityId?: string): Promise<string> {
    lists++;
    const id = `test-list-${lists}`;
    await putList(api.server.ctx.store.kysely, createList(id, { label: `Test list ${lists}`, capacity: capacity ?? null, ...(entityId ? { entityId } : {}) }));
    return id;
  }
  const membershipsOfAccount = (accountId: string) => membershipsOf(api.server.ctx.store.kysely, accountId);

  async function newApplication(label: string, opts: { capacity?: number; fields?: Field[]; listId?: string } = {}): Promise<ApplicationView> {
    const listId = opts.listId ?? (await newList(opts.capacity));
    let app = await ok(call<ApplicationView>(admin, 'PUT', 'applications', { label, listId }), 201);
    for (const field of opts.fields ?? [WHY]) app = await ok(call<ApplicationView>(admin, 'PUT', `applications/${app.id}/field/${field.id}`, { field }));
    return app;
  }

  const apply = (token: string, appId: string, answers: Record<string, unknown> = ANSWERS, who = 'me', entity = '-') =>
    call<MemberApplicationResponse>(token, 'PUT', `applications/${appId}/request/${who}/${entity}`, { answers });
  const memberMove = (token: string, appId: string, state: string, entity = '-') =>
    call<MemberApplicationResponse>(token, 'POST', `applications/${appId}/request/me/${state}/${entity}`);
  const decide = (requestId: string, state: string, body: Record<string, unknown> = {}, token = admin) =>
    call<MembershipRequestDetail>(token, 'POST', `applications/membershipRequests/admin/${requestId}/${state}`, body);
  const detail = async (requestId: string) => ok(call<MembershipRequestDetail>(admin, 'GET', `applications/membershipRequests/admin/${requestId}`));
  const mine = async (token: string, appId: string) => ok(call<MemberApplicationResponse>(token, 'GET', `applications/user/${appId}`));
  const notifications = async (token: string, type = 'system') =>
    (await ok(call<NotificationPageResponse>(token, 'GET', `profile/notifications/${type}/0?limit=50`))).items;
  const emailJobs = async (accountId: string) => {
    const rows = await (api.server.ctx.store.kysely as unknown as Kysely<{ jobs: { name: string; payload: string } }>)
      .selectFrom('jobs')
      .select('payload')
      .where('name', '=', 'email.send')
      .execute();
    return rows.map((r) => JSON.parse(r.payload) as { accountId: string; templateId: string }).filter((p) => p.accountId === accountId);
  };

  /** Brings `account`'s request to `state` by allowed moves (apply, then the member's or the admin's): its id. */
  async function bring(appId: string, account: string, state: MembershipState): Promise<string> {
    const token = tokens[account];
    const id = (await ok(apply(token, appId))).request!.id;
    if (state === 'withdrawn') await ok(memberMove(token, appId, 'withdrawn'));
    else if (state === 'completed') {
      await ok(decide(id, 'accepted'));
      await ok(decide(id, 'completed'));
    } else if (state !== 'applied') await ok(decide(id, state));
    return id;
  }

  beforeAll(async () => {
    for (const account of ['admin', 'maya', 'victor', 'elena', 'grace', 'elif', 'chloe', ...POOL]) tokens[account] = await api.signIn(account);
    admin = tokens.admin;
    maya = tokens.maya;
    // The demo's broadcast is stored by a job: done before any test counts notifications.
    await fanOutsSent(api);
  });

  describe('the demo', () => {
    it('has the volunteers application with its form, a request waiting for Ada, one returned with a message and one accepted', async () => {
      const apps = await ok(call<ApplicationView[]>(admin, 'GET', 'applications'));
      const volunteers = apps.find((a) => a.id === 'app-volunteers')!;
      expect(volunteers).toMatchObject({ label: 'Join the volunteers', state: 'open', userListId: 'volunteers', userListLabel: 'Volunteers', pending: 2 });
      expect(volunteers.fields.map((f) => [f.id, f.type])).toEqual([
        ['why', 'textarea'],
        ['availability', 'radio'],
        ['consent', 'checkbox'],
      ]);
      expect(apps.find((a) => a.id === 'app-makers')).toMatchObject({ label: 'Join the makers', userListId: 'makers' });
      const queue = await ok(
        call<MembershipRequestsResponse>(admin, 'GET', 'applications/membershipRequests/admin?applicationId=app-volunteers&states=applied'),
      );
      expect(queue.items.map((r) => [r.accountId, r.state])).toEqual([['grace', 'applied']]);
      expect(queue.items[0].name).toContain('Grace');
      expect(await mine(tokens.elif, 'app-volunteers')).toMatchObject({
        request: { state: 'returned', message: expect.stringContaining('Elif') },
        moves: ['applied', 'withdrawn'],
      });
      expect((await mine(tokens.chloe, 'app-volunteers')).request?.state).toBe('accepted');
      expect(await membershipsOfAccount('chloe')).toContainEqual(expect.objectContaining({ userListId: 'volunteers', state: 'accepted' }));
      const dashboard = await ok(call<AdminDashboardResponse>(admin, 'GET', 'admin/dashboard'));
      expect(dashboard.pendingRequests).toBeGreaterThanOrEqual(2);
      expect((await notifications(admin, 'admin')).some((n) => n.event === 'newApplication' && n.message.includes('Grace'))).toBe(true);
    });
  });

  describe('the admin', () => {
    it('creates, changes and deletes an application and its fields; bad input is a 400 naming it and changes nothing', async () => {
      const listId = await newList();
      const created = await ok(call<ApplicationView>(admin, 'PUT', 'applications', { label: 'Crew', listId }), 201);
      expect(created).toMatchObject({ label: 'Crew', state: 'open', userListId: listId, fields: [], pending: 0 });
      const id = created.id;
      await ok(
        call(admin, 'POST', 'service/coreAPI/addEmailTemplate', {
          templateId: 'crew.decision',
          subject: 'Crew',
          html: '<p>{{message}}</p>',
          parameterList: ['message'],
        }),
      );
      await ok(call(admin, 'PUT', `applications/${id}/field/why`, { field: WHY }));
      await ok(call(admin, 'PUT', `applications/${id}/field/when`, { field: { id: 'when', type: 'date', label: 'When?' } }));
      const replaced = await ok(call<ApplicationView>(admin, 'PUT', `applications/${id}/field/why`, { field: { ...WHY, label: 'Why us?' } }));
      expect(replaced.fields.map((f) => [f.id, f.label])).toEqual([
        ['why', 'Why us?'],
        ['when', 'When?'],
      ]);
      const changed = await ok(
        call<ApplicationView>(admin, 'PUT', `applications/${id}`, {
          changes: { label: 'The crew', state: 'closed', emailTemplateId: 'crew.decision', landingPage: '/home/crew', fieldOrder: ['when'] },
        }),
      );
      expect(changed).toMatchObject({ label: 'The crew', state: 'closed', emailTemplateId: 'crew.decision', landingPage: '/home/crew' });
      expect(changed.fields.map((f) => f.id)).toEqual(['when', 'why']);

      const before = await domainRows(api);
      const refusals: [string, string, unknown, number, RegExp][] = [
        ['PUT', 'applications', { label: 'X', listId: 'no-such-list' }, 400, /no-such-list/],
        ['PUT', 'applications', { label: '', listId }, 400, /label/],
        ['PUT', 'applications', { label: 'X', listId, extra: 1 }, 400, /extra/],
        ['PUT', `applications/${id}`, { changes: { emailTemplateId: 'no.such.template' } }, 400, /no\.such\.template/],
        ['PUT', `applications/${id}`, { changes: { landingPage: 'https://elsewhere.example' } }, 400, /landingPage/],
        ['PUT', `applications/${id}`, { changes: { landingPage: '//elsewhere.example' } }, 400, /landingPage/],
        ['PUT', `applications/${id}`, { changes: { fieldOrder: ['nope'] } }, 400, /nope/],
        ['PUT', `applications/${id}`, { changes: { fieldOrder: ['why', 'why'] } }, 400, /twice/],
        ['PUT', `applications/${id}`, { changes: { state: 'half-open' } }, 400, /state/],
        ['PUT', `applications/${id}`, { changes: { listId: 'no-such-list' } }, 400, /no-such-list/],
        ['PUT', `applications/${id}/field/other`, { field: WHY }, 400, /other/],
        ['PUT', `applications/${id}/field/odd`, { field: { id: 'odd', type: 'noSuchType' } }, 400, /noSuchType/],
        ['PUT', `applications/${id}/field/odd`, { field: { id: 'odd', type: 'text', validation: { date_after: '2020-01-01' } } }, 400, /date_after/],
        ['DELETE', `applications/${id}/field/nope`, undefined, 404, /nope/],
        ['PUT', 'applications/app-none', { changes: { label: 'X' } }, 404, /app-none/],
        ['DELETE', 'applications/app-none', undefined, 404, /app-none/],
      ];
      for (const [method, path, body, status, message] of refusals) {
        const res = await call<Message>(admin, method, path, body);
        expect([method, path, res.status]).toEqual([method, path, status]);
        expect(res.body.message).toMatch(message);
      }
      expect(await domainRows(api)).toBe(before);

      const withoutWhen = await ok(call<ApplicationView>(admin, 'DELETE', `applications/${id}/field/when`));
      expect(withoutWhen.fields.map((f) => f.id)).toEqual(['why']);
      await ok(call(admin, 'PUT', `applications/${id}`, { changes: { state: 'open', emailTemplateId: null, landingPage: null } }));
      const requestId = (await ok(apply(maya, id))).request!.id;
      await ok(decide(requestId, 'accepted'));
      await ok(call(admin, 'DELETE', `applications/${id}`), 204);
      expect((await ok(call<ApplicationView[]>(admin, 'GET', 'applications'))).map((a) => a.id)).not.toContain(id);
      expect((await mine(maya, id).catch((e: Error) => e.message)) as string).toMatch(/404/);
      // Its requests are archived, their memberships stay, and nothing decides them any more.
      const archive = await ok(call<MembershipRequestsResponse>(admin, 'GET', `applications/membershipRequests/admin/archive/${id}`));
      expect(archive.items.map((r) => [r.id, r.archived, r.applicationLabel])).toEqual([[requestId, true, 'The crew']]);
      expect((await detail(requestId)).moves).toEqual([]);
      expect((await decide(requestId, 'completed')).status).toBe(404);
      expect(await membershipsOfAccount('maya')).toContainEqual(expect.objectContaining({ userListId: listId, state: 'accepted' }));
    });

    it('pages the queue newest first by a signed cursor, filters by states, and archives decided requests only', async () => {
      const app = await newApplication('Paging');
      const ids: string[] = [];
      for (const account of POOL.slice(0, 5)) ids.push((await ok(apply(tokens[account], app.id))).request!.id);
      const url = (q: string) => `applications/membershipRequests/admin?applicationId=${app.id}${q}`;
      const first = await ok(call<MembershipRequestsResponse>(admin, 'GET', url('&limit=2')));
      expect(first.items.map((r) => r.id)).toEqual([ids[4], ids[3]]);
      const second = await ok(call<MembershipRequestsResponse>(admin, 'GET', url(`&limit=2&cursor=${encodeURIComponent(first.next!)}`)));
      const third = await ok(call<MembershipRequestsResponse>(admin, 'GET', url(`&limit=2&cursor=${encodeURIComponent(second.next!)}`)));
      expect([...second.items, ...third.items].map((r) => r.id)).toEqual([ids[2], ids[1], ids[0]]);
      expect(third.next).toBeNull();
      expect(first.items[0]).toMatchObject({
        applicationId: app.id,
        applicationLabel: 'Paging',
        userListId: app.userListId,
        state: 'applied',
        archived: false,
      });

      await ok(decide(ids[0], 'rejected'));
      const applied = await ok(call<MembershipRequestsResponse>(admin, 'GET', url('&states=applied')));
      expect(applied.items.map((r) => r.id)).toEqual([ids[4], ids[3], ids[2], ids[1]]);
      const rejected = await ok(call<MembershipRequestsResponse>(admin, 'GET', url('&states=rejected,banned')));
      expect(rejected.items.map((r) => r.id)).toEqual([ids[0]]);
      const all = await ok(call<MembershipRequestsResponse>(admin, 'GET', 'applications/membershipRequests/admin?limit=100'));
      expect(all.items.map((r) => r.id)).toEqual(expect.arrayContaining(ids));

      const before = await domainRows(api);
      expect((await call<Message>(admin, 'POST', `applications/${app.id}/archive/${ids[1]}`)).status).toBe(409);
      expect((await call<Message>(admin, 'POST', `applications/app-volunteers/archive/${ids[0]}`)).status).toBe(404);
      expect((await call<Message>(admin, 'GET', url('&states=applied,maybe'))).body.message).toMatch(/maybe/);
      expect((await call(admin, 'GET', url(`&cursor=${encodeURIComponent(`${first.next!.slice(0, -3)}xyz`)}`))).status).toBe(400);
      expect((await call(admin, 'GET', url('&limit=1000'))).status).toBe(400);
      expect((await call(admin, 'GET', 'applications/membershipRequests/admin/mr-none')).status).toBe(404);
      expect(await domainRows(api)).toBe(before);

      const archived = await ok(call<MembershipRequestDetail>(admin, 'POST', `applications/${app.id}/archive/${ids[0]}`));
      expect(archived).toMatchObject({ id: ids[0], archived: true, state: 'rejected' });
      expect((await ok(call<MembershipRequestsResponse>(admin, 'GET', url('')))).items.map((r) => r.id)).not.toContain(ids[0]);
      expect(
        (await ok(call<MembershipRequestsResponse>(admin, 'GET', `applications/membershipRequests/admin/archive/${app.id}`))).items.map((r) => r.id),
      ).toEqual([ids[0]]);
      // A later decision leaves a decided request in the archive.
      await ok(decide(ids[0], 'accepted'));
      expect((await ok(call<MembershipRequestDetail>(admin, 'GET', `applications/membershipRequests/admin/${ids[0]}`))).archived).toBe(true);
    });

    it('decides with a message, keeps the history, and refuses a decision taken on a stale state', async () => {
      const app = await newApplication('History');
      const id = (await ok(apply(tokens.bruno, app.id))).request!.id;
      const returned = await ok(
        decide(id, 'returned', { message: 'Tell us more, please.', changedFrom: 'applied', membershipId: (await detail(id)).listMembershipId }),
      );
      expect(returned).toMatchObject({ state: 'returned', moves: membershipMoves('returned', 'admin'), answers: ANSWERS, fields: [WHY] });
      expect(returned.history.map((h) => [h.from, h.to, h.byAccountId, h.byName, h.message ?? null])).toEqual([
        [null, 'applied', 'bruno', 'Bruno Lindqvist', null],
        ['applied', 'returned', 'admin', 'Ada Admin', 'Tell us more, please.'],
      ]);
      const before = await domainRows(api);
      const stale = await decide(id, 'accepted', { changedFrom: 'applied' });
      expect(stale.status).toBe(409);
      expect((stale.body as unknown as Message).message).toMatch(/returned/);
      expect((await decide(id, 'accepted', { membershipId: 'lm-other' })).status).toBe(400);
      expect((await decide(id, 'maybe')).status).toBe(400);
      expect((await decide(id, 'accepted', { shouldSendNotifications: 'yes' })).status).toBe(400);
      expect(await domainRows(api)).toBe(before);
      expect(await mine(tokens.bruno, app.id)).toMatchObject({ request: { state: 'returned', message: 'Tell us more, please.' } });
    });
  });

  describe('moves', () => {
    for (const from of STATES) {
      it(`the admin moves a request from ${from} exactly as membershipMoves allows`, async () => {
        const app = await newApplication(`Admin from ${from}`);
        const allowed = membershipMoves(from, 'admin');
        const [first, ...rest] = POOL;
        const id = await bring(app.id, first, from);
        const before = await domainRows(api);
        for (const to of STATES.filter((s) => !allowed.includes(s))) {
          const res = await decide(id, to);
          expect([to, res.status]).toEqual([to, 409]);
          expect((res.body as unknown as Message).message).toContain(`"${from}" to "${to}"`);
        }
        expect(await domainRows(api)).toBe(before);
        for (const [i, to] of allowed.entries()) {
          const fresh = await bring(app.id, rest[i], from);
          const moved = await ok(decide(fresh, to));
          expect(moved).toMatchObject({ state: to, moves: membershipMoves(to, 'admin') });
          expect((await mine(tokens[rest[i]], app.id)).request?.state).toBe(to);
        }
      });
    }

    for (const from of [null, ...STATES]) {
      it(`the member moves her request from ${from ?? 'none'} exactly as membershipMoves allows`, async () => {
        const app = await newApplication(`Member from ${from ?? 'none'}`);
        const allowed = membershipMoves(from, 'member');
        const [first, ...rest] = POOL;
        if (from) await bring(app.id, first, from);
        expect((await mine(tokens[first], app.id)).moves).toEqual(allowed);
        const before = await domainRows(api);
        for (const to of STATES.filter((s) => !allowed.includes(s))) {
          const res = to === 'applied' ? await apply(tokens[first], app.id) : await memberMove(tokens[first], app.id, to);
          expect([to, res.status]).toEqual([to, 409]);
          expect((res.body as unknown as Message).message).toContain(`"${from ?? 'none'}" to "${to}"`);
        }
        expect(await domainRows(api)).toBe(before);
        for (const [i, to] of allowed.entries()) {
          const account = rest[i];
          if (from) await bring(app.id, account, from);
          const moved = await ok(from === null ? apply(tokens[account], app.id) : memberMove(tokens[account], app.id, to));
          expect(moved).toMatchObject({ request: { state: to }, moves: membershipMoves(to, 'member') });
        }
      });
    }

    it('accepting into a full list is a 409 listFull and changes nothing', async () => {
      const app = await newApplication('Small crew', { capacity: 1 });
      const a = (await ok(apply(tokens.amara, app.id))).request!.id;
      const b = (await ok(apply(tokens.bruno, app.id))).request!.id;
      await ok(decide(a, 'accepted'));
      expect((await mine(tokens.bruno, app.id)).listFull).toBe(true);
      const before = await domainRows(api);
      const full = await decide(b, 'accepted', { message: 'Welcome' });
      expect(full.status).toBe(409);
      expect((full.body as unknown as Message).code).toBe('listFull');
      expect(await domainRows(api)).toBe(before);
      expect((await detail(b)).state).toBe('applied');
    });
  });

  describe('the member', () => {
    it('sees her states, her requests and the form; applies with answers the form engine checks; every refusal names the field and changes nothing', async () => {
      const app = await newApplication('Workshop hosts', {
        fields: [
          WHY,
          {
            id: 'when',
            type: 'radio',
            label: 'When?',
            options: [
              { value: 'am', label: 'Mornings' },
              { value: 'pm', label: 'Afternoons' },
            ],
          },
          { id: 'note', type: 'heading', label: 'A heading holds no answer' },
        ],
      });
      const entityApp = await newApplication('Entity crew', { listId: await newList(undefined, 'entity-9') });
      const form = await mine(maya, app.id);
      expect(form).toMatchObject({
        application: { id: app.id, label: 'Workshop hosts', state: 'open', userListId: app.userListId },
        moves: ['applied'],
        listFull: false,
      });
      expect(form.request).toBeUndefined();

      const before = await domainRows(api);
      const tooMany = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`f${i}`, 'x']));
      const bad: [Record<string, unknown> | string, RegExp][] = [
        [{}, /why: required/],
        [{ why: '' }, /why: required/],
        [{ why: 'x'.repeat(201) }, /why: max/],
        [{ why: 42 }, /answers\.why/],
        [{ why: 'ok', when: 'evening' }, /answers\.when/],
        [{ why: 'ok', nope: 'x' }, /"nope" is not a field/],
        [{ why: 'ok', note: 'x' }, /"note" is not a field/],
        [tooMany, /at most 200/],
        ['{"answers":{"why":"ok","__proto__":{"isAdmin":true}}}', /__proto__/],
        ['{"answers":{"why":"ok","constructor":"x"}}', /constructor/],
      ];
      for (const [answers, message] of bad) {
        const res =
          typeof answers === 'string'
            ? await api.call<Message>('PUT', `applications/${app.id}/request/me/-`, { token: maya, rawBody: answers })
            : await apply(maya, app.id, answers);
        expect([JSON.stringify(answers).slice(0, 60), res.status]).toEqual([JSON.stringify(answers).slice(0, 60), 400]);
        expect((res.body as unknown as Message).message).toMatch(message);
      }
      expect((await call(maya, 'PUT', `applications/${app.id}/request/me/-`, { answers: ANSWERS, extra: true })).status).toBe(400);
      expect((await apply(maya, 'app-none')).status).toBe(404);
      expect((await memberMove(maya, app.id, 'sideways')).status).toBe(400);
      // An entity target must be of the application's list (§5): the message names the list.
      const entity = await apply(maya, app.id, ANSWERS, 'me', 'entity-1');
      expect(entity.status).toBe(400);
      expect((entity.body as unknown as Message).message).toContain('Test list');
      const wrongEntity = await apply(maya, entityApp.id, ANSWERS, 'me', 'entity-1');
      expect(wrongEntity.status).toBe(400);
      expect((wrongEntity.body as unknown as Message).message).toContain('Test list');
      expect(await domainRows(api)).toBe(before);
      await ok(call(admin, 'PUT', `applications/${app.id}`, { changes: { state: 'closed' } }));
      const closed = await domainRows(api);
      expect((await apply(maya, app.id)).status).toBe(400);
      expect((await mine(maya, app.id)).moves).toEqual([]);
      expect(await domainRows(api)).toBe(closed);
      await ok(call(admin, 'PUT', `applications/${app.id}`, { changes: { state: 'open' } }));
      const forEntity = await ok(apply(maya, entityApp.id, ANSWERS, 'me', 'entity-9'));
      expect(forEntity.request?.state).toBe('applied');
      expect(await membershipsOfAccount('maya')).toContainEqual(
        expect.objectContaining({ userListId: entityApp.userListId, entityId: 'entity-9', state: 'applied' }),
      );

      const applied = await ok(apply(maya, app.id, { why: '<b>Hosting</b> is fun', when: 'am' }));
      expect(applied).toMatchObject({ request: { state: 'applied', answers: { why: '<b>Hosting</b> is fun', when: 'am' } }, moves: ['withdrawn'] });
      expect((await ok(call<ApplicationStatesResponse>(maya, 'GET', 'applications/states'))).states).toMatchObject({ [app.id]: 'applied' });
      const own = await ok(call<MembershipRequestView[]>(maya, 'GET', 'applications/user'));
      expect(own.find((r) => r.applicationId === app.id)).toMatchObject({ accountId: 'maya', state: 'applied', applicationLabel: 'Workshop hosts' });
      expect(own.every((r) => r.accountId === 'maya')).toBe(true);
      // The form changed since: re-applying checks the stored answers against it.
      const returned = applied.request!.id;
      await ok(decide(returned, 'returned', { message: 'Which mornings?' }));
      await ok(call(admin, 'PUT', `applications/${app.id}/field/room`, { field: { id: 'room', type: 'text', label: 'Room', validation: { required: true } } }));
      const reapply = await memberMove(maya, app.id, 'applied');
      expect(reapply.status).toBe(400);
      expect((reapply.body as unknown as Message).message).toMatch(/room: required/);
      const again = await ok(apply(maya, app.id, { why: 'Mondays', when: 'am', room: 'B' }));
      expect(again).toMatchObject({ request: { id: returned, state: 'applied', message: 'Which mornings?' } });
    });

    it("reaches only her own requests: another member's is refused, and every admin call is a 403 that changes nothing", async () => {
      const app = await newApplication('Private');
      const victorsId = (await ok(apply(tokens.victor, app.id))).request!.id;
      const before = await domainRows(api);
      const adminCalls: [string, string, unknown?][] = [
        ['GET', 'applications'],
        ['PUT', 'applications', { label: 'Mine', listId: app.userListId }],
        ['PUT', `applications/${app.id}`, { changes: { label: 'Mine' } }],
        ['DELETE', `applications/${app.id}`],
        ['PUT', `applications/${app.id}/field/x`, { field: { id: 'x', type: 'text' } }],
        ['DELETE', `applications/${app.id}/field/why`],
        ['GET', 'applications/membershipRequests/admin'],
        ['GET', `applications/membershipRequests/admin/${victorsId}`],
        ['GET', `applications/membershipRequests/admin/archive/${app.id}`],
        ['POST', `applications/membershipRequests/admin/${victorsId}/accepted`, {}],
        ['POST', `applications/${app.id}/archive/${victorsId}`],
        ['PUT', `applications/${app.id}/request/victor/-`, { answers: ANSWERS }],
      ];
      for (const token of [maya, tokens.elena])
        for (const [method, path, body] of adminCalls) expect([method, path, (await call(token, method, path, body)).status]).toEqual([method, path, 403]);
      expect(await domainRows(api)).toBe(before);
      expect((await mine(maya, app.id)).request).toBeUndefined();
      expect((await ok(call<MembershipRequestView[]>(maya, 'GET', 'applications/user'))).map((r) => r.id)).not.toContain(victorsId);
      // Her own id works as `me` does.
      expect((await ok(apply(maya, app.id, ANSWERS, 'maya'))).request?.state).toBe('applied');
    });

    it('an admin applies on behalf of a member', async () => {
      const app = await newApplication('On behalf');
      const res = await ok(apply(admin, app.id, ANSWERS, 'dev'));
      expect(res.request?.state).toBe('applied');
      expect((await mine(tokens.dev, app.id)).request?.state).toBe('applied');
      expect((await apply(admin, app.id, ANSWERS, 'nobody-here')).status).toBe(404);
    });
  });

  describe('notifications', () => {
    it('tells the member of each move with the admin message and the landing page, and the admins of each application', async () => {
      const app = await newApplication('Garden team');
      await ok(call(admin, 'PUT', `applications/${app.id}`, { changes: { landingPage: '/home/garden' } }));
      const id = (await ok(apply(tokens.farid, app.id))).request!.id;
      const applied = (await notifications(tokens.farid)).find((n) => n.event === 'appliedOnMembership' && n.title === 'Garden team');
      expect(applied).toMatchObject({ link: '/home/garden', message: expect.stringContaining('Garden team') });
      expect(applied!.data.userListId).toBe(app.userListId);
      const news = (await notifications(admin, 'admin')).find((n) => n.event === 'newApplication' && n.title === 'Garden team');
      expect(news).toMatchObject({ message: expect.stringContaining('Farid'), link: `/admin/membershipRequests/${id}` });
      expect((await notifications(tokens.farid, 'admin').catch(() => 'refused')) as unknown).toBe('refused');

      await ok(decide(id, 'accepted', { message: 'Welcome to the garden!' }));
      const accepted = (await notifications(tokens.farid)).find((n) => n.event === 'acceptedOnMembership' && n.title === 'Garden team');
      expect(accepted).toMatchObject({ message: 'Welcome to the garden!', link: '/home/garden', from: expect.objectContaining({ id: 'admin' }) });
      // Her email is the notification's own (no template on the application).
      expect((await emailJobs('farid')).map((e) => e.templateId)).toContain('notification.acceptedOnMembership');
    });

    it('shouldSendNotifications false sends nothing; an email template override is the one email the member gets; an unknown one is a 400', async () => {
      const app = await newApplication('Quiet team');
      const quiet = (await ok(apply(tokens.hiro, app.id))).request!.id;
      const sent = (await notifications(tokens.hiro)).length;
      const emails = (await emailJobs('hiro')).length;
      await ok(decide(quiet, 'rejected', { message: 'Not this time', shouldSendNotifications: false }));
      expect((await notifications(tokens.hiro)).length).toBe(sent);
      expect((await emailJobs('hiro')).length).toBe(emails);

      await ok(
        call(admin, 'POST', 'service/coreAPI/addEmailTemplate', {
          templateId: 'quiet.welcome',
          subject: 'Welcome to {{title}}',
          html: '<p>{{message}}</p>',
          parameterList: ['title', 'message'],
        }),
      );
      const id = (await ok(apply(tokens.imogen, app.id))).request!.id;
      const before = await domainRows(api);
      const unknown = await decide(id, 'accepted', { emailTemplateOverride: 'no.such.template' });
      expect(unknown.status).toBe(400);
      expect((unknown.body as unknown as Message).message).toMatch(/no\.such\.template/);
      expect(await domainRows(api)).toBe(before);

      await ok(decide(id, 'accepted', { message: 'See you Saturday', emailTemplateOverride: 'quiet.welcome' }));
      // Her emails are queued after the commit (her application's own may arrive meanwhile): the
      // decision's one email is the override, not the notification's.
      const queued = await until(
        'the override email queued',
        async () => (await emailJobs('imogen')).map((e) => e.templateId),
        (templates) => templates.includes('quiet.welcome'),
      );
      expect(queued.filter((t) => t === 'quiet.welcome')).toHaveLength(1);
      expect(queued).not.toContain('notification.acceptedOnMembership');
      expect((await notifications(tokens.imogen)).find((n) => n.event === 'acceptedOnMembership')).toMatchObject({ message: 'See you Saturday' });
      const outbox = await until(
        'the override email in the outbox',
        async () => (await ok(call<EmailOutboxResponse>(admin, 'GET', 'admin/email/outbox?limit=100'))).items,
        (items) => items.some((m) => m.templateId === 'quiet.welcome' && m.accountId === 'imogen'),
      );
      expect(outbox.find((m) => m.templateId === 'quiet.welcome')!.subject).toBe('Welcome to Quiet team');
    });
  });
});
