/**
 * Drafts (issue 35): in edit mode, a structure write made by an editor goes to draft records, one
 * per item (`draft` documents keyed `kind:id`, the item's data or null for a removal, the author
 * and the time), not to the published documents. Members read the published documents only; an
 * editor's request made in edit mode (the `x-tessera-drafts` header, honoured only for accounts
 * with administration.manageEditMode) reads the published documents with the drafts laid over them
 * (overlay-reader.ts), so every rule that judges the stored state judges the draft state the same
 * way. Publishing writes a page's drafts (or all) through the ordinary structure write, so members
 * hear of it as one `items:changes`; discarding deletes them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Id, JsonObject, Settings } from '../../schemas/model';
import { requireUser, type AppContext } from '../context';
import { canAdminister } from '../permissions';
import type { DocumentSource, StoredDoc, StoredReader } from '../storage/documents';
import { ITEM_READERS } from './item-readers';
import { overlayReader, overrideKey } from './overlay-reader';

/** The request header the app sends while edit mode is on. */
export const DRAFTS_HEADER = 'x-tessera-drafts';

export type DraftItemKind = 'module' | 'page' | 'block' | 'field';
/** A draft of the module order (id `modules`) is kind `order`. */
export type DraftKind = DraftItemKind | 'order';

export interface DraftRecord {
  kind: DraftKind;
  id: Id;
  /** The item as the draft has it (an order: `{ order }`); null: removed in the draft. */
  data: JsonObject | null;
  /** The page the item is on (a page: itself), in the draft or else as published: what "publish this page" takes. */
  pageId?: Id;
  /** The module a page is in. */
  moduleId?: Id;
  authorId: Id;
  updatedAt: number;
}

export const draftKey = (kind: DraftKind, id: Id): string => `${kind}:${id}`;

const KINDS = new Set<DraftKind>(['module', 'page', 'block', 'field', 'order']);
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Reads a draft record tolerantly: a record that is not one reads as absent (and the store reports it). */
export const readDraftRecord: StoredReader = (raw, id) => {
  if (!isObject(raw)) return { item: undefined, problems: ['the draft is not an object (dropped)'] };
  const { kind, id: itemId, data, authorId, updatedAt } = raw;
  if (typeof kind !== 'string' || !KINDS.has(kind as DraftKind) || typeof itemId !== 'string' || id !== draftKey(kind as DraftKind, itemId))
    return { item: undefined, problems: ['the draft names no item kind and id matching its key (dropped)'] };
  if (data !== null && !isObject(data)) return { item: undefined, problems: ['the draft data is neither an item nor null (dropped)'] };
  if (kind === 'order' && data && !(Array.isArray(data.order) && data.order.every((x) => typeof x === 'string')))
    return { item: undefined, problems: ['the draft module order is not a list of ids (dropped)'] };
  const problems: string[] = [];
  let item = data;
  if (data && kind !== 'order') {
    const read = ITEM_READERS[kind as DraftItemKind](data, itemId);
    if (!isObject(read.item)) return { item: undefined, problems: ['the drafted item cannot be read (dropped)', ...read.problems] };
    item = read.item as JsonObject;
    problems.push(...read.problems);
  }
  const record: DraftRecord = {
    kind: kind as DraftKind,
    id: itemId,
    data: (item as JsonObject | null) ?? null,
    ...(typeof raw.pageId === 'string' ? { pageId: raw.pageId } : {}),
    ...(typeof raw.moduleId === 'string' ? { moduleId: raw.moduleId } : {}),
    authorId: typeof authorId === 'string' ? authorId : '',
    updatedAt: typeof updatedAt === 'number' ? updatedAt : 0,
  };
  return { item: record, problems };
};

/** Every readable draft (a damaged one is left out: the store read it as absent and reported it). */
export async function listDrafts(reader: DocumentSource): Promise<DraftRecord[]> {
  return (await reader.list<DraftRecord>('draft')).map((d) => d.data).filter((d) => !!d && KINDS.has(d.kind));
}

/** The published documents with these drafts laid over them (the module order too). */
export function overlayDrafts(reader: DocumentSource, drafts: readonly DraftRecord[]): DocumentSource {
  const overrides = new Map<string, unknown>();
  let order: Id[] | undefined;
  for (const d of drafts) {
    if (d.kind === 'order') order = (d.data?.order as Id[] | undefined) ?? undefined;
    else overrides.set(overrideKey(d.kind, d.id), d.data);
  }
  const base = overlayReader(reader, overrides);
  if (!order) return base;
  const withOrder = (doc: StoredDoc<Settings> | undefined): StoredDoc<Settings> => {
    const settings = doc?.data ?? {};
    const data: Settings = { ...settings, structure: { ...settings.structure, orders: { ...settings.structure?.orders, modules: { order: order! } } } };
    return { id: 'app', data, revision: doc?.revision ?? 0, schemaVersion: doc?.schemaVersion ?? null, expiresAt: null };
  };
  return {
    ...base,
    get: async <T>(kind: Parameters<DocumentSource['get']>[0], id: string) => {
      const doc = await base.get<T>(kind, id);
      return (kind === 'settings' && id === 'app' ? withOrder(doc as StoredDoc<Settings> | undefined) : doc) as StoredDoc<T> | undefined;
    },
  };
}

/**
 * The draft state as a reader: the drafts are read on first use and kept for this view's life
 * (`fresh`: read again on every call, for a write that changes them as it goes).
 */
export function draftView(reader: DocumentSource, fresh = false): DocumentSource {
  let loaded: Promise<DocumentSource> | undefined;
  const view = () => (fresh ? listDrafts(reader).then((d) => overlayDrafts(reader, d)) : (loaded ??= listDrafts(reader).then((d) => overlayDrafts(reader, d))));
  return {
    get: async <T>(kind: Parameters<DocumentSource['get']>[0], id: string) => (await view()).get<T>(kind, id),
    getMany: async <T>(kind: Parameters<DocumentSource['getMany']>[0], ids: readonly string[]) => (await view()).getMany<T>(kind, ids),
    list: async <T>(kind: Parameters<DocumentSource['list']>[0]) => (await view()).list<T>(kind),
  };
}

/** Who is working on drafts in this request (set from the header, for editors only). */
export interface DraftScope {
  accountId: Id;
}

const scope = new AsyncLocalStorage<DraftScope | undefined>();

/** The draft scope of the request being handled, if it asked for drafts and may have them. */
export const draftScope = (): DraftScope | undefined => scope.getStore();

/** What this request reads of the structure: the draft state for an editor in edit mode, else the published documents. */
export function structureSource(ctx: AppContext): DocumentSource {
  return draftScope() ? draftView(ctx.store) : ctx.store;
}

/** Whether a request asks for drafts (the header), whoever sends it. */
export const asksForDrafts = (req: FastifyRequest): boolean => {
  const value = req.headers[DRAFTS_HEADER];
  return value === '1' || value === 'on' || value === 'true';
};

/**
 * Puts each request that asks for drafts, made by an account that may use edit mode, in a draft
 * scope: its structure reads see the drafts and its structure writes make drafts. Anyone else's
 * header is ignored (a member reads and writes the published documents).
 */
export function draftScopeHook(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('preHandler', (req, _reply, done) => {
    if (!asksForDrafts(req)) return done();
    requireUser(ctx, req)
      .then(
        (user) => (canAdminister(user, 'manageEditMode') ? { accountId: user.account.accountId } : undefined),
        () => undefined,
      )
      .then((state) => (state ? scope.run(state, done) : done()));
  });
}
