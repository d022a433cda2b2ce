/**
 * Drafts in realtime: editors in edit mode join the room `drafts:all` (allowed with
 * administration.manageEditMode); a draft write, a discard and a publish's revert send their
 * draft states there as `items:changes`, each editor what the draft state lets it see. Members are
 * never in that room, and draft writes send nothing to the module and page rooms.
 */
import { permissionContextOf, type AppContext } from '../context';
import { canAdminister } from '../permissions';
import { changeAudience } from './change-audience';
import { draftView } from './drafts';
import type { ItemsChangedEvent } from './realtime-events';

export const DRAFTS_ROOM = 'drafts:all';

/** Whether an account may join the drafts room (edit mode). */
export async function mayHearDrafts(ctx: AppContext, accountId: string, id: string): Promise<boolean> {
  if (id !== 'all') return false;
  const viewer = await permissionContextOf(ctx, accountId);
  return !!viewer && canAdminister(viewer, 'manageEditMode');
}

/** Sends draft states of these items to the editors in edit mode, each what it may see of them. */
export function sendDraftChanges(ctx: AppContext, items: ItemsChangedEvent['items']): void {
  const realtime = ctx.realtime;
  if (!realtime || !items.length) return;
  const pageIds = new Set<string>();
  const moduleIds = new Set<string>();
  for (const c of items) {
    if (c.kind === 'page') pageIds.add(c.id);
    if (c.kind === 'module') moduleIds.add(c.id);
    for (const state of [c.item, c.before] as ({ pageId?: unknown; moduleId?: unknown } | null)[]) {
      if (typeof state?.pageId === 'string') pageIds.add(state.pageId);
      if (typeof state?.moduleId === 'string') moduleIds.add(state.moduleId);
    }
  }
  const event: ItemsChangedEvent = { items, pageIds: [...pageIds], moduleIds: [...moduleIds] };
  void changeAudience(draftView(ctx.store), event, (accountId) => permissionContextOf(ctx, accountId), ctx.validator.storedBlockOptionsProblem)
    .then((audience) =>
      realtime.toRoomsEach(DRAFTS_ROOM, 'items:changes', async (accountId) => {
        const viewer = await permissionContextOf(ctx, accountId);
        if (!viewer || !canAdminister(viewer, 'manageEditMode')) return undefined;
        const view = 'everyone' in audience ? audience.everyone : await audience.perAccount(accountId);
        return view?.items.length ? { ...view, drafts: true } : undefined;
      }),
    )
    .catch((error) => realtime.reportError(error));
}
