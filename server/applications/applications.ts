/**
 * Applications (community §3 Application): reading them with their lists and pending counts, and
 * the admin's changes. What other domains call: `countPendingRequests` (the admin dashboard) and
 * `applicationsUsingList` (a list an application uses is not deleted).
 */
import type { Kysely } from 'kysely';
import { PENDING_REQUEST_STATES } from '../../engine/core/membership-moves';
import type { Id } from '../../schemas/model';
import type { ApplicationView } from '../../schemas/model/api/applications';
import { listsByIds } from '../lists';
import type { DB } from '../storage/database';
import { applicationsDb } from './applications-table';
import { readApplication, type ApplicationRecord } from './records';

/** An application by id; deleted ones only when asked (their archived requests still name them). */
export async function applicationById(db: Kysely<DB>, id: Id, opts: { deleted?: boolean } = {}): Promise<ApplicationRecord | undefined> {
  const row = await applicationsDb(db).selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirst();
  const app = row && readApplication(row);
  return app && (!app.deleted || opts.deleted) ? app : undefined;
}

/** Every application not deleted, in label order. */
export async function allApplications(db: Kysely<DB>): Promise<ApplicationRecord[]> {
  const rows = await applicationsDb(db).selectFrom('applications').selectAll().where('deleted_at', 'is', null).execute();
  return rows.map(readApplication).sort((a, b) => a.label.localeCompare(b.label) || (a.id < b.id ? -1 : 1));
}

/** These applications by id, deleted ones too (archived requests keep naming them). */
export async function applicationsByIds(db: Kysely<DB>, ids: readonly Id[]): Promise<Map<Id, ApplicationRecord>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await applicationsDb(db).selectFrom('applications').selectAll().where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, readApplication(r)]));
}

/** Open requests not yet decided, per application (each present, maybe 0). */
export async function pendingCounts(db: Kysely<DB>, ids: readonly Id[]): Promise<Map<Id, number>> {
  const out = new Map<Id, number>(ids.map((id) => [id, 0]));
  if (!ids.length) return out;
  const rows = await applicationsDb(db)
    .selectFrom('membership_requests')
    .select(['application_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('application_id', 'in', [...new Set(ids)])
    .where('state', 'in', [...PENDING_REQUEST_STATES])
    .where('archived', '=', 0)
    .groupBy('application_id')
    .execute();
  for (const r of rows) out.set(r.application_id, Number(r.n));
  return out;
}

/** Requests waiting for an admin across the applications not deleted (the admin dashboard). */
export async function countPendingRequests(db: Kysely<DB>): Promise<number> {
  const row = await applicationsDb(db)
    .selectFrom('membership_requests')
    .innerJoin('applications', 'applications.id', 'membership_requests.application_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('membership_requests.state', 'in', [...PENDING_REQUEST_STATES])
    .where('membership_requests.archived', '=', 0)
    .where('applications.deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Labels of the applications (not deleted) that join this list. */
export async function applicationsUsingList(db: Kysely<DB>, listId: Id): Promise<string[]> {
  const rows = await applicationsDb(db).selectFrom('applications').select('label').where('list_id', '=', listId).where('deleted_at', 'is', null).execute();
  return rows.map((r) => r.label);
}

/** The views of these applications, with their lists' labels and pending counts. */
export async function applicationViews(db: Kysely<DB>, apps: readonly ApplicationRecord[]): Promise<ApplicationView[]> {
  const [lists, pending] = await Promise.all([
    listsByIds(
      db,
      apps.map((a) => a.listId),
    ),
    pendingCounts(
      db,
      apps.map((a) => a.id),
    ),
  ]);
  const labels = new Map(lists.map((l) => [l.id, l.label]));
  return apps.map((a) => ({
    id: a.id,
    label: a.label,
    state: a.state,
    userListId: a.listId,
    userListLabel: labels.get(a.listId) ?? a.listId,
    fields: a.fields,
    ...(a.emailTemplateId ? { emailTemplateId: a.emailTemplateId } : {}),
    ...(a.landingPage ? { landingPage: a.landingPage } : {}),
    pending: pending.get(a.id) ?? 0,
  }));
}
