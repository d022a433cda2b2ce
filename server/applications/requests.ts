/**
 * Membership requests as admins and members read them: pages of the admin queue and the archive
 * newest first by keyset (created_at, id; the cursor signed, so a tampered one is a 400), a
 * request's detail with its history and the moves an admin may make now, a member's own requests.
 */
import type { Kysely } from 'kysely';
import { membershipMoves } from '../../engine/core/membership-moves';
import type { Id, MembershipState } from '../../schemas/model';
import type { MembershipRequestDetail, MembershipRequestView } from '../../schemas/model/api/applications';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { sendersOf } from '../notifications/notification-rows';
import { readSignedValue, signValue } from '../notifications/signed-values';
import type { DB } from '../storage/database';
import { applicationsDb } from './applications-table';
import { applicationsByIds } from './applications';
import { readEvent, readRequest, type RequestRecord } from './records';

export const REQUEST_PAGE_SIZE = 25;
export const REQUEST_PAGE_MAX = 100;

export interface RequestQuery {
  applicationId?: Id;
  states?: readonly MembershipState[];
  archived: boolean;
  /** The last request of the previous page. */
  after?: { createdAt: number; id: Id };
  limit: number;
}

export interface RequestPage {
  items: RequestRecord[];
  /** The last item, when there are more. */
  last?: RequestRecord;
}

export async function requestPage(db: Kysely<DB>, query: RequestQuery): Promise<RequestPage> {
  const rows = await applicationsDb(db)
    .selectFrom('membership_requests')
    .selectAll()
    .where('archived', '=', query.archived ? 1 : 0)
    .$if(query.applicationId !== undefined, (q) => q.where('application_id', '=', query.applicationId!))
    .$if(!!query.states?.length, (q) => q.where('state', 'in', [...query.states!]))
    .$if(!!query.after, (q) =>
      q.where((eb) =>
        eb.or([eb('created_at', '<', query.after!.createdAt), eb.and([eb('created_at', '=', query.after!.createdAt), eb('id', '<', query.after!.id)])]),
      ),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const items = rows.slice(0, query.limit).map(readRequest);
  return rows.length > query.limit ? { items, last: items[items.length - 1] } : { items };
}

const CURSOR = 'membership request cursor';

export const requestCursor = (ctx: AppContext, last: RequestRecord) => signValue(ctx, CURSOR, [last.createdAt, last.id]);

export function readRequestCursor(ctx: AppContext, raw: unknown): RequestQuery['after'] {
  if (raw === undefined || raw === '') return undefined;
  const value = readSignedValue(ctx, CURSOR, raw);
  if (!Array.isArray(value) || typeof value[0] !== 'number' || typeof value[1] !== 'string')
    throw badRequest('cursor is not one this server gave: pass the previous page\'s "next" as it was');
  return { createdAt: value[0], id: value[1] };
}

export async function requestById(db: Kysely<DB>, id: Id): Promise<RequestRecord | undefined> {
  const row = await applicationsDb(db).selectFrom('membership_requests').selectAll().where('id', '=', id).executeTakeFirst();
  return row && readRequest(row);
}

/** A member's own requests, most recently changed first. */
export async function requestsOf(db: Kysely<DB>, accountId: Id): Promise<RequestRecord[]> {
  const rows = await applicationsDb(db)
    .selectFrom('membership_requests')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return rows.map(readRequest);
}

/** A member's request of one application and entity. */
export async function requestOf(db: Kysely<DB>, applicationId: Id, accountId: Id, entityId: Id | undefined): Promise<RequestRecord | undefined> {
  const row = await applicationsDb(db)
    .selectFrom('membership_requests')
    .selectAll()
    .where('application_id', '=', applicationId)
    .where('account_id', '=', accountId)
    .where('entity_id', '=', entityId ?? '')
    .executeTakeFirst();
  return row && readRequest(row);
}

/** Requests as listed, with the applicant's name and avatar and the application's label and list. Requests without a readable state are left out. */
export async function requestViews(ctx: AppContext, requests: readonly RequestRecord[]): Promise<MembershipRequestView[]> {
  const [apps, people] = await Promise.all([
    applicationsByIds(
      ctx.store.kysely,
      requests.map((r) => r.applicationId),
    ),
    sendersOf(
      ctx,
      requests.map((r) => r.accountId),
    ),
  ]);
  return requests.flatMap((r) => {
    if (r.state === null) return [];
    const app = apps.get(r.applicationId);
    const person = people.get(r.accountId);
    return [
      {
        id: r.id,
        applicationId: r.applicationId,
        applicationLabel: app?.label ?? r.applicationId,
        userListId: app?.listId ?? '',
        accountId: r.accountId,
        name: person?.name ?? r.accountId,
        ...(person?.avatar ? { avatar: person.avatar } : {}),
        ...(r.entityId ? { entityId: r.entityId } : {}),
        state: r.state,
        listMembershipId: r.listMembershipId ?? '',
        archived: r.archived,
        createdAt: r.createdAt,
        updatedAt: r.updatedAt,
      },
    ];
  });
}

/** A request as the admin's detail shows it; undefined when its stored state is unreadable. */
export async function requestDetail(ctx: AppContext, request: RequestRecord): Promise<MembershipRequestDetail | undefined> {
  const [view] = await requestViews(ctx, [request]);
  if (!view) return undefined;
  const db = applicationsDb(ctx.store.kysely);
  const [apps, events] = await Promise.all([
    applicationsByIds(ctx.store.kysely, [request.applicationId]),
    db.selectFrom('membership_request_events').selectAll().where('request_id', '=', request.id).orderBy('at').orderBy('id').limit(1000).execute(),
  ]);
  const app = apps.get(request.applicationId);
  const history = events.map(readEvent).filter((e) => e !== undefined);
  // Who moved it, by name: the admins who decided, not their account ids.
  const deciders = await sendersOf(
    ctx,
    history.map((e) => e.byAccountId),
  );
  return {
    ...view,
    answers: request.answers,
    fields: app?.fields ?? [],
    history: history.map((e) => ({ ...e, byName: deciders.get(e.byAccountId)?.name ?? e.byAccountId })),
    // A deleted application's requests are only read: nothing decides them any more.
    moves: app && !app.deleted ? [...membershipMoves(request.state, 'admin')] : [],
  };
}
