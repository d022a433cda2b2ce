/** Shared steps of the notifications suites: waiting for the demo's fan-out, reading rows straight from the database. */
import type { Kysely } from 'kysely';
import type { NotificationsTables } from '../../server/notifications/notifications-table';
import type { ApiServer } from './api-server';
import { until } from './until';

export const notificationTables = (db: Kysely<any>) => db as Kysely<NotificationsTables>;

/** Waits until every fan-out of the server is sent (the demo's broadcast included). */
export async function fanOutsSent(api: ApiServer): Promise<void> {
  await until(
    'every fan-out to be sent',
    () => notificationTables(api.server.ctx.store.kysely).selectFrom('broadcasts').select(['id', 'state']).execute(),
    (rows) => rows.every((r) => r.state === 'sent'),
  );
}
