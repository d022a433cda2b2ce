/**
 * Dynamic lists (issue 30 item 2): a profile write re-evaluates only the dynamic lists whose rules
 * read a field it changed, and moves the member in or out with the events of a manual change; a
 * rule change re-evaluates every profile through the `lists.evaluateDynamic` job. The demo's
 * "Riverside members" (profile city equals Riverside) holds Farid, Priya and Zoe.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import type { ListMembership } from '../../schemas/model';
import type { ListMembershipRemovedEvent, ListMembershipView, ListUsersResponse, UserListView } from '../../schemas/model/api/lists';
import type { JobsTable } from '../../server/jobs/jobs-table';
import { EVALUATE_DYNAMIC_JOB } from '../../server/lists/dynamic-job';
import { ruleEngineFor } from '../../server/permissions';
import { describeBackends } from '../helpers/backends';
import { nextEvent, recordEvents, settle, socketFor, type Socket } from '../helpers/sockets';

const FORM = 'profile-about-form';
const cityIs = (city: string) => ({ logicalOperator: 'all', rules: [{ kind: 'field', subject: 'city', operator: 'equals', value: city }] });

describeBackends('dynamic lists', { env: { JOBS_POLL_MS: '100' } }, (api) => {
  let admin: string;
  let maya: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    [admin, maya] = await Promise.all([api.signIn('admin'), api.signIn('maya')]);
  });
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  const save = async (changes: Record<string, unknown>) => {
    const res = await api.call('POST', 'profile/maya', { token: maya, body: { blockId: FORM, changes } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const mayaIn = async (listId: string) =>
    (await api.call<ListMembership[]>('GET', 'user/listMemberships', { token: maya })).body.find((m) => m.userListId === listId);
  const members = async (listId: string) =>
    (await api.call<ListUsersResponse>('GET', `userLists/${listId}/users?limit=50`, { token: admin })).body.items.map((r) => r.accountId).sort();

  it('the demo Riverside list is dynamic and holds the members living in Riverside', async () => {
    const lists = (await api.call<UserListView[]>('GET', 'userLists', { token: admin })).body;
    expect(lists.find((l) => l.id === 'riverside')).toMatchObject({ label: 'Riverside members', dynamic: true, rule: cityIs('Riverside'), users: 3 });
    expect(await members('riverside')).toEqual(['farid', 'priya', 'zoe']);
  });

  it('a profile write that changes the city joins and leaves the Riverside list, with the events to her own room', async () => {
    const socket = await socketFor(api.url, maya);
    sockets.push(socket);
    const added = nextEvent<ListMembershipView>(socket, 'userLists:memberships:added');
    await save({ city: 'Riverside' });
    expect(await added).toMatchObject({ userListId: 'riverside', accountId: 'maya', state: 'accepted', dynamic: true });
    expect(await mayaIn('riverside')).toMatchObject({ state: 'accepted' });
    expect(await members('riverside')).toEqual(['farid', 'maya', 'priya', 'zoe']);

    const removed = nextEvent<ListMembershipRemovedEvent>(socket, 'userLists:memberships:removed');
    await save({ city: 'London' });
    expect(await removed).toMatchObject({ userListId: 'riverside', id: (await added).id });
    expect(await mayaIn('riverside')).toBeUndefined();
  });

  it('a write to a field no dynamic rule reads evaluates no list; a city write evaluates only the lists reading the city', async () => {
    const engine = ruleEngineFor(api.server.ctx.registry);
    const evaluations = vi.spyOn(engine, 'evaluateCompiled');
    try {
      const socket = await socketFor(api.url, maya);
      sockets.push(socket);
      const events = recordEvents(socket);
      await save({ headline: 'Furniture maker and lathe turner' });
      expect(evaluations).not.toHaveBeenCalled();
      await save({ city: 'Paris' });
      // Riverside is the only dynamic list reading the city (the others of this server read other fields).
      const cityLists = (await api.call<UserListView[]>('GET', 'userLists', { token: admin })).body.filter(
        (l) => l.dynamic && JSON.stringify(l.rule).includes('"city"'),
      );
      expect(evaluations).toHaveBeenCalledTimes(cityLists.length);
      await settle();
      expect(events.filter((e) => e.event.startsWith('userLists:'))).toEqual([]);
    } finally {
      evaluations.mockRestore();
    }
  });

  it('a rule change re-evaluates every profile through the job, not in the request', async () => {
    const changed = await api.call<UserListView>('POST', 'userLists/riverside', { token: admin, body: { changes: { rule: cityIs('London') } } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const jobs = (api.server.ctx.store.kysely as unknown as Kysely<{ jobs: JobsTable }>)
      .selectFrom('jobs')
      .selectAll()
      .where('name', '=', EVALUATE_DYNAMIC_JOB);
    expect((await jobs.execute()).length).toBe(1);
    // The London members of the demo, and nobody from Riverside any more.
    await expect.poll(() => members('riverside'), { timeout: 20_000 }).toEqual(['amara', 'kemi', 'uma']);
    await expect.poll(async () => (await jobs.execute())[0]?.state, { timeout: 10_000 }).toBe('complete');
    // A label change is no rule change: no new job.
    await api.call('POST', 'userLists/riverside', { token: admin, body: { changes: { label: 'Londoners' } } });
    expect((await jobs.execute()).length).toBe(1);
  });

  it('refuses a dynamic rule reading anything but profile fields, naming it; nothing is stored', async () => {
    const res = await api.call<{ message: string }>('PUT', 'userLists', {
      token: admin,
      body: {
        userList: {
          label: 'Makers again',
          dynamic: true,
          rule: { logicalOperator: 'all', rules: [{ kind: 'userList', subject: '', operator: 'inListSomeSelected', value: ['makers'] }] },
        },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/not a profile field/);
    const lists = (await api.call<UserListView[]>('GET', 'userLists', { token: admin })).body;
    expect(lists.some((l) => l.label === 'Makers again')).toBe(false);
  });
});
