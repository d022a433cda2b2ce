/**
 * How many members favourite each item (favouriteButton's `showCount`). Favourites live in each
 * member's profile meta (spec core §3); counting them per target needs them by target, so the
 * table `favourite_targets` (type, target id, member) is derived from the meta in every
 * transaction that writes a profile (like the member index), so a count never drifts from the
 * meta. A write changes the rows by the difference between the meta before and after it: a
 * keepalive or a block's state touches none, one favourite added touches one, however many the
 * member keeps (issue 36, finding 5: rewriting them all made one member slow every write).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { allFavourites, ENTITY_FAVOURITE_TYPE, PROFILE_FAVOURITE_TYPE } from '../../engine/core/favourites';
import { entityRoom } from '../entities/room';
import type { Profile } from '../../schemas/model';
import type { AppContext } from '../context';
import { profileViewerRooms } from './profile-rooms';
import type { DocumentStore, DocumentTx } from '../storage/documents';

export const favouriteTargetsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('favourite_targets')
      .addColumn('type', 'varchar(100)', (c) => c.notNull())
      .addColumn('target_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('account_id', 'varchar(200)', (c) => c.notNull())
      .addPrimaryKeyConstraint('favourite_targets_pk', ['type', 'target_id', 'account_id'])
      .execute();
    await db.schema.createIndex('favourite_targets_account').on('favourite_targets').column('account_id').execute();
  },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The favourite rows of one profile's meta (stored data may be malformed: over-long ids are left out). */
function rowsOf(accountId: string, profile: Profile | undefined): Row[] {
  const rows = new Map<string, Row>();
  for (const { type, ids } of allFavourites(profile?.data?.meta))
    for (const id of ids)
      if (type.length <= 100 && id.length > 0 && id.length <= 200) rows.set(`${type}\n${id}`, { type, target_id: id, account_id: accountId });
  return [...rows.values()];
}

type Row = { type: string; target_id: string; account_id: string };
const rowKey = (r: Row) => `${r.type}\n${r.target_id}`;

/** Applies the difference between two sets of one member's rows: deletes what went, inserts what came. */
async function applyDifference(db: AnyDb, accountId: string, before: Row[], after: Row[]): Promise<void> {
  const kept = new Set(after.map(rowKey));
  const had = new Set(before.map(rowKey));
  const gone = before.filter((r) => !kept.has(rowKey(r)));
  const added = after.filter((r) => !had.has(rowKey(r)));
  // Chunks keep the parameter count under SQLite's limit.
  for (let i = 0; i < gone.length; i += 300)
    await db
      .deleteFrom('favourite_targets')
      .where('account_id', '=', accountId)
      .where((eb) => eb.or(gone.slice(i, i + 300).map((r) => eb.and([eb('type', '=', r.type), eb('target_id', '=', r.target_id)]))))
      .execute();
  for (let i = 0; i < added.length; i += 300)
    await db
      .insertInto('favourite_targets')
      .values(added.slice(i, i + 300))
      .onConflict((oc) => oc.doNothing())
      .execute();
}

/** Wires the table to the store; an empty table over profiles that hold favourites is filled once at start. */
export async function keepFavouriteTargetsCurrent(store: DocumentStore): Promise<void> {
  store.onWrite(['profile'], async (tx: DocumentTx, ids) => {
    for (const id of ids)
      await applyDifference(tx.raw, id, rowsOf(id, await tx.previous<Profile>('profile', id)), rowsOf(id, (await tx.get<Profile>('profile', id))?.data));
  });
  const { rows } = await sql<{ one: number }>`select 1 as one from favourite_targets limit 1`.execute(store.kysely);
  if (rows.length) return;
  const profiles = await store.list<Profile>('profile');
  if (!profiles.some((p) => rowsOf(p.id, p.data).length)) return;
  await store.transaction(async (tx) => {
    for (const p of profiles) await applyDifference(tx.raw, p.id, [], rowsOf(p.id, p.data));
  });
}

/** How many members have the item among their favourites of that type. */
export async function favouriteCount(db: AnyDb, type: string, targetId: string): Promise<number> {
  const row = await db
    .selectFrom('favourite_targets')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('type', '=', type)
    .where('target_id', '=', targetId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * `favourites:count { type, targetId, count }` after a favourite changed: to the sockets viewing a
 * favourited profile (they were let in by the profile's view check) and the changer's own sockets.
 * An entity's count goes to its room as `entities:favourites` (everyone viewing it sees it live).
 */
export function announceFavouriteCount(ctx: AppContext, changer: string, type: string, targetId: string): void {
  const realtime = ctx.realtime;
  if (!realtime) return;
  void favouriteCount(ctx.store.kysely, type, targetId).then(
    (count) => {
      const payload = { type, targetId, count };
      realtime.toAccount(changer, 'favourites:count', payload);
      if (type === PROFILE_FAVOURITE_TYPE)
        void realtime.toRoomsEach(profileViewerRooms(targetId), 'favourites:count', async (accountId) => (accountId === changer ? undefined : payload));
      if (type === ENTITY_FAVOURITE_TYPE) void realtime.toRooms(entityRoom(targetId), 'entities:favourites', { entityId: targetId, favouriteCount: count });
    },
    (error: unknown) => console.error(error),
  );
}
