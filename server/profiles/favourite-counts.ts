/**
 * How many members favourite each item (favouriteButton's `showCount`). Favourites live in each
 * member's profile meta (spec core §3); counting them per target needs them by target, so the
 * table `favourite_targets` (type, target id, member) is derived from the meta, rewritten in every
 * transaction that writes a profile (like the member index), so a count never drifts from the meta.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { allFavourites, PROFILE_FAVOURITE_TYPE } from '../../engine/core/favourites';
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
function rowsOf(accountId: string, profile: Profile | undefined): { type: string; target_id: string; account_id: string }[] {
  const rows = new Map<string, { type: string; target_id: string; account_id: string }>();
  for (const { type, ids } of allFavourites(profile?.data?.meta))
    for (const id of ids)
      if (type.length <= 100 && id.length > 0 && id.length <= 200) rows.set(`${type}\n${id}`, { type, target_id: id, account_id: accountId });
  return [...rows.values()];
}

async function rewrite(db: AnyDb, accountId: string, profile: Profile | undefined): Promise<void> {
  await db.deleteFrom('favourite_targets').where('account_id', '=', accountId).execute();
  const rows = rowsOf(accountId, profile);
  for (let i = 0; i < rows.length; i += 300)
    await db
      .insertInto('favourite_targets')
      .values(rows.slice(i, i + 300))
      .execute();
}

/** Wires the table to the store; an empty table over profiles that hold favourites is filled once at start. */
export async function keepFavouriteTargetsCurrent(store: DocumentStore): Promise<void> {
  store.onWrite(['profile'], async (tx: DocumentTx, ids) => {
    for (const id of ids) await rewrite(tx.raw, id, (await tx.get<Profile>('profile', id))?.data);
  });
  const { rows } = await sql<{ one: number }>`select 1 as one from favourite_targets limit 1`.execute(store.kysely);
  if (rows.length) return;
  const profiles = await store.list<Profile>('profile');
  if (!profiles.some((p) => rowsOf(p.id, p.data).length)) return;
  await store.transaction(async (tx) => {
    for (const p of profiles) await rewrite(tx.raw, p.id, p.data);
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
 * Entities have no viewers' room yet: their counts reach the changer only until the entities issue adds one.
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
    },
    (error: unknown) => console.error(error),
  );
}
