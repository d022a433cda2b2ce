/**
 * structure/revert (spec 4.6): puts back what one delete changed, within the window, for the user
 * who made it. Everything is checked inside the write transaction (the rows read are locked on
 * PostgreSQL), against the state now, before anything is written:
 *
 * 1. Edit mode when blocks or fields come back, unless the blocks come back with their page (403).
 * 2. Every page, block and field the revert writes is one the caller may see, both as it is now and
 *    as the revert would leave it (404, as a direct read answers): a page an admin has restricted
 *    since is not the caller's to write, and the revert never puts content back where the caller
 *    could not read it.
 * 3. The caller's rights now for what each item's change is (item-rights.ts): addChildren on the
 *    page a block goes back to, manageVisibility wherever a visibility would change, manageSettings
 *    for other settings, addChildren on the module a page goes back to, addModules for a module,
 *    manageSettings on the blocks holding a field (403).
 * 4. Every item still as the delete left it (409, in words): someone changed it since, and putting
 *    the old state back would undo that change (a lost update, or a visibility restricted again).
 *
 * The composer's undo of a delete is this call with the delete's token; its other steps are the
 * direct block calls, which check the same rights at the time they run.
 */
import { sameJson } from '../../engine/core/same-json';
import type { Block, Id, Page } from '../../schemas/model';
import type { SignedInUser } from '../context';
import { conflict, forbidden, notFound } from '../errors';
import type { RevertRecord } from '../model';
import { canViewPage, need } from '../permissions';
import type { DocumentSource } from '../storage/documents';
import { readStoredItem } from './item-readers';
import { needEditMode, needItemChange } from './item-rights';
import { overlayReader, overrideKey } from './overlay-reader';
import { moduleOrder } from './read';
import { blockVisibleTo, hiddenFieldIds, type StoredBlock } from './viewer';
import type { StructureWrite } from './write';
import { draftKey, type DraftRecord } from './drafts';

type SnapshotItem = RevertRecord['snapshot'][number];

export interface Step {
  item: SnapshotItem;
  /** As stored now (read tolerantly); undefined when absent. */
  now?: Record<string, unknown>;
  /** As the revert would leave it; undefined when it would be absent. */
  then?: Record<string, unknown>;
}

const nameOf = (kind: string, data: Record<string, unknown> | undefined, id: Id) =>
  `${kind} ${typeof data?.name === 'string' && data.name ? `"${data.name}"` : `"${id}"`}`;

/** Whether the item is still as the delete left it (compared as read, so a repair on read is no change). */
function unchangedSince(step: Step): boolean {
  const { item, now } = step;
  if (item.after === undefined) return false;
  if (item.after === null || !now) return item.after === null && !now;
  const { revision: _a, ...left } = readStoredItem(item.kind, item.after, item.id) as Record<string, unknown>;
  const { revision: _b, ...current } = now;
  return sameJson(left, current);
}

/** A block's state when it is live (not marked deleted). */
const live = (b?: Record<string, unknown>) => (b && !b.wasDeleted ? (b as unknown as StoredBlock) : undefined);

/** Step 2 for one item: 404 unless the user may see it now and as the revert would leave it (`after`). */
export async function requireVisible(user: SignedInUser, current: DocumentSource, after: DocumentSource, { item, now, then }: Step): Promise<void> {
  if (item.kind === 'page') {
    for (const page of [now, then] as unknown as (Page | undefined)[]) if (page && !canViewPage(user, page)) throw notFound(`page "${item.id}" does not exist`);
  } else if (item.kind === 'block') {
    const [before, back] = [live(now), live(then)];
    if (before && !(await blockVisibleTo(current, user, before))) throw notFound(`block "${item.id}" does not exist`);
    if (back && !(await blockVisibleTo(after, user, back))) throw notFound(`block "${item.id}" does not exist`);
  } else if (item.kind === 'field') {
    for (const [state, reader] of [
      [now, current],
      [then, after],
    ] as const)
      if (state && (await hiddenFieldIds(reader, user)).has(item.id)) throw notFound(`field "${item.id}" does not exist`);
  }
}

/** Step 3 for one item: 403 unless the user may now make the change the revert makes to it. */
export async function requireRight(user: SignedInUser, after: DocumentSource, { item, now, then }: Step, restored: Set<string>): Promise<void> {
  switch (item.kind) {
    case 'module':
      if (then && now) need(user, 'addChildren', 'items.modules', item.id);
      else need(user, 'addModules', 'items.modules', item.id);
      return;
    case 'page': {
      if (then && now) return needItemChange(user, 'page', now as unknown as Page, then as unknown as Page);
      const moduleId = (then ?? now)?.moduleId as Id | undefined;
      if (!moduleId || !restored.has(overrideKey('module', moduleId))) need(user, 'addChildren', 'items.modules', moduleId);
      return;
    }
    case 'block': {
      const [before, back] = [live(now), live(then)];
      const block = back ?? before;
      // The blocks of a page that comes back with them are the page's (its module's right covers them).
      if (!block || (block.pageId && restored.has(overrideKey('page', block.pageId)))) return;
      // A block coming back (or going) is an addChildren on its page, as its delete was.
      if (!before || !back) need(user, 'addChildren', 'items.pages', block.pageId);
      else needItemChange(user, 'block', before, back, block.pageId);
      return;
    }
    case 'field': {
      const holders = (await after.list<Block>('block')).map((d) => d.data).filter((b) => !b.wasDeleted && b.fields?.includes(item.id));
      if (holders.length) for (const b of holders) need(user, 'manageSettings', 'items.blocks', b.id);
      else need(user, 'manageSettings', 'items.fields', item.id);
      return;
    }
  }
}

/** Runs a revert inside `w`'s transaction; answers how many items it put back. */
export async function revertChange(w: StructureWrite, user: SignedInUser, token: string): Promise<{ reverted: number }> {
  const stored = await w.tx.get<RevertRecord>('revert', token);
  if (!stored || (stored.expiresAt ?? 0) <= Date.now()) throw notFound('revert token is unknown or its window has ended');
  const record = stored.data;
  if (record.accountId !== user.account.accountId && !user.account.isAdmin) throw forbidden('only the user who made the change may revert it');
  const snapshot = Array.isArray(record.snapshot) ? record.snapshot : [];

  const steps: Step[] = [];
  for (const item of snapshot) {
    const now = (await w.source.get<Record<string, unknown>>(item.kind, item.id))?.data;
    steps.push({ item, now, then: item.data ? (readStoredItem(item.kind, item.data, item.id) as Record<string, unknown>) : undefined });
  }
  const restored = new Set(steps.filter((s) => s.then && !s.now).map((s) => overrideKey(s.item.kind, s.item.id)));
  const after = overlayReader(w.source, new Map(steps.map((s) => [overrideKey(s.item.kind, s.item.id), s.then ?? null])));

  // Edit mode, as for the block and field calls, unless the blocks come back only with their page (a page or module delete).
  const inPageBack = (s: Step) => {
    const pageId = (s.then ?? s.now)?.pageId;
    return typeof pageId === 'string' && restored.has(overrideKey('page', pageId));
  };
  if (steps.some((s) => s.item.kind === 'field' || (s.item.kind === 'block' && !inPageBack(s)))) needEditMode(user);
  for (const step of steps) await requireVisible(user, w.source, after, step);
  for (const step of steps) await requireRight(user, after, step, restored);

  const changed = steps.find((s) => !unchangedSince(s));
  if (changed)
    throw conflict(
      `${nameOf(changed.item.kind, changed.now ?? changed.then, changed.item.id)} was changed after the delete; reverting would undo that change, so nothing was reverted`,
    );
  if (record.moduleOrder && !sameJson(await moduleOrder(w.source), record.moduleOrderAfter ?? null))
    throw conflict('the order of modules was changed after the delete; reverting would undo that change, so nothing was reverted');

  for (const { item } of steps) {
    if (item.data) await w.put(item.kind, item.data as { id: Id });
    else if (await w.get(item.kind, item.id)) await w.remove(item.kind, item.id);
  }
  if (record.moduleOrder) await w.setModuleOrder(record.moduleOrder);
  // A publish taken back: what it published is a draft again.
  for (const draft of record.publishedDrafts ?? []) {
    const kept = draft as unknown as DraftRecord;
    if (!kept || typeof kept.kind !== 'string' || typeof kept.id !== 'string') continue;
    // Above the revision the revert just wrote: editors' browsers keep the newest revision they heard of.
    const now = kept.kind === 'order' ? undefined : await w.get<{ revision?: number }>(kept.kind, kept.id);
    const revision = Math.max(Number(kept.data?.revision ?? 0) || 0, Number(now?.revision ?? 0) || 0) + 1;
    const d: DraftRecord = kept.data && kept.kind !== 'order' ? { ...kept, data: { ...kept.data, revision } } : kept;
    await w.tx.put('draft', draftKey(d.kind, d.id), d);
    if (d.kind !== 'order') w.draftNews.push({ kind: d.kind, id: d.id, item: d.data, before: null });
  }
  await w.tx.remove('revert', token);
  return { reverted: snapshot.length };
}
