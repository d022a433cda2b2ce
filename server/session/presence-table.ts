/**
 * `account_presence`: when each device of an account last sent its keepalive (core §7.1). Hot
 * per-user state, written every few minutes per open app: a row per (account, device), so a
 * keepalive rewrites no document, re-indexes nobody and moves no shared counter. The migration
 * moves what the documents held before: the account's `devices` and the profile's `keepaliveTimestamp`.
 */
import type { Kysely, Migration } from 'kysely';

export interface AccountPresenceTable {
  account_id: string;
  /** The device's id; '' for a keepalive recorded without one (moved from a profile's keepaliveTimestamp). */
  device_id: string;
  /** Epoch ms of its last keepalive. */
  seen_at: number;
}

export type PresenceTables = { account_presence: AccountPresenceTable };

type MoveDb = PresenceTables & { documents: { kind: string; id: string; data: string; revision: number; updated_at: number } };

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

export const presenceMigration: Migration = {
  async up(raw: Kysely<unknown>) {
    const db = raw as Kysely<MoveDb>;
    await db.schema
      .createTable('account_presence')
      .addColumn('account_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('device_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('seen_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('account_presence_pk', ['account_id', 'device_id'])
      .execute();
    const now = Date.now();
    const seen = new Map<string, Map<string, number>>();
    const note = (accountId: string, deviceId: string, at: number) => {
      const devices = seen.get(accountId) ?? new Map<string, number>();
      devices.set(deviceId, Math.max(at, devices.get(deviceId) ?? 0));
      seen.set(accountId, devices);
    };
    // Each document loses the field it no longer keeps (its revision moves), whatever it held.
    const move = async (kind: string, key: string, take: (id: string, value: unknown) => void) => {
      for (const row of await db.selectFrom('documents').select(['id', 'data', 'revision']).where('kind', '=', kind).execute()) {
        let data: unknown;
        try {
          data = JSON.parse(row.data);
        } catch {
          continue;
        }
        if (!isObject(data) || !(key in data)) continue;
        take(row.id, data[key]);
        const { [key]: _moved, ...rest } = data;
        await db
          .updateTable('documents')
          .set({ data: JSON.stringify(rest), revision: Number(row.revision) + 1, updated_at: now })
          .where('kind', '=', kind)
          .where('id', '=', row.id)
          .execute();
      }
    };
    await move('account', 'devices', (id, devices) => {
      if (isObject(devices)) for (const [device, at] of Object.entries(devices)) if (isTime(at) && device.length <= 200) note(id, device, at);
    });
    await move('profile', 'keepaliveTimestamp', (id, at) => {
      // Already known through one of its devices, or kept as a keepalive without a device.
      if (isTime(at) && ![...(seen.get(id)?.values() ?? [])].some((t) => t >= at)) note(id, '', at);
    });
    const rows = [...seen].flatMap(([account_id, devices]) => [...devices].map(([device_id, seen_at]) => ({ account_id, device_id, seen_at })));
    for (let i = 0; i < rows.length; i += 100)
      await db
        .insertInto('account_presence')
        .values(rows.slice(i, i + 100))
        .execute();
  },
};
