/**
 * The user-list calls (schemas/model/api/lists.ts; community §7 "User lists", §5, §6, §8) on
 * SQLite and PostgreSQL, one server per half: list CRUD with `userLists:updated` to everyone,
 * members with cursor paging, states and totals, add (all or nothing over capacity, 409 listFull)
 * and remove with the member's own events, protected and system lists, the permission toggles,
 * the reads (search, countUsers, getSome, getLeaderLists, byList, states), a member refused every
 * admin call with nothing changed, bad input refused by name with nothing stored, and concurrent
 * joins into the last place: exactly one succeeds.
 */
import { beforeAll, expect, it } from 'vitest';
import type {
  ListCountUsersResponse,
  ListMembershipStatesResponse,
  ListMembershipView,
  ListUsersAddResponse,
  ListUsersResponse,
  UserListSummary,
  UserListView,
} from '../../schemas/model/api/lists';
import { guardListDeletion, listById, putList } from '../../server/lists';
import { describeBackends } from '../helpers/backends';
import { databaseSnapshot, snapshotDifference } from '../helpers/db-snapshot';
import { nextEvent, socketFor } from '../helpers/sockets';

type Message = { error: string; message: string; code?: string };

// Over a field Maya's profile holds false: the dynamic list's job never makes her a member.
const VALID_RULE = { logicalOperator: 'all', rules: [{ kind: 'userField', subject: 'volunteer', operator: 'isTrue' }] };

describeBackends('user lists', (api) => {
  let admin: string;
  let elena: string;
  let maya: string;
  let victor: string;

  beforeAll(async () => {
    [admin, elena, maya, victor] = await Promise.all(['admin', 'elena', 'maya', 'victor'].map((a) => api.signIn(a)));
  });

  const create = async (userList: Record<string, unknown>) => {
    const res = await api.call<UserListView>('PUT', 'userLists', { token: admin, body: { userList } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const add = (listId: string, accounts: string[], state?: string, token = admin) =>
    api.call<ListUsersAddResponse & Message>('POST', `userLists/${listId}/users`, { token, body: { accounts, ...(state ? { state } : {}) } });
  const accepted = async (listId: string) =>
    (await api.call<ListUsersResponse>('GET', `userLists/${listId}/users?states=accepted`, { token: admin })).body.items.map((i) => i.accountId).sort();

  it('GET userLists: staff see every list with label, name, counts and fullness; members are refused', async () => {
    const res = await api.call<UserListView[]>('GET', 'userLists', { token: elena });
    expect(res.status).toBe(200);
    expect(res.body.map((l) => l.id)).toEqual(expect.arrayContaining(['makers', 'volunteers', 'workshop-mentors']));
    expect(res.body.find((l) => l.id === 'workshop-mentors')).toMatchObject({
      label: 'Workshop mentors',
      name: 'Workshop mentors',
      capacity: 2,
      users: 2,
      isFull: true,
      dynamic: false,
      system: false,
      type: 'standard',
      permissions: [],
    });
    expect(res.body.find((l) => l.id === 'makers')).toMatchObject({ capacity: null, isFull: false });
    expect(await api.call('GET', 'userLists', { token: maya })).toMatchObject({ status: 403 });
  });

  it('creates, changes and deletes a list, telling everyone; a system list keeps its kind and is not deleted', async () => {
    const socket = await socketFor(api.url, maya);
    try {
      const heard = nextEvent<{ id: string }>(socket, 'userLists:updated');
      const list = await create({ label: ' Gardeners ', capacity: 5 });
      expect(list).toMatchObject({ label: 'Gardeners', capacity: 5, users: 0, isFull: false, isAdmin: false, allowPermissions: false });
      expect(await heard).toEqual({ id: list.id });

      const changed = await api.call<UserListView>('POST', `userLists/${list.id}`, {
        token: admin,
        body: { changes: { label: 'Garden crew', capacity: null } },
      });
      expect(changed).toMatchObject({ status: 200, body: { label: 'Garden crew', capacity: null } });

      expect((await add(list.id, ['maya'])).status).toBe(200);
      const gone = nextEvent<{ id: string; deleted: boolean }>(socket, 'userLists:updated');
      const removed = nextEvent<{ userListId: string }>(socket, 'userLists:memberships:removed');
      expect((await api.call('DELETE', `userLists/${list.id}`, { token: admin })).status).toBe(204);
      expect(await gone).toEqual({ id: list.id, deleted: true });
      expect(await removed).toMatchObject({ userListId: list.id });
      expect(await api.call('GET', `userLists/${list.id}/users`, { token: admin })).toMatchObject({ status: 404 });
      expect((await api.call<ListMembershipStatesResponse>('GET', 'profile/listMembershipStates/maya/true', { token: maya })).body.states).not.toHaveProperty(
        list.id,
      );

      const other = await create({ label: 'Lowercase path' });
      expect((await api.call('DELETE', `userlists/${other.id}`, { token: admin })).status).toBe(204);
    } finally {
      socket.close();
    }

    const system = await create({ label: 'Platform list' });
    await api.server.ctx.store.transaction(async (tx) => putList(tx.raw, { ...(await listById(tx.raw, system.id))!, system: true }));
    expect(await api.call<Message>('DELETE', `userLists/${system.id}`, { token: admin })).toMatchObject({
      status: 400,
      body: { code: 'systemList', message: '"Platform list" is a system list: it cannot be deleted' },
    });
    expect(await api.call<Message>('POST', `userLists/${system.id}`, { token: admin, body: { changes: { dynamic: true } } })).toMatchObject({
      status: 400,
      body: { message: 'a system list keeps its dynamic' },
    });
    expect(await api.call<Message>('POST', `userLists/${system.id}/users`, { token: admin, body: { accounts: ['maya'] } })).toMatchObject({
      status: 400,
      body: { message: 'Users cannot be added to protected lists.', code: 'protectedList' },
    });
    expect((await api.call('POST', `userLists/${system.id}`, { token: admin, body: { changes: { label: 'Platform' } } })).status).toBe(200);
  });

  it('a list another domain says is in use is not deleted, with its reason', async () => {
    const used = await create({ label: 'Used by an application' });
    guardListDeletion(async (_db, id) => (id === used.id ? 'the application "Join us" adds its members to this list' : undefined));
    expect(await api.call<Message>('DELETE', `userLists/${used.id}`, { token: admin })).toMatchObject({
      status: 400,
      body: { code: 'listInUse', message: 'the application "Join us" adds its members to this list' },
    });
    expect((await api.call('GET', `userLists/${used.id}/users`, { token: admin })).status).toBe(200);
  });

  it('dynamic lists: the rule must compile without a problem; their members are set by the rule, never by hand', async () => {
    const before = await databaseSnapshot(api);
    const refused = async (body: unknown, message: RegExp) => {
      const res = await api.call<Message>('PUT', 'userLists', { token: admin, body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toMatch(message);
    };
    await refused({ userList: { label: 'No rule', dynamic: true } }, /a dynamic list needs a rule/);
    await refused({ userList: { label: 'Rule, not dynamic', rule: VALID_RULE } }, /only a dynamic list has a rule/);
    await refused(
      {
        userList: {
          label: 'Prototype path',
          dynamic: true,
          rule: { logicalOperator: 'all', rules: [{ kind: 'userField', subject: 'constructor.prototype', operator: 'isTrue' }] },
        },
      },
      /rule: invalid rule query/,
    );
    await refused(
      { userList: { label: 'Unknown kind', dynamic: true, rule: { logicalOperator: 'all', rules: [{ kind: 'nonsense', subject: 'x', operator: 'isTrue' }] } } },
      /kind/,
    );
    const proto = await api.call<Message>('PUT', 'userLists', {
      token: admin,
      rawBody: '{"userList":{"label":"Proto","dynamic":true,"rule":{"__proto__":{"logicalOperator":"all"}}}}',
      contentType: 'application/json',
    });
    expect(proto.status).toBe(400);
    expect(proto.body.message).toMatch(/__proto__/);
    await refused({ userList: { label: 'Extra', owner: 'maya' } }, /owner|additional/);
    await refused({ userList: { label: '' } }, /label/);
    expect(snapshotDifference(before, await databaseSnapshot(api))).toEqual([]);

    const dynamic = await create({ label: 'Volunteers by profile', dynamic: true, rule: VALID_RULE });
    expect(dynamic).toMatchObject({ dynamic: true, rule: VALID_RULE });
    expect(await add(dynamic.id, ['maya'])).toMatchObject({ status: 400, body: { message: 'Users cannot be added to protected lists.' } });
    expect(await api.call('DELETE', `userLists/${dynamic.id}/maya`, { token: admin })).toMatchObject({ status: 400 });
    expect(
      await api.call<Message>('POST', `userLists/${dynamic.id}`, {
        token: admin,
        body: { changes: { rule: { logicalOperator: 'all', rules: [{ kind: 'userField', subject: 'a.__proto__', operator: 'isTrue' }] } } },
      }),
    ).toMatchObject({
      status: 400,
    });
    expect((await api.call<ListMembershipStatesResponse>('GET', 'profile/listMembershipStates/maya/true', { token: maya })).body.states).not.toHaveProperty(
      dynamic.id,
    );
  });

  it('users of a list: newest first by cursor, filtered by states, with the total; unknown states refused', async () => {
    const list = await create({ label: 'Paged' });
    const accounts = ['bruno', 'chloe', 'dev', 'elif', 'farid'];
    for (const a of accounts) expect((await add(list.id, [a])).body.added).toEqual([a]);
    expect((await add(list.id, ['grace'], 'applied')).body.added).toEqual(['grace']);

    const seen: string[] = [];
    let cursor: string | null = '';
    for (let page = 0; cursor !== null && page < 10; page++) {
      const res: { status: number; body: ListUsersResponse } = await api.call<ListUsersResponse>(
        'GET',
        `userLists/${list.id}/users?states=accepted&limit=2&cursor=${cursor}`,
        {
          token: admin,
        },
      );
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(5);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.items.map((i) => i.accountId));
      cursor = res.body.next;
    }
    expect(cursor).toBeNull();
    expect(seen).toEqual([...accounts].reverse());
    const all = await api.call<ListUsersResponse>('GET', `userLists/${list.id}/users`, { token: admin });
    expect(all.body.total).toBe(6);
    expect(all.body.items[0]).toMatchObject({
      accountId: 'grace',
      state: 'applied',
      userListId: list.id,
      hidden: false,
      dynamic: false,
      name: expect.any(String),
    });
    expect((await api.call<ListUsersResponse>('GET', `userLists/${list.id}/users?states=applied,accepted&q=GRA`, { token: admin })).body).toMatchObject({
      total: 1,
      items: [{ accountId: 'grace' }],
    });
    // By name too: every word a prefix of a word of the member's name.
    for (const q of ['murphy', 'Grace%20Mur', 'gr%20mu'])
      expect((await api.call<ListUsersResponse>('GET', `userLists/${list.id}/users?q=${q}`, { token: admin })).body).toMatchObject({
        total: 1,
        items: [{ accountId: 'grace', name: 'Grace Murphy' }],
      });
    expect((await api.call<ListUsersResponse>('GET', `userLists/${list.id}/users?q=nobody%20here`, { token: admin })).body).toMatchObject({
      total: 0,
      items: [],
    });
    expect(await api.call<Message>('GET', `userLists/${list.id}/users?states=accepted,pending,__proto__`, { token: admin })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('unknown membership states: pending, __proto__') },
    });
    expect((await api.call('GET', `userLists/${list.id}/users?cursor=%%%`, { token: admin })).status).toBe(400);
    expect((await api.call('GET', `userLists/${list.id}/users?limit=0`, { token: admin })).status).toBe(400);
  });

  it('add and remove: the member hears both and her sockets are re-checked; moves follow engine/core; a full list adds nobody', async () => {
    const list = await create({ label: 'Small', capacity: 2 });
    const socket = await socketFor(api.url, victor);
    try {
      const added = nextEvent<ListMembershipView>(socket, 'userLists:memberships:added');
      const res = await add(list.id, ['victor', 'nobody-here', 'victor']);
      expect(res.body).toEqual({ added: ['victor'], skipped: [{ accountId: 'nobody-here', reason: 'unknown account' }] });
      expect(await added).toMatchObject({ userListId: list.id, accountId: 'victor', state: 'accepted', dynamic: false });
      expect((await add(list.id, ['victor'])).body.skipped).toEqual([{ accountId: 'victor', reason: 'already accepted' }]);

      const state = nextEvent<ListMembershipView>(socket, 'userLists:updated:state');
      expect((await add(list.id, ['victor'], 'completed')).body.added).toEqual(['victor']);
      expect(await state).toMatchObject({ state: 'completed' });
      // completed -> returned is no move of engine/core: skipped, naming both states.
      expect((await add(list.id, ['victor'], 'returned')).body.skipped).toEqual([
        { accountId: 'victor', reason: 'a membership cannot move from "completed" to "returned"' },
      ]);

      // Over capacity: all or nothing, 409 listFull.
      expect((await add(list.id, ['bruno'])).body.added).toEqual(['bruno']);
      const before = await accepted(list.id);
      expect(await add(list.id, ['chloe', 'dev'])).toMatchObject({ status: 409, body: { code: 'listFull', message: 'This list is full.' } });
      expect(await accepted(list.id)).toEqual(before);
      expect(await add('workshop-mentors', ['maya'])).toMatchObject({ status: 409, body: { code: 'listFull' } });

      const removed = nextEvent<{ id: string; userListId: string }>(socket, 'userLists:memberships:removed');
      expect((await api.call('DELETE', `userLists/${list.id}/victor`, { token: admin })).status).toBe(204);
      expect(await removed).toMatchObject({ userListId: list.id });
      expect(await api.call('DELETE', `userLists/${list.id}/victor`, { token: admin })).toMatchObject({ status: 404 });
      expect(await add('no-such-list', ['maya'])).toMatchObject({ status: 404 });
      expect(await add(list.id, ['maya'], 'pending')).toMatchObject({ status: 400 });
    } finally {
      socket.close();
    }
  });

  it('concurrent joins into the last place: exactly one of ten succeeds', async () => {
    const list = await create({ label: 'Last place', capacity: 1 });
    const who = ['hiro', 'imogen', 'jonas', 'kemi', 'lars', 'mei', 'nadia', 'owen', 'priya', 'quentin'];
    const results = await Promise.all(who.map((a) => add(list.id, [a])));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.code === 'listFull')).toHaveLength(9);
    expect(await accepted(list.id)).toHaveLength(1);
  });

  it('search, countUsers, getSome, getLeaderLists, setCapacity and byList', async () => {
    const search = await api.call<UserListView[]>('GET', 'userLists/search?q=MENTOR&limit=5', { token: elena });
    expect(search.body.map((l) => l.id)).toEqual(['demo-sprint-mentors', 'workshop-mentors']);
    expect((await api.call('GET', 'userLists/search?limit=51', { token: admin })).status).toBe(400);

    const counts = await api.call<ListCountUsersResponse>('POST', 'userLists/admin/countUsers', {
      token: admin,
      body: { listIds: ['makers', 'volunteers', 'workshop-mentors', 'nope'] },
    });
    const members = async (id: string) =>
      (await api.call<ListUsersResponse>('GET', `userLists/${id}/users?states=accepted&limit=1`, { token: admin })).body.total;
    expect(counts.body.counts).toEqual({ makers: await members('makers'), volunteers: await members('volunteers'), 'workshop-mentors': 2, nope: 0 });
    // Amara, Kemi, Uma and the admin are in both Makers and Volunteers: counted once in the total.
    expect(counts.body.total).toBeLessThan(counts.body.counts.makers + counts.body.counts.volunteers);
    expect((await api.call('POST', 'userLists/admin/countUsers', { token: admin, body: { listIds: ['makers'], states: ['nonsense'] } })).status).toBe(400);

    const some = await api.call<UserListSummary[]>('POST', 'userLists/getSome', { token: maya, body: { ids: ['makers', 'nope', 'workshop-mentors'] } });
    expect(some.body).toEqual([
      { id: 'makers', label: 'Makers', type: 'standard', capacity: null, isFull: false, dynamic: false },
      { id: 'workshop-mentors', label: 'Workshop mentors', type: 'standard', capacity: 2, isFull: true, dynamic: false },
    ]);

    const leaders = await create({ label: 'Mentor leaders', type: 'connection', connectionId: 'mentoring', entityId: 'workshop' });
    await add(leaders.id, ['maya']);
    expect((await api.call<UserListSummary[]>('GET', 'userLists/getLeaderLists/maya', { token: maya })).body.map((l) => l.id)).toEqual([leaders.id]);
    expect((await api.call<UserListSummary[]>('GET', 'userLists/getLeaderLists/maya/applied', { token: admin })).body).toEqual([]);
    expect((await api.call('GET', 'userLists/getLeaderLists/maya', { token: victor })).status).toBe(403);
    expect((await api.call('GET', 'userLists/getLeaderLists/maya/nonsense', { token: maya })).status).toBe(400);

    expect(await api.call('POST', 'userLists/setCapacity', { token: admin, body: { entityId: 'workshop', capacity: 1 } })).toMatchObject({
      status: 200,
      body: { id: leaders.id, capacity: 1, isFull: true },
    });
    expect(await api.call('POST', 'userLists/setCapacity', { token: admin, body: { listId: leaders.id, capacity: null } })).toMatchObject({
      status: 200,
      body: { capacity: null, isFull: false },
    });
    expect((await api.call('POST', 'userLists/setCapacity', { token: admin, body: { capacity: 3 } })).status).toBe(400);
    expect((await api.call('POST', 'userLists/setCapacity', { token: admin, body: { listId: leaders.id, capacity: -1 } })).status).toBe(400);

    expect(await api.call('GET', 'userLists/permissions/byList/makers', { token: elena })).toMatchObject({ status: 200, body: {} });
    expect((await api.call('GET', 'userLists/permissions/byList/nope', { token: admin })).status).toBe(404);
    expect((await api.call('GET', 'userLists/permissions/byList/makers', { token: maya })).status).toBe(403);
  });

  it('permission toggles: granted to accepted members while allowPermissions is on (Elena opens the userLists area); admin mode makes them admins', async () => {
    const toggle = (path: string) => api.call<UserListView & Message>('POST', `userLists/admin/makers/${path}`, { token: admin });
    expect((await api.call('POST', 'userLists/admin/countUsers', { token: elena, body: { listIds: ['makers'] } })).status).toBe(403);
    expect((await toggle('userLists.read/true')).body.permissions).toEqual(['userLists.read']);
    expect((await api.call('POST', 'userLists/admin/countUsers', { token: elena, body: { listIds: ['makers'] } })).status).toBe(403);
    expect((await toggle('allowPermissions/true')).body).toMatchObject({ allowPermissions: true });
    expect(await api.call('GET', 'userLists/permissions/byList/makers', { token: elena })).toMatchObject({ body: { userLists: { read: true } } });
    expect((await api.call('POST', 'userLists/admin/countUsers', { token: elena, body: { listIds: ['makers'] } })).status).toBe(200);
    // Reading is not changing: Elena's grant opens the area, not its writes.
    expect((await api.call('POST', 'userLists/admin/makers/isAdmin/true', { token: elena })).status).toBe(403);
    // Admin mode: Maya, a member accepted in makers, is an admin while it is on, and only then;
    // her open tabs are told to reload what they may see.
    const socket = await socketFor(api.url, maya);
    try {
      const told = nextEvent<{ userListId: string }>(socket, 'permissions:update');
      expect((await toggle('isAdmin/true')).body).toMatchObject({ isAdmin: true });
      expect(await told).toEqual({ userListId: 'makers' });
    } finally {
      socket.close();
    }
    expect((await api.call('POST', 'userLists/admin/countUsers', { token: maya, body: { listIds: ['makers'] } })).status).toBe(200);
    expect((await toggle('isAdmin/maybe')).status).toBe(400);
    expect((await toggle('nosuchsubject.read/true')).status).toBe(400);
    expect((await toggle('__proto__.read/true')).status).toBe(400);
    expect((await toggle('userLists.read/false')).body.permissions).toEqual([]);
    expect((await toggle('allowPermissions/false')).body).toMatchObject({ allowPermissions: false });
    expect((await toggle('isAdmin/false')).body).toMatchObject({ isAdmin: false });
    expect((await api.call('POST', 'userLists/admin/countUsers', { token: maya, body: { listIds: ['makers'] } })).status).toBe(403);
    expect((await api.call('POST', 'userLists/admin/countUsers', { token: elena, body: { listIds: ['makers'] } })).status).toBe(403);
  });

  it("a member's own memberships: listMemberships, states, toggleHidden; others' refused", async () => {
    const own = await api.call<{ id: string; userListId: string; state: string }[]>('GET', 'user/listMemberships', { token: maya });
    const makers = own.body.find((m) => m.userListId === 'makers')!;
    expect(makers).toMatchObject({ state: 'accepted' });
    const hidden = await api.call<ListMembershipView>('POST', `applications/membership/${makers.id}/toggleHidden`, { token: maya });
    expect(hidden).toMatchObject({ status: 200, body: { id: makers.id, hidden: true } });
    expect((await api.call('POST', `applications/membership/${makers.id}/toggleHidden`, { token: victor })).status).toBe(404);
    expect((await api.call<ListMembershipView>('POST', `applications/membership/${makers.id}/toggleHidden`, { token: admin })).body.hidden).toBe(false);

    expect((await api.call<ListMembershipStatesResponse>('GET', 'profile/listMembershipStates/maya/false', { token: maya })).body.states).toMatchObject({
      makers: 'accepted',
    });
    expect((await api.call('GET', 'profile/listMembershipStates/maya/false', { token: victor })).status).toBe(403);
    expect((await api.call('GET', 'profile/listMembershipStates/maya/true', { token: admin })).status).toBe(200);
  });

  it('a member calling each admin call is refused (403) and nothing changes', async () => {
    const before = await databaseSnapshot(api);
    const calls: [string, string, unknown?][] = [
      ['PUT', 'userLists', { userList: { label: 'Mine' } }],
      ['POST', 'userLists/makers', { changes: { label: 'Mine' } }],
      ['DELETE', 'userLists/makers'],
      ['DELETE', 'userlists/makers'],
      ['GET', 'userLists/makers/users'],
      ['POST', 'userLists/makers/users', { accounts: ['maya'] }],
      ['DELETE', 'userLists/makers/maya'],
      ['GET', 'userLists/search?q=a'],
      ['POST', 'userLists/admin/countUsers', { listIds: ['makers'] }],
      ['POST', 'userLists/admin/makers/isAdmin/true'],
      ['POST', 'userLists/admin/makers/allowPermissions/true'],
      ['POST', 'userLists/admin/makers/files.manage/true'],
      ['POST', 'userLists/setCapacity', { listId: 'makers', capacity: 1 }],
      ['GET', 'userLists/permissions/byList/makers'],
      ['GET', 'profile/listMembershipStates/victor/true'],
    ];
    for (const [method, path, body] of calls) {
      const res = await api.call<Message>(method, path, { token: maya, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect(snapshotDifference(before, await databaseSnapshot(api))).toEqual([]);
  });
});
