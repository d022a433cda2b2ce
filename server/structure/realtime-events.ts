/**
 * The structure domain's realtime: room kinds `module` and `page` (a subscription is allowed when
 * the account may view the module or page), `items:changes` judged per receiving account
 * (change-audience.ts: nothing about an item the account may not view reaches it, not even its
 * id), `permissions:update` to the accounts whose rights an item permission change alters, and the
 * composer's presence (`presence:select` from a socket subscribed to a page whose account may edit
 * it; `presence:update` only to the page's other sockets whose accounts may edit it).
 */
import type { Socket } from 'socket.io';
import type { Page } from '../../schemas/model';
import { permissionContextOf, type AppContext } from '../context';
import { can, canAdminister, canViewPage, itemPermissionChangeAffects } from '../permissions';
import { ack, type RoomScope } from '../realtime';
import { mayViewEntityPage } from '../entities';
import type { Account } from '../model';
import { changeAudience } from './change-audience';
import { readStructure } from './read';

export interface ItemChange {
  kind: 'module' | 'page' | 'block' | 'field';
  id: string;
  /** The item after the write; null when it was removed. */
  item: unknown;
}

/** The `items:changes` payload. */
export interface ItemsChanges {
  items: ItemChange[];
  moduleIds: string[];
  pageIds: string[];
}

/** What a structure write tells realtime: each item before and after (`before` is never sent). */
export interface ItemsChangedEvent extends ItemsChanges {
  items: (ItemChange & { before: unknown })[];
}

/** Who may receive a change: everyone subscribed (one broadcast), or each account its own view. */
export type ChangeAudience = { everyone: ItemsChanges } | { perAccount(accountId: string): Promise<ItemsChanges | undefined> };

export interface PermissionsChangedEvent {
  itemId: string;
  kind: 'module' | 'page' | 'block' | 'field';
  before: Record<string, boolean>;
  after: Record<string, boolean>;
}

export async function mayViewModule(ctx: AppContext, accountId: string, moduleId: string): Promise<boolean> {
  const viewer = await permissionContextOf(ctx, accountId);
  return !!viewer && (await readStructure(ctx.store, viewer)).modules.some((m) => m.id === moduleId);
}

/** `page:subscribe {id, entityId?}`: the page is viewable, and as a page of that entity's space when one is named. */
export async function mayViewPage(ctx: AppContext, accountId: string, pageId: string, scope?: RoomScope): Promise<boolean> {
  const viewer = await permissionContextOf(ctx, accountId);
  const page = (await ctx.store.get<Page>('page', pageId))?.data;
  return !!viewer && !!page && canViewPage(viewer, page) && (await mayViewEntityPage(ctx, viewer, page, scope?.entityId));
}

export async function mayEditPage(ctx: AppContext, accountId: string, pageId: string): Promise<boolean> {
  const viewer = await permissionContextOf(ctx, accountId);
  const page = (await ctx.store.get<Page>('page', pageId))?.data;
  return !!viewer && !!page && canViewPage(viewer, page) && canAdminister(viewer, 'manageEditMode') && can(viewer, 'addChildren', 'items.pages', pageId);
}

/** Sends a committed structure write to the sockets of the touched modules and pages, each account what it may see. */
export function sendItemsChanges(ctx: AppContext, changes: ItemsChangedEvent): void {
  const realtime = ctx.realtime;
  if (!realtime) return;
  const rooms = [...changes.moduleIds.map((id) => `module:${id}`), ...changes.pageIds.map((id) => `page:${id}`)];
  if (!rooms.length) return;
  void changeAudience(ctx.store, changes, (accountId) => permissionContextOf(ctx, accountId), ctx.validator.storedBlockOptionsProblem)
    .then((audience) => {
      if ('everyone' in audience) return audience.everyone.items.length ? realtime.toRooms(rooms, 'items:changes', audience.everyone) : undefined;
      return realtime.toRoomsEach(rooms, 'items:changes', async (accountId) => {
        const view = await audience.perAccount(accountId);
        return view?.items.length ? view : undefined;
      });
    })
    // Sent first, so a viewer who loses the page hears its removal before her socket leaves the room.
    .then(() => (changesWhoMayView(changes) ? realtime.recheck({ rooms }) : undefined))
    .catch((error) => realtime.reportError(error));
}

/** Whether a write may change who may view a touched page or module: a visibility changed, or one was removed. */
function changesWhoMayView(changes: ItemsChangedEvent): boolean {
  const visibility = (item: unknown) => JSON.stringify((item as { visibility?: unknown } | null)?.visibility ?? null);
  return changes.items.some((c) => (c.kind === 'page' || c.kind === 'module') && (c.item === null || visibility(c.item) !== visibility(c.before)));
}

/**
 * Sends an item permission change only to the sockets of accounts whose rights it changes (only
 * elevated users hold item permissions), and re-checks the rooms their sockets joined (a page
 * whose visibility they managed may be closed to them now).
 */
export function sendPermissionsChanged(ctx: AppContext, change: PermissionsChangedEvent): void {
  const realtime = ctx.realtime;
  if (!realtime) return;
  const payload = { itemId: change.itemId, permissions: change.after };
  const affected: string[] = [];
  void ctx.store
    .list<Account>('account')
    .then((accounts) =>
      realtime.toAccounts(
        accounts.filter((a) => a.data?.isElevated && !a.data.isAdmin).map((a) => a.id),
        'permissions:update',
        async (accountId) => {
          const viewer = await permissionContextOf(ctx, accountId);
          if (!viewer || !itemPermissionChangeAffects(viewer, `items.${change.kind}s`, change.itemId, change.before, change.after)) return undefined;
          affected.push(accountId);
          return payload;
        },
      ),
    )
    .then(() => (affected.length ? realtime.recheck({ accounts: affected }) : undefined))
    .catch((error) => realtime.reportError(error));
}

/** What a socket's admin has selected (the composer's presence). */
interface Presence {
  pageId: string;
  blockId: string | null;
}

async function nameOf(ctx: AppContext, accountId: string): Promise<string> {
  const account = (await ctx.store.get<Account>('account', accountId))?.data;
  return account ? `${account.firstName} ${account.lastName}`.trim() || accountId : accountId;
}

/**
 * A selection (`presence:update` {pageId, accountId, name, socketId, blockId}) to the other sockets
 * subscribed to the page whose accounts may edit it; members and other viewers hear nothing.
 */
async function sendPresence(ctx: AppContext, from: Socket, pageId: string, blockId: string | null): Promise<void> {
  const realtime = ctx.realtime;
  if (!realtime) return;
  const accountId = from.data.accountId as string;
  const payload = { pageId, accountId, name: await nameOf(ctx, accountId), socketId: from.id, blockId };
  const others = (await realtime.io.in(`page:${pageId}`).fetchSockets()).filter((s) => s.id !== from.id);
  for (const socket of others) {
    const receiver = socket.data.accountId as string | undefined;
    if (receiver && (await mayEditPage(ctx, receiver, pageId))) socket.emit('presence:update', payload);
  }
}

/** The composer's presence on one socket: select, leave on page unsubscribe and on disconnect. */
export function trackPresence(ctx: AppContext, socket: Socket): void {
  {
    const accountId = socket.data.accountId as string;
    const leave = () => {
      const presence = socket.data.presence as Presence | undefined;
      if (!presence) return;
      socket.data.presence = undefined;
      void sendPresence(ctx, socket, presence.pageId, null).catch((error) => ctx.realtime?.reportError(error));
    };
    const valid = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 200;
    socket.on('presence:select', async (payload: unknown, cb?: unknown) => {
      const { pageId, blockId } = (payload ?? {}) as { pageId?: unknown; blockId?: unknown };
      if (!valid(pageId) || (blockId !== null && !valid(blockId))) return ack(cb, { ok: false, error: 'presence:select needs { pageId, blockId (or null) }' });
      if (!socket.rooms.has(`page:${pageId as string}`)) return ack(cb, { ok: false, error: 'subscribe to the page first' });
      try {
        if (!(await mayEditPage(ctx, accountId, pageId as string))) return ack(cb, { ok: false, error: 'forbidden' });
        const before = socket.data.presence as Presence | undefined;
        if (before && before.pageId !== pageId) leave();
        socket.data.presence = { pageId: pageId as string, blockId: (blockId as string | null) ?? null };
        await sendPresence(ctx, socket, pageId as string, (blockId as string | null) ?? null);
        ack(cb, { ok: true });
      } catch (error) {
        ctx.realtime?.reportError(error);
        ack(cb, { ok: false, error: 'forbidden' });
      }
    });
    socket.on('page:unsubscribe', (payload: unknown) => {
      const id = typeof payload === 'string' ? payload : (payload as { id?: unknown } | null)?.id;
      if ((socket.data.presence as Presence | undefined)?.pageId === id) leave();
    });
    socket.on('disconnect', leave);
  }
}
