/**
 * `recently_viewed`: the profiles a member viewed (community §3 profile actions), a row per
 * (viewer, viewed). Written on every profile view, so it never rewrites the viewer's profile
 * document. The migration moves the lists the profile documents held (`actions.recentlyViewed`).
 */
import type { Kysely, Migration } from 'kysely';

export interface RecentlyViewedTable {
  account_id: string;
  viewed_id: string;
  /** Epoch ms of the latest view. */
  viewed_at: number;
}

export type RecentlyViewedTables = { recently_viewed: RecentlyViewedTable };

type MoveDb = RecentlyViewedTables & { documents: { kind: string; id: string; data: string; revision: number; updated_at: number } };

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export const recentlyViewedMigration: Migration = {
  async up(raw: Kysely<unknown>) {
    const db = raw as Kysely<MoveDb>;
    await db.schema
      .createTable('recently_viewed')
      .addColumn('account_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('viewed_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('viewed_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('recently_viewed_pk', ['account_id', 'viewed_id'])
      .execute();
    await db.schema.createIndex('recently_viewed_viewed').on('recently_viewed').column('viewed_id').execute();
    const now = Date.now();
    for (const row of await db.selectFrom('documents').select(['id', 'data', 'revision']).where('kind', '=', 'profile').execute()) {
      let data: unknown;
      try {
        data = JSON.parse(row.data);
      } catch {
        continue;
      }
      if (!isObject(data) || !isObject(data.actions) || !('recentlyViewed' in data.actions)) continue;
      const entries = Array.isArray(data.actions.recentlyViewed) ? data.actions.recentlyViewed : [];
      const newest = new Map<string, number>();
      for (const e of entries)
        if (isObject(e) && typeof e.accountId === 'string' && e.accountId.length <= 200 && typeof e.at === 'number' && Number.isFinite(e.at))
          newest.set(e.accountId, Math.max(e.at, newest.get(e.accountId) ?? -Infinity));
      const rows = [...newest].map(([viewed_id, viewed_at]) => ({ account_id: row.id, viewed_id, viewed_at }));
      if (rows.length) await db.insertInto('recently_viewed').values(rows).execute();
      const { recentlyViewed: _moved, ...actions } = data.actions;
      const { actions: _old, ...rest } = data;
      await db
        .updateTable('documents')
        .set({ data: JSON.stringify(Object.keys(actions).length ? { ...rest, actions } : rest), revision: Number(row.revision) + 1, updated_at: now })
        .where('kind', '=', 'profile')
        .where('id', '=', row.id)
        .execute();
    }
  },
};
