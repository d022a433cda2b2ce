/**
 * The members of a list (contract schemas/model/api/lists.ts): a page of them newest first by a
 * keyset cursor, adding (all or nothing over capacity) and removing by hand, counts by state, a
 * membership's hidden flag, and an account's states per list.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AVATAR_FIELD } from '../../engine/core/files';
import { MEMBERSHIP_STATUSES } from '../../engine/core/constants';
import { profilePublicName } from '../../engine/core/profile-privacy';
import { SUBJECTS } from '../../engine/core/permissions';
import type { Id, MembershipState, Profile } from '../../schemas/model';
import type {
  ListCountUsersRequest,
  ListCountUsersResponse,
  ListMembershipStatesResponse,
  ListUserRow,
  ListUsersAddRequest,
  ListUsersAddResponse,
  ListUsersResponse,
} from '../../schemas/model/api/lists';
import { mayOpenAdminArea } from '../../engine/core/admin-areas';
import { requireUser, type AppContext } from '../context';
import { badRequest, forbidden, HttpError, notFound } from '../errors';
import { can, isStaff, permissionHolder } from '../permissions';
import { requireListAdmin } from './list-access';
import { announceMembership, MEMBERSHIP_STATE, membershipView, moveMembership, removeMembership } from './move';
import { MEMBERSHIPS_KEY } from './memberships';
import { parseStates } from './list-input';
import { createMemberIndex } from '../search';
import { listById, listsByIds, listsDb } from './user-lists';

const ALL_STATES = [...MEMBERSHIP_STATUSES] as MembershipState[];

/** `<created_at>.<id>` of the last row shown, base64url: the next page starts after it. */
const encodeCursor = (createdAt: number, id: string) => Buffer.from(`${createdAt}.${id}`).toString('base64url');
function decodeCursor(text: string): { createdAt: number; id: string } {
  const raw = Buffer.from(text, 'base64url').toString('utf8');
  const dot = raw.indexOf('.');
  const createdAt = Number(raw.slice(0, dot));
  if (dot < 1 || !Number.isSafeInteger(createdAt) || !raw.slice(dot + 1)) throw badRequest('cursor is not one this call answered');
  return { createdAt, id: raw.slice(dot + 1) };
}

/** May this user read or change the list memberships of `accountId`: her own, or the userLists area. */
function mayManageMembershipsOf(user: Awaited<ReturnType<typeof requireUser>>, accountId: Id): boolean {
  const holder = permissionHolder(user);
  return accountId === user.account.accountId || (isStaff(holder) && mayOpenAdminArea(holder, 'userLists'));
}

/** Name matches a members-of-a-list search considers at most (a name query narrows fast; a letter or two is refined by typing on). */
const NAME_MATCHES_MAX = 1000;

export function memberRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = () => ctx.store.kysely;
  const nameIndex = createMemberIndex(ctx.engine);

  app.get<{ Params: { id: string }; Querystring: { states?: string; cursor?: string; limit?: string; q?: string } }>('/userLists/:id/users', async (req) => {
    await requireListAdmin(ctx, req, 'accessUserData', req.params.id);
    const id = req.params.id;
    const states = parseStates(req.query.states, ALL_STATES);
    const limit = req.query.limit === undefined ? 50 : Number(req.query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw badRequest('limit must be a whole number from 1 to 200');
    const after = typeof req.query.cursor === 'string' && req.query.cursor ? decodeCursor(req.query.cursor) : undefined;
    const q = typeof req.query.q === 'string' ? req.query.q.trim().toLowerCase().slice(0, 120) : '';
    if (!(await listById(db(), id))) throw notFound(`user list "${id.slice(0, 200)}" does not exist`);
    // q: a member's name (every word a prefix, through the search domain's member index) or a part of her account id.
    const named = q ? (await nameIndex.search(db(), { text: q, page: 1, limit: NAME_MATCHES_MAX })).hits.map((h) => h.accountId) : [];
    const base = listsDb(db())
      .selectFrom('list_memberships')
      .where('list_id', '=', id)
      .where('state', 'in', states)
      .$if(!!q, (qb) =>
        qb.where((eb) =>
          eb.or([eb(eb.fn('lower', ['account_id']), 'like', `%${q.replace(/[%_\\]/g, '')}%`), ...(named.length ? [eb('account_id', 'in', named)] : [])]),
        ),
      );
    const [rows, total] = await Promise.all([
      base
        .selectAll()
        .$if(!!after, (qb) =>
          qb.where((eb) => eb.or([eb('created_at', '<', after!.createdAt), eb.and([eb('created_at', '=', after!.createdAt), eb('id', '<', after!.id)])])),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute(),
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    ]);
    const shown = rows.slice(0, limit);
    const profiles = new Map((await ctx.store.getMany<Profile>('profile', [...new Set(shown.map((r) => r.account_id))])).map((d) => [d.id, d.data]));
    const items = shown.map((row): ListUserRow => {
      const values = profiles.get(row.account_id)?.data?.profile;
      const avatar = values?.[AVATAR_FIELD];
      return { ...membershipView(row), name: profilePublicName(values, row.account_id), ...(typeof avatar === 'string' && avatar ? { avatar } : {}) };
    });
    const last = shown[shown.length - 1];
    return {
      items,
      next: rows.length > limit && last ? encodeCursor(Number(last.created_at), last.id) : null,
      total: Number(total?.n ?? 0),
    } satisfies ListUsersResponse;
  });

  app.post<{ Params: { id: string } }>('/userLists/:id/users', async (req) => {
    await requireListAdmin(ctx, req, 'update', req.params.id);
    const { accounts, state = 'accepted' } = ctx.validator.body<ListUsersAddRequest>('list-users-add-request', req.body);
    const wanted = [...new Set(accounts)];
    const known = new Set((await ctx.store.getMany('account', wanted)).map((d) => d.id));
    const out: ListUsersAddResponse = { added: [], skipped: [] };
    // One transaction: over capacity, the 409 rolls every add back (all or nothing).
    await ctx.store.transaction(async (tx) => {
      for (const accountId of wanted) {
        if (!known.has(accountId)) {
          out.skipped.push({ accountId, reason: 'unknown account' });
          continue;
        }
        try {
          const moved = await moveMembership(ctx, tx, { listId: req.params.id, accountId, to: state, actor: 'admin' });
          if (moved.changed) out.added.push(accountId);
          else out.skipped.push({ accountId, reason: `already ${state}` });
        } catch (error) {
          if (!(error instanceof HttpError) || error.code !== 'moveRefused') throw error;
          out.skipped.push({ accountId, reason: error.message });
        }
      }
    });
    return out;
  });

  app.delete<{ Params: { id: string; accountId: string } }>('/userLists/:id/:accountId', async (req, reply) => {
    await requireListAdmin(ctx, req, 'update', req.params.id);
    const removed = await ctx.store.transaction((tx) => removeMembership(ctx, tx, { listId: req.params.id, accountId: req.params.accountId, actor: 'admin' }));
    if (!removed) throw notFound(`"${req.params.accountId.slice(0, 200)}" is not a member of the list "${req.params.id.slice(0, 200)}"`);
    return reply.code(204).send();
  });

  app.post('/userLists/admin/countUsers', async (req) => {
    await requireListAdmin(ctx, req, 'read');
    const { listIds, states = ['accepted'] } = ctx.validator.body<ListCountUsersRequest>('list-count-users-request', req.body);
    const ids = [...new Set(listIds)];
    const by = listsDb(db())
      .selectFrom('list_memberships')
      .where('list_id', 'in', ids)
      .where('state', 'in', [...new Set(states)]);
    const [perList, distinct] = await Promise.all([
      by
        .select(['list_id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .groupBy('list_id')
        .execute(),
      by.select((eb) => eb.fn.count<number | string>('account_id').distinct().as('n')).executeTakeFirst(),
    ]);
    const counts: Record<string, number> = {};
    for (const id of ids) Object.defineProperty(counts, id, { value: 0, enumerable: true, writable: true, configurable: true });
    for (const r of perList) counts[r.list_id] = Number(r.n);
    return { counts, total: Number(distinct?.n ?? 0) } satisfies ListCountUsersResponse;
  });

  app.post<{ Params: { id: string } }>('/applications/membership/:id/toggleHidden', async (req) => {
    const user = await requireUser(ctx, req);
    const row = await listsDb(db()).selectFrom('list_memberships').selectAll().where('id', '=', req.params.id).executeTakeFirst();
    // Someone else's membership answers as an unknown one: its id tells nothing.
    if (!row || !mayManageMembershipsOf(user, row.account_id)) throw notFound(`membership "${req.params.id.slice(0, 200)}" does not exist`);
    const updated = await ctx.store.transaction(async (tx) => {
      const current = await listsDb(tx.raw).selectFrom('list_memberships').selectAll().where('id', '=', row.id).executeTakeFirst();
      if (!current) throw notFound(`membership "${row.id}" does not exist`);
      const next = { ...current, hidden: Number(current.hidden) === 1 ? 0 : 1, updated_at: Date.now() };
      await listsDb(tx.raw).updateTable('list_memberships').set({ hidden: next.hidden, updated_at: next.updated_at }).where('id', '=', row.id).execute();
      tx.changed(MEMBERSHIPS_KEY, row.account_id);
      return membershipView(next);
    });
    void announceMembership(ctx, row.account_id, MEMBERSHIP_STATE, updated);
    return updated;
  });

  const statesOf = async (req: FastifyRequest<{ Params: { id: string; includeDynamic: string } }>) => {
    const user = await requireUser(ctx, req);
    const { id: accountId, includeDynamic } = req.params;
    if (includeDynamic !== 'true' && includeDynamic !== 'false') throw badRequest(`includeDynamic must be true or false, not "${includeDynamic.slice(0, 40)}"`);
    if (!mayManageMembershipsOf(user, accountId) && !can(user, 'read', SUBJECTS.profiles, accountId))
      throw forbidden(`You may not read the list memberships of "${accountId.slice(0, 200)}" (the userLists area or profiles read)`);
    if (!(await ctx.store.get('account', accountId))) throw notFound(`profile "${accountId.slice(0, 200)}" does not exist`);
    const rows = await listsDb(db()).selectFrom('list_memberships').selectAll().where('account_id', '=', accountId).orderBy('created_at').execute();
    const dynamic = new Set((await listsByIds(db(), [...new Set(rows.map((r) => r.list_id))])).filter((l) => l.dynamic).map((l) => l.id));
    const states: Record<string, MembershipState> = {};
    for (const r of rows)
      if ((MEMBERSHIP_STATUSES as readonly string[]).includes(r.state) && (includeDynamic === 'true' || !dynamic.has(r.list_id)))
        Object.defineProperty(states, r.list_id, { value: r.state, enumerable: true, writable: true, configurable: true });
    return { states } satisfies ListMembershipStatesResponse;
  };
  app.get<{ Params: { id: string; includeDynamic: string } }>('/profile/listMembershipStates/:id/:includeDynamic', statesOf);
}
