/**
 * Structure writes: one transaction per request, every touched item recorded (its state before,
 * for revert tokens; its state after, for `items:changes`), broadcast after the commit.
 */
import crypto from 'node:crypto';
import type { Id, JsonObject, Settings } from '../../schemas/model';
import { withParsedTemplate } from '../../engine/core/handlebars';
import { CURRENT_PAGE_SCHEMA_VERSION } from '../../engine/core/model/migrations';
import type { AppContext } from '../context';
import { conflict, notFound } from '../errors';
import type { RevertRecord } from '../model';
import { sendItemsChanges, type ItemChange, type ItemsChangedEvent } from './realtime-events';
import { emitSettingsUpdated } from '../settings/settings-events';
import { RevisionConflict, type DocumentSource, type DocumentTx } from '../storage/documents';
import { sameJson } from '../../engine/core/same-json';
import { draftKey, draftScope, draftView, type DraftRecord, type DraftScope } from './drafts';
import { sendDraftChanges } from './draft-events';

export type ItemKind = ItemChange['kind'];

interface Touched {
  kind: ItemKind;
  id: Id;
  before: JsonObject | null;
  after: JsonObject | null;
  /** The stored page schema version before the write. */
  schemaVersion?: number | null;
}

export class StructureWrite {
  private readonly touched = new Map<string, Touched>();
  readonly moduleIds = new Set<Id>();
  readonly pageIds = new Set<Id>();
  private moduleOrderBefore?: Id[];
  private moduleOrderAfter?: Id[];
  /** What this write reads: the published documents, or (making drafts) the drafts laid over them. */
  readonly source: DocumentSource;
  /** Draft states to tell editors of after the commit (a revert of a publish puts its drafts back). */
  readonly draftNews: ItemsChangedEvent['items'] = [];

  /** `drafts`: this write makes drafts (edit mode) instead of changing the published documents. */
  constructor(
    readonly tx: DocumentTx,
    readonly drafts?: DraftScope,
  ) {
    this.source = drafts ? draftView(tx, true) : tx;
  }

  async get<T>(kind: ItemKind, id: Id): Promise<T | undefined> {
    const key = `${kind}:${id}`;
    const t = this.touched.get(key);
    if (t) return (t.after ?? undefined) as T | undefined;
    return (await this.source.get<T>(kind, id))?.data;
  }

  async require<T>(kind: ItemKind, id: Id): Promise<T> {
    const item = await this.get<T>(kind, id);
    if (!item) throw notFound(`${kind} "${id}" does not exist`);
    return item;
  }

  private async remember(kind: ItemKind, id: Id): Promise<Touched> {
    const key = `${kind}:${id}`;
    let t = this.touched.get(key);
    if (!t) {
      const stored = await this.source.get<JsonObject>(kind, id);
      const before = stored?.data ?? null;
      t = { kind, id, before, after: before, schemaVersion: stored?.schemaVersion };
      this.touched.set(key, t);
    }
    return t;
  }

  /** Writes an item; `expectedRevision` gives 409 when someone else wrote it first. */
  async put<T extends { id: Id }>(kind: ItemKind, item: T, expectedRevision?: number, revision?: number): Promise<T> {
    const t = await this.remember(kind, item.id);
    if (kind === 'page' && (t.schemaVersion ?? 0) > CURRENT_PAGE_SCHEMA_VERSION)
      throw conflict(`page "${item.id}" was written by a newer Tessera (schemaVersion ${t.schemaVersion}); it cannot be changed here`);
    // readProblem describes how a damaged item was read; it is never stored (the write repairs the item).
    const { readProblem: _problem, ...read } = item as T & { readProblem?: unknown };
    // A handlebars block carries its template's tree, so members' browsers need no parser.
    const stored = kind === 'block' ? withParsedTemplate(read as { type?: unknown }) : read;
    if (this.drafts) return this.putDraft(t, stored as unknown as JsonObject, expectedRevision) as unknown as T;
    try {
      const written = await this.tx.put(kind, item.id, stored, {
        expectedRevision,
        schemaVersion: kind === 'page' ? CURRENT_PAGE_SCHEMA_VERSION : null,
        ...(revision !== undefined ? { revision } : {}),
      });
      t.after = { ...(stored as unknown as JsonObject), revision: written };
      return t.after as unknown as T;
    } catch (error) {
      if (error instanceof RevisionConflict) throw conflict(error.message);
      throw error;
    }
  }

  /** Writes a new item: 409 when one with that id exists, even if it was committed a moment ago by another request. */
  async create<T extends { id: Id }>(kind: ItemKind, item: T): Promise<T> {
    return this.put(kind, item, 0);
  }

  async remove(kind: ItemKind, id: Id): Promise<void> {
    const t = await this.remember(kind, id);
    if (this.drafts) {
      // Removing what is published is a draft of its removal; removing what only a draft made drops the draft.
      const published = (await this.tx.get<JsonObject>(kind, id))?.data;
      if (published) await this.writeDraft(t.kind, id, null, t.before ?? published);
      else await this.tx.remove('draft', draftKey(kind, id));
      t.after = null;
      return;
    }
    await this.tx.remove(kind, id);
    t.after = null;
  }

  /**
   * A draft of the item at the next revision of what the editor sees. Revisions only grow, even
   * when a draft comes back to the published item (an undo): the editor's browser keeps the
   * newest revision it heard of, so a draft equal to the published item stays (unlisted, see
   * routes/drafts.ts) rather than going back to the published revision.
   */
  private async putDraft(t: Touched, stored: JsonObject, expectedRevision?: number): Promise<JsonObject> {
    const current = t.after ? Number((t.after as { revision?: unknown }).revision ?? 0) || 0 : 0;
    if (expectedRevision !== undefined && expectedRevision !== current)
      throw conflict(`${t.kind} "${t.id}" is at revision ${current}, not ${expectedRevision}: someone changed it since`);
    const published = (await this.tx.get<JsonObject>(t.kind, t.id))?.data;
    const { revision: _r, ...content } = stored as JsonObject & { revision?: unknown };
    const after = { ...content, revision: Math.max(current, Number((published as { revision?: unknown } | undefined)?.revision ?? 0) || 0) + 1 } as JsonObject;
    await this.writeDraft(t.kind, t.id, after, t.before ?? published ?? null);
    t.after = after;
    return after;
  }

  private async writeDraft(kind: ItemKind | 'order', id: Id, data: JsonObject | null, before: JsonObject | null): Promise<void> {
    const where = (data ?? before ?? {}) as { pageId?: unknown; moduleId?: unknown };
    const record: DraftRecord = {
      kind,
      id,
      data,
      ...(kind === 'page' ? { pageId: id } : typeof where.pageId === 'string' ? { pageId: where.pageId } : {}),
      ...(typeof where.moduleId === 'string' ? { moduleId: where.moduleId } : {}),
      authorId: this.drafts!.accountId,
      updatedAt: Date.now(),
    };
    await this.tx.put('draft', draftKey(kind, id), record);
  }

  async setModuleOrder(order: Id[]): Promise<void> {
    if (this.drafts) {
      const published = (await this.tx.get<Settings>('settings', 'app'))?.data?.structure?.orders?.modules?.order ?? [];
      this.moduleOrderBefore ??= (await this.source.get<Settings>('settings', 'app'))?.data?.structure?.orders?.modules?.order ?? [];
      this.moduleOrderAfter = order;
      if (sameJson(order, published)) await this.tx.remove('draft', draftKey('order', 'modules'));
      else await this.writeDraft('order', 'modules', { order }, null);
      return;
    }
    const settings = (await this.tx.get<Settings>('settings', 'app'))?.data ?? {};
    this.moduleOrderBefore ??= settings.structure?.orders?.modules?.order ?? [];
    this.moduleOrderAfter = order;
    const next: Settings = { ...settings, structure: { ...settings.structure, orders: { ...settings.structure?.orders, modules: { order } } } };
    await this.tx.put('settings', 'app', next);
  }

  /** Stores what this write changed so structure/revert can undo it within the window. */
  async revertToken(
    accountId: Id,
    windowMs: number,
    deletedBlockIds: Id[] = [],
    extra: Pick<RevertRecord, 'publishedDrafts'> = {},
  ): Promise<{ revertToken: string; expiresAt: number }> {
    const record: RevertRecord = {
      accountId,
      ...extra,
      ...(this.drafts ? { drafts: true } : {}),
      snapshot: [...this.touched.values()].map((t) => ({ kind: t.kind, id: t.id, data: t.before, after: t.after })),
      deletedBlockIds,
      ...(this.moduleOrderBefore ? { moduleOrder: this.moduleOrderBefore, moduleOrderAfter: this.moduleOrderAfter } : {}),
    };
    const revertToken = crypto.randomBytes(24).toString('base64url');
    const expiresAt = Date.now() + windowMs;
    await this.tx.put('revert', revertToken, record, { expiresAt });
    return { revertToken, expiresAt };
  }

  /** Whether this write changed the module order (a part of the settings). */
  get changedModuleOrder(): boolean {
    return this.moduleOrderBefore !== undefined;
  }

  changes(): ItemsChangedEvent['items'] {
    return [...this.touched.values()].map((t) => ({ kind: t.kind, id: t.id, item: t.after, before: t.before }));
  }
}

/**
 * Runs one structure write in a transaction, then tells the subscribed sockets what changed. In an
 * editor's draft scope (drafts.ts) the write makes drafts, and only editors in edit mode hear of
 * it; `live` writes the published documents whatever the scope (publishing).
 */
export async function writeStructure<R>(
  ctx: AppContext,
  fn: (w: StructureWrite) => Promise<R>,
  options: { live?: boolean; drafts?: DraftScope } = {},
): Promise<R> {
  const drafts = options.live ? undefined : (options.drafts ?? draftScope());
  let write!: StructureWrite;
  const result = await ctx.store.transaction(async (tx) => {
    write = new StructureWrite(tx, drafts);
    return fn(write);
  });
  const items = write.changes();
  if (drafts || write.draftNews.length) {
    const news = drafts ? items : write.draftNews;
    if (news.length) sendDraftChanges(ctx, news);
    if (drafts) return result;
  }
  if (items.length && ctx.realtime) {
    // Where each item was and where it is now: a moved block is news on both pages.
    for (const c of items) {
      if (c.kind === 'page') write.pageIds.add(c.id);
      if (c.kind === 'module') write.moduleIds.add(c.id);
      for (const state of [c.item, c.before] as ({ pageId?: unknown; moduleId?: unknown } | null)[]) {
        if (typeof state?.pageId === 'string') write.pageIds.add(state.pageId);
        if (typeof state?.moduleId === 'string') write.moduleIds.add(state.moduleId);
      }
    }
    sendItemsChanges(ctx, { items, moduleIds: [...write.moduleIds], pageIds: [...write.pageIds] });
  }
  // The module order lives in the settings (structure.orders.modules).
  if (write.changedModuleOrder) await emitSettingsUpdated(ctx, 'structure');
  return result;
}
