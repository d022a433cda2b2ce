/**
 * What the moderation queue (server/abuse) does with posts and comments, through these functions
 * only (never the tables): find an item whatever its state, see it as a moderator, hide or re-show
 * it (open pages drop or regain it live), delete it with a reason, ask whether an account may read
 * it, and the app path of its page. A moderator is an account with `update` on abuseReports
 * (admins pass): the caller checks that (requireAdminArea), these functions act.
 */
import type { Communication } from '../../schemas/model/api/communications';
import type { AppContext } from '../context';
import { permissionContextOf } from '../context';
import { announceItem, announceRemoved } from './events';
import { deleteItem, findRow, setHidden, viewsOf, type Row } from './posts';
import { readableTarget, targetPagePath, viewerOf } from './targets';

export type CommunicationRow = Row;

/** The stored row (hidden and deleted ones too), or null. */
export async function findCommunication(ctx: AppContext, id: string): Promise<Row | null> {
  return (await findRow(ctx.store.kysely, id)) ?? null;
}

/** The item as a moderator sees it (hidden ones included; `can.moderate` true), or null. */
export async function communicationAsModerator(ctx: AppContext, id: string): Promise<Communication | null> {
  const row = await findRow(ctx.store.kysely, id);
  if (!row) return null;
  const [item] = await viewsOf(ctx.store.kysely, [row], { permissions: undefined as never, accountId: '', isAdmin: true, moderator: true });
  return { ...item, own: false };
}

/** Hides (or re-shows) an item: the room's members drop it live (`communications:removed`) or get it back (`communications:created`). */
export async function setCommunicationHidden(ctx: AppContext, id: string, hidden: boolean, byAccountId: string): Promise<Communication | null> {
  const row = await findRow(ctx.store.kysely, id);
  if (!row) return null;
  const next = await ctx.store.transaction(async (tx) => {
    const updated = await setHidden(tx.raw, row, hidden, byAccountId);
    tx.afterCommit(() =>
      (hidden ? announceRemoved(ctx, updated, 'hidden') : announceItem(ctx, updated, 'communications:created')).catch((error) => ctx.log(error)),
    );
    return updated;
  });
  return communicationAsModerator(ctx, next.id);
}

/** Deletes an item as a moderator (soft, as its author would); the reason is the caller's to keep (the report's history). */
export async function deleteCommunicationAsModerator(ctx: AppContext, id: string, byAccountId: string, reason: string): Promise<Communication | null> {
  void byAccountId;
  void reason;
  const row = await findRow(ctx.store.kysely, id);
  if (!row) return null;
  if (Number(row.deleted) !== 1) {
    const deleted = await ctx.store.transaction(async (tx) => {
      const out = await deleteItem(tx.raw, ctx.engine, row);
      tx.afterCommit(() => announceRemoved(ctx, out, 'deleted').catch((error) => ctx.log(error)));
      return out;
    });
    void deleted;
  }
  return communicationAsModerator(ctx, id);
}

/** Whether the account may read the item: she may see its target, and it is not hidden from her. */
export async function mayReadCommunication(ctx: AppContext, id: string, accountId: string): Promise<boolean> {
  const row = await findRow(ctx.store.kysely, id);
  if (!row) return false;
  const permissions = await permissionContextOf(ctx, accountId);
  if (!permissions) return false;
  const viewer = viewerOf(permissions);
  if (Number(row.hidden) === 1 && !viewer.moderator && row.from_account !== accountId) return false;
  return !!(await readableTarget(ctx, permissions, row.target_id));
}

/** The app path of the item's page, opening the post (`?post=<root id>`), or null when its page is gone. */
export async function communicationHref(ctx: AppContext, id: string): Promise<string | null> {
  const row = await findRow(ctx.store.kysely, id);
  if (!row) return null;
  const path = await targetPagePath(ctx, row.target_id);
  return path ? `${path}?post=${encodeURIComponent(row.root_id)}` : null;
}
