/**
 * The user-list calls (schemas/model/api/lists.ts; community §7 "User lists", §5, §6, §8): the
 * lists themselves, their permission toggles and the reads other screens make. Members of a list
 * are ./member-routes.ts.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SUBJECTS } from '../../engine/core/permissions';
import type { Id } from '../../schemas/model';
import type {
  ListAdminPermissionsRequest,
  ListGetSomeRequest,
  ListSetCapacityRequest,
  UserListCreateRequest,
  UserListUpdateRequest,
} from '../../schemas/model/api/lists';
import { parsePermission, ungrantable } from '../../engine/core/admin-permissions';
import { requireStaff, requireUser, type AppContext } from '../context';
import { badRequest, forbidden, HttpError, notFound } from '../errors';
import { isStaff, permissionHolder } from '../permissions';
import { listDeletionRefusal } from './deletion-guards';
import { requireListAdmin } from './list-access';
import { announceListChanged, announceListPowersChanged } from './list-events';
import { dynamicListSaved } from './dynamic-job';
import { applyListInput, parseStates } from './list-input';
import { announceMembership, lockList, MEMBERSHIP_REMOVED } from './move';
import { MEMBERSHIPS_KEY } from './memberships';
import { allLists, listById, listGrants, listsDb, listSummary, listViews, newList, putList, placeCounts, type UserListRecord } from './user-lists';

const SUBJECT_NAMES: ReadonlySet<string> = new Set(Object.values(SUBJECTS));
const ACTION = /^[A-Za-z][A-Za-z0-9]{0,59}$/;

function parseMode(mode: string): boolean {
  if (mode !== 'true' && mode !== 'false') throw badRequest(`mode must be true or false, not "${mode.slice(0, 40)}"`);
  return mode === 'true';
}

async function viewOf(ctx: AppContext, list: UserListRecord) {
  return (await listViews(ctx.store.kysely, [list]))[0];
}

/** The list or 404. */
async function existing(ctx: AppContext, id: Id): Promise<UserListRecord> {
  const list = await listById(ctx.store.kysely, id);
  if (!list) throw notFound(`user list "${id.slice(0, 200)}" does not exist`);
  return list;
}

/** Changes a list in one transaction (its row locked) and tells everyone after. */
async function changeList(ctx: AppContext, id: Id, change: (list: UserListRecord) => UserListRecord): Promise<UserListRecord> {
  const saved = await ctx.store.transaction(async (tx) => {
    const before = await lockList(ctx, tx, id);
    const next = { ...change(before), updatedAt: Date.now() };
    await putList(tx.raw, next);
    // Made dynamic or given a new rule: every profile is evaluated for it by a job, once this commits.
    await dynamicListSaved(ctx, tx, before, next);
    return next;
  });
  announceListChanged(ctx, id);
  return saved;
}

export function listRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = () => ctx.store.kysely;

  // Every list as staff see it (§6: loading user lists requires an elevated user); `name` for the view-as picker.
  app.get('/userLists', async (req) => {
    await requireStaff(ctx, req, 'user lists');
    return listViews(db(), await allLists(db()));
  });

  app.put('/userLists', async (req, reply) => {
    await requireListAdmin(ctx, req, 'create');
    const { userList } = ctx.validator.body<UserListCreateRequest>('user-list-create-request', req.body);
    const id = `ul-${crypto.randomUUID()}`;
    const list = applyListInput(ctx, newList(id, { label: userList.label }), userList);
    await ctx.store.transaction(async (tx) => {
      await putList(tx.raw, list);
      await dynamicListSaved(ctx, tx, undefined, list);
    });
    announceListChanged(ctx, id);
    return reply.code(201).send(await viewOf(ctx, list));
  });

  app.post<{ Params: { id: string } }>('/userLists/:id', async (req) => {
    await requireListAdmin(ctx, req, 'update', req.params.id);
    const { changes } = ctx.validator.body<UserListUpdateRequest>('user-list-update-request', req.body);
    await existing(ctx, req.params.id);
    return viewOf(ctx, await changeList(ctx, req.params.id, (list) => applyListInput(ctx, list, changes)));
  });

  const remove = async (req: FastifyRequest<{ Params: { id: string } }>, reply: { code(n: number): { send(): unknown } }) => {
    await requireListAdmin(ctx, req, 'delete', req.params.id);
    const id = req.params.id;
    const removed = await ctx.store.transaction(async (tx) => {
      const list = await lockList(ctx, tx, id);
      if (list.system) throw new HttpError(400, 'badRequest', `"${list.label}" is a system list: it cannot be deleted`, 'systemList');
      const refusal = await listDeletionRefusal(tx.raw, id);
      if (refusal) throw new HttpError(400, 'badRequest', refusal, 'listInUse');
      const rows = await listsDb(tx.raw).selectFrom('list_memberships').select(['id', 'account_id']).where('list_id', '=', id).execute();
      await listsDb(tx.raw).deleteFrom('list_memberships').where('list_id', '=', id).execute();
      await listsDb(tx.raw).deleteFrom('user_lists').where('id', '=', id).execute();
      for (const accountId of new Set(rows.map((r) => r.account_id))) tx.changed(MEMBERSHIPS_KEY, accountId);
      return rows;
    });
    for (const r of removed) void announceMembership(ctx, r.account_id, MEMBERSHIP_REMOVED, { id: r.id, userListId: id });
    announceListChanged(ctx, id, true);
    return reply.code(204).send();
  };
  app.delete<{ Params: { id: string } }>('/userLists/:id', remove);
  app.delete<{ Params: { id: string } }>('/userlists/:id', remove);

  app.get<{ Querystring: { q?: string; limit?: string } }>('/userLists/search', async (req) => {
    await requireStaff(ctx, req, 'user lists');
    const q = typeof req.query.q === 'string' ? req.query.q.trim().toLowerCase().slice(0, 120) : '';
    const limit = req.query.limit === undefined ? 10 : Number(req.query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 50) throw badRequest('limit must be a whole number from 1 to 50');
    const found = (await allLists(db())).filter((l) => l.label.toLowerCase().includes(q)).slice(0, limit);
    return listViews(db(), found);
  });

  app.post('/userLists/getSome', async (req) => {
    await requireUser(ctx, req);
    const { ids } = ctx.validator.body<ListGetSomeRequest>('list-get-some-request', req.body);
    const lists = (await allLists(db())).filter((l) => ids.includes(l.id));
    const counts = await placeCounts(
      db(),
      lists.map((l) => l.id),
    );
    return lists.map((l) => listSummary(l, counts.get(l.id) ?? 0));
  });

  const leaderLists = async (req: FastifyRequest<{ Params: { accountId: string; states?: string } }>) => {
    const user = await requireUser(ctx, req);
    const { accountId } = req.params;
    if (accountId !== user.account.accountId && !isStaff(user.account)) throw forbidden(`You may not read the leader lists of "${accountId.slice(0, 200)}"`);
    const states = parseStates(req.params.states, ['accepted']);
    const rows = await listsDb(db())
      .selectFrom('list_memberships')
      .innerJoin('user_lists', 'user_lists.id', 'list_memberships.list_id')
      .select('user_lists.id')
      .distinct()
      .where('list_memberships.account_id', '=', accountId)
      .where('list_memberships.state', 'in', states)
      .where('user_lists.connection_id', 'is not', null)
      .execute();
    const lists = (await allLists(db())).filter((l) => rows.some((r) => r.id === l.id));
    const counts = await placeCounts(
      db(),
      lists.map((l) => l.id),
    );
    return lists.map((l) => listSummary(l, counts.get(l.id) ?? 0));
  };
  app.get<{ Params: { accountId: string } }>('/userLists/getLeaderLists/:accountId', leaderLists);
  app.get<{ Params: { accountId: string; states: string } }>('/userLists/getLeaderLists/:accountId/:states', leaderLists);

  app.post('/userLists/setCapacity', async (req) => {
    const request = ctx.validator.body<ListSetCapacityRequest>('list-set-capacity-request', req.body);
    await requireListAdmin(ctx, req, 'update', request.listId);
    let id = request.listId;
    if (!id) {
      if (!request.entityId && !request.connectionId) throw badRequest('name the list: listId, or entityId and/or connectionId');
      const found = (await allLists(db())).filter(
        (l) => (!request.entityId || l.entityId === request.entityId) && (!request.connectionId || l.connectionId === request.connectionId),
      );
      if (!found.length) throw notFound('no user list of that entity and connection');
      if (found.length > 1) throw badRequest(`${found.length} lists match that entity and connection: name one by listId`);
      id = found[0].id;
      await requireListAdmin(ctx, req, 'update', id);
    }
    await existing(ctx, id);
    return viewOf(ctx, await changeList(ctx, id, (list) => ({ ...list, capacity: request.capacity })));
  });

  app.get<{ Params: { id: string } }>('/userLists/permissions/byList/:id', async (req) => {
    await requireStaff(ctx, req, 'list permissions');
    return listGrants(await existing(ctx, req.params.id));
  });

  // Permission toggles (§6): admin mode, allow-permissions, and one grant at a time.
  const toggle = (apply: (list: UserListRecord, on: boolean, permission?: string) => UserListRecord) => {
    return async (req: FastifyRequest<{ Params: { id: string; mode: string; permission?: string } }>) => {
      await requireListAdmin(ctx, req, 'managePermissions', req.params.id);
      const on = parseMode(req.params.mode);
      const permission = req.params.permission;
      if (permission !== undefined) {
        const dot = permission.lastIndexOf('.');
        const subject = permission.slice(0, dot);
        if (dot < 1 || !SUBJECT_NAMES.has(subject) || !ACTION.test(permission.slice(dot + 1)))
          throw badRequest(
            `"${permission.slice(0, 120)}" is no permission: name one as <subject>.<action>, the subject one of ${[...SUBJECT_NAMES].join(', ')}`,
          );
      }
      await existing(ctx, req.params.id);
      const view = await viewOf(ctx, await changeList(ctx, req.params.id, (list) => apply(list, on, permission)));
      announceListPowersChanged(ctx, req.params.id);
      return view;
    };
  };
  app.post<{ Params: { id: string; mode: string } }>(
    '/userLists/admin/:id/isAdmin/:mode',
    toggle((list, on) => ({ ...list, isAdmin: on })),
  );
  app.post<{ Params: { id: string; mode: string } }>(
    '/userLists/admin/:id/allowPermissions/:mode',
    toggle((list, on) => ({ ...list, allowPermissions: on })),
  );
  app.post<{ Params: { id: string; permission: string; mode: string } }>(
    '/userLists/admin/:id/:permission/:mode',
    toggle((list, on, permission) => ({
      ...list,
      permissions: on ? [...new Set([...list.permissions, permission!])].sort() : list.permissions.filter((p) => p !== permission),
    })),
  );

  // Every administration permission at once (core §2.6 "edit all admin permissions"): all written in
  // one transaction or none; nobody grants what they do not hold, judged against the list as it is
  // when its row is locked (engine/core/admin-permissions.ts).
  app.put<{ Params: { id: string } }>('/userLists/admin/:id/permissions', async (req) => {
    const user = await requireListAdmin(ctx, req, 'managePermissions', req.params.id);
    const body = ctx.validator.body<ListAdminPermissionsRequest>('list-admin-permissions-request', req.body);
    const bad = body.permissions.filter((p) => !parsePermission(p));
    if (bad.length)
      throw badRequest(
        `${bad.map((p) => `"${p.slice(0, 120)}"`).join(', ')} ${bad.length > 1 ? 'are no permissions' : 'is no permission'}: name each as <subject>.<action>, the subject one of ${[...SUBJECT_NAMES].join(', ')}`,
      );
    await existing(ctx, req.params.id);
    const permissions = [...new Set(body.permissions)].sort();
    const holder = permissionHolder(user);
    const saved = await changeList(ctx, req.params.id, (list) => {
      const refused = ungrantable(holder, list, { isAdmin: body.isAdmin, allowPermissions: body.allowPermissions, permissions });
      if (refused.length) throw forbidden(`You may not grant what you do not hold: ${refused.join(', ')}`);
      return { ...list, isAdmin: body.isAdmin, allowPermissions: body.allowPermissions, permissions };
    });
    announceListPowersChanged(ctx, req.params.id);
    return viewOf(ctx, saved);
  });
}
