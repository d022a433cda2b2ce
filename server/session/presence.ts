/**
 * Presence (core §7.1 device keepalive; online status on profiles): when each device of an
 * account was last seen, in `account_presence`. A keepalive is one upsert of one row: no document
 * is rewritten, no member re-indexed, no cache anywhere dropped.
 */
import type { Kysely } from 'kysely';
import { MAX_KNOWN_DEVICES } from '../../engine/core/member-limits';
import type { Id } from '../../schemas/model';
import type { DB } from '../storage/database';
import type { PresenceTables } from './presence-table';

const presenceDb = (db: Kysely<DB>) => db.withTables<PresenceTables>();

/** Records a keepalive of one device; the account keeps its MAX_KNOWN_DEVICES most recently seen devices. */
export async function recordKeepalive(db: Kysely<DB>, accountId: Id, deviceId: string, at: number): Promise<void> {
  const p = presenceDb(db);
  await p
    .insertInto('account_presence')
    .values({ account_id: accountId, device_id: deviceId, seen_at: at })
    .onConflict((oc) => oc.columns(['account_id', 'device_id']).doUpdateSet({ seen_at: at }))
    .execute();
  const kept = p.selectFrom('account_presence').select('device_id').where('account_id', '=', accountId).orderBy('seen_at', 'desc').limit(MAX_KNOWN_DEVICES);
  await p.deleteFrom('account_presence').where('account_id', '=', accountId).where('device_id', 'not in', kept).execute();
}

/** The account's known devices (ids given with their keepalive), most recently seen first. */
export async function devicesOf(db: Kysely<DB>, accountId: Id): Promise<string[]> {
  const rows = await presenceDb(db)
    .selectFrom('account_presence')
    .select('device_id')
    .where('account_id', '=', accountId)
    .where('device_id', '!=', '')
    .orderBy('seen_at', 'desc')
    .orderBy('device_id')
    .execute();
  return rows.map((r) => r.device_id);
}

/** When each of these accounts was last seen on any device (accounts never seen are absent). */
export async function lastSeen(db: Kysely<DB>, accountIds: readonly Id[]): Promise<Map<Id, number>> {
  const out = new Map<Id, number>();
  const ids = [...new Set(accountIds)];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await presenceDb(db)
      .selectFrom('account_presence')
      .select(['account_id', (eb) => eb.fn.max('seen_at').as('seen_at')])
      .where('account_id', 'in', ids.slice(i, i + 500))
      .groupBy('account_id')
      .execute();
    for (const r of rows) out.set(r.account_id, Number(r.seen_at));
  }
  return out;
}

/** Forgets an account's devices (the account is deleted). */
export async function removePresence(db: Kysely<DB>, accountId: Id): Promise<void> {
  await presenceDb(db).deleteFrom('account_presence').where('account_id', '=', accountId).execute();
}
