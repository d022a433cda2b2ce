/** Reads of the structure as a given user may see it: pages they may not view are never sent. */
import type { Block, Field, Id, Module, Page, ReadProblem, Settings } from '../../schemas/model';
import type { PageResponse, StructureModule, StructureResponse } from '../../schemas/model/api/structure';
import { CURRENT_PAGE_SCHEMA_VERSION, migratePageDocument } from '../../engine/core/model/migrations';
import type { PermissionContext } from '../permissions';
import { acceptedListIds } from '../../engine/core/rules/operations';
import { canViewPage, viewAsListIds } from '../permissions';
import type { JsonAnswer } from '../http/compression';
import type { DocumentSource, StoredDoc } from '../storage/documents';
import { childBlockIds } from '../../engine/core/structure/layout';

export const GLOBAL_MODULE_ID = 'global';

export async function moduleOrder(reader: DocumentSource): Promise<Id[]> {
  const settings = (await reader.get<Settings>('settings', 'app'))?.data;
  return settings?.structure?.orders?.modules?.order ?? [];
}

/**
 * Who sees the same structure: admins alike, elevated users each their own, others by their lists;
 * when some page rule reads more than list memberships (the user's own data), each account its own.
 */
function viewerKey(ctx: PermissionContext, pageRules: boolean): string {
  const a = ctx.account;
  const viewAs = viewAsListIds(a);
  if (a.isAdmin && !viewAs) return 'admin';
  if (a.isElevated && !a.isAdmin) return `elevated:${a.accountId}`;
  const lists = viewAs ?? acceptedListIds(ctx.memberships, []);
  return `lists:${[...lists].sort().join(',')}${pageRules ? `|account:${a.accountId}` : ''}`;
}

/** Context paths a page rule may read and still give the same answer to everyone in the same lists. */
const LIST_PATHS = new Set(['lists', 'user.listMemberships']);

/** Whether some page's visibility rules read more than list memberships (or cannot say what they read). */
async function pageRulesReadUserData(reader: DocumentSource, ctx: PermissionContext): Promise<boolean> {
  return (await reader.list<Page>('page')).some(({ data }) => {
    const rules = data.visibility?.rules;
    if (!rules) return false;
    const paths = ctx.evaluator.dependencies?.(rules);
    return !paths || paths.some((path) => !LIST_PATHS.has(path));
  });
}

interface Memo {
  generation: number;
  structures: Map<string, StructureResponse>;
  /** Whether a page rule reads more than list memberships (decides how structures may be shared). */
  pageRules?: boolean;
  pages: Map<Id, PageResponse | null>;
  answers: Map<Id, PageAnswer | null>;
}
const memos = new WeakMap<DocumentSource, Memo>();

/** Per-store memo of derived reads, dropped whenever documents change (see DocumentStore.generation). */
async function memoFor(reader: DocumentSource): Promise<Memo | undefined> {
  const generation = await (reader as { currentGeneration?: () => Promise<number | undefined> }).currentGeneration?.();
  if (generation === undefined) return undefined;
  let memo = memos.get(reader);
  if (!memo || memo.generation !== generation) {
    memo = { generation, structures: new Map(), pages: new Map(), answers: new Map() };
    memos.set(reader, memo);
  }
  return memo;
}

const stillCurrent = (reader: DocumentSource, memo: Memo) => (reader as { generation?: number }).generation === memo.generation;

/**
 * Modules in display order (ordered ids first, then the rest by id), each with its viewable pages
 * in order; built once per viewer kind until the next write.
 */
export async function readStructure(reader: DocumentSource, ctx: PermissionContext): Promise<StructureResponse> {
  const memo = await memoFor(reader);
  const pageRules = memo?.pageRules ?? (await pageRulesReadUserData(reader, ctx));
  if (memo && stillCurrent(reader, memo)) memo.pageRules = pageRules;
  const key = viewerKey(ctx, pageRules);
  const hit = memo?.structures.get(key);
  if (hit) return hit;
  const value = await buildStructure(reader, ctx);
  if (memo && stillCurrent(reader, memo)) memo.structures.set(key, value);
  return value;
}

async function buildStructure(reader: DocumentSource, ctx: PermissionContext): Promise<StructureResponse> {
  const [modules, pages, order] = await Promise.all([reader.list<Module>('module'), reader.list<Page>('page'), moduleOrder(reader)]);
  const pageById = new Map(pages.map((p) => [p.id, withVersionProblem(p)]));
  const rank = new Map(order.map((id, i) => [id, i]));
  const sorted = modules.map((m) => m.data).sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity) || a.id.localeCompare(b.id));
  const out: StructureModule[] = sorted.map((module) => {
    const pages = (module.childIds ?? []).map((id) => pageById.get(id)).filter((p): p is Page => !!p && canViewPage(ctx, p));
    // childIds and defaultPage name only pages this viewer may see: never the ids of hidden ones.
    const seen = new Set(pages.map((p) => p.id));
    const { defaultPage, ...rest } = module;
    return { ...rest, ...(defaultPage && seen.has(defaultPage) ? { defaultPage } : {}), childIds: pages.map((p) => p.id), pages };
  });
  return { order: sorted.map((m) => m.id), modules: out };
}

/** A page document with its JSON answer (whose compressed bytes are kept with it). */
export type PageAnswer = JsonAnswer & { value: PageResponse };

/** What is wrong with a stored block's options (RequestValidator.storedBlockOptionsProblem), undefined when nothing. */
export type StoredOptionsCheck = (type: string, options: unknown) => string | undefined;

/**
 * The page document as browsers get it, and its JSON answer, built once per page until the next
 * write: blocks whose options break their type's schema carry readProblem `invalidOptions`, so
 * the engine shows them as needing configuration without validating options itself.
 */
export async function readPageDocumentWithJson(reader: DocumentSource, pageId: Id, checkOptions: StoredOptionsCheck): Promise<PageAnswer | undefined> {
  const memo = await memoFor(reader);
  const hit = memo?.answers.get(pageId);
  if (hit !== undefined) return hit ?? undefined;
  const doc = await readPageDocument(reader, pageId);
  const value = doc && withOptionProblems(doc, checkOptions);
  const entry = value ? { value, json: JSON.stringify(value) } : null;
  if (memo && stillCurrent(reader, memo)) memo.answers.set(pageId, entry);
  return entry ?? undefined;
}

/** The page document: the page, its live (not deleted) blocks at any depth and their fields, migrated to the current schema. */
export async function readPageDocument(reader: DocumentSource, pageId: Id): Promise<PageResponse | undefined> {
  const memo = await memoFor(reader);
  const hit = memo?.pages.get(pageId);
  if (hit !== undefined) return hit ?? undefined;
  const value = (await buildPageDocument(reader, pageId)) ?? null;
  if (memo && stillCurrent(reader, memo)) memo.pages.set(pageId, value);
  return value ?? undefined;
}

/** The document with each readable block whose (migrated) options fail `checkOptions` marked; the same object when none does. */
function withOptionProblems(doc: PageResponse, checkOptions: StoredOptionsCheck): PageResponse {
  const blocks = doc.blocks.map((block) => withOptionProblem(block, checkOptions));
  return blocks.some((block, i) => block !== doc.blocks[i]) ? { ...doc, blocks } : doc;
}

/**
 * A stored block as browsers get it, on a page read or in a realtime change: with readProblem
 * `invalidOptions` when its options break its type's schema (the engine checks none itself).
 */
export function withOptionProblem(block: Block, checkOptions: StoredOptionsCheck): Block {
  const detail = block.readProblem ? undefined : checkOptions(block.type, block.options);
  return detail === undefined ? block : { ...block, readProblem: { kind: 'invalidOptions' as const, detail } };
}

/** A page whose blocks cannot be read shows as a page state: the page with no blocks and its readProblem. */
function pageState(page: Page, readProblem: ReadProblem): PageResponse {
  return { schemaVersion: CURRENT_PAGE_SCHEMA_VERSION, page: { ...page, children: [], positions: {}, readProblem }, blocks: [], fields: [] };
}

/** The stored page, marked unreadable when its schema version is not one this software reads (structure and page alike). */
function withVersionProblem(stored: StoredDoc<Page>): Page {
  const version = stored.schemaVersion ?? CURRENT_PAGE_SCHEMA_VERSION;
  if (Number.isInteger(version) && version >= 0 && version <= CURRENT_PAGE_SCHEMA_VERSION) return stored.data;
  return {
    ...stored.data,
    readProblem: { kind: 'unsupportedVersion', detail: `schemaVersion ${version} is not one this Tessera reads (0 to ${CURRENT_PAGE_SCHEMA_VERSION})` },
  };
}

async function buildPageDocument(reader: DocumentSource, pageId: Id): Promise<PageResponse | undefined> {
  const stored = await reader.get<Page>('page', pageId);
  if (!stored) return undefined;
  const page = withVersionProblem(stored);
  if (page.readProblem) return pageState(page, page.readProblem);
  const blocks = await collectBlocks(reader, childBlockIds(stored.data));
  const fields = await collectFields(
    reader,
    blocks.flatMap((b) => b.fields ?? []),
  );
  const version = stored.schemaVersion ?? CURRENT_PAGE_SCHEMA_VERSION;
  // Current documents go out as stored; older ones run the migration chain (which copies).
  if (version === CURRENT_PAGE_SCHEMA_VERSION) return { schemaVersion: version, page: stored.data, blocks, fields };
  try {
    const doc = migratePageDocument({ schemaVersion: version, page: stored.data, blocks, fields });
    return { schemaVersion: doc.schemaVersion, page: doc.page, blocks: doc.blocks, fields: doc.fields ?? [] };
  } catch (error) {
    return pageState(stored.data, { kind: 'corrupt', detail: `the stored page cannot be migrated: ${(error as Error).message}` });
  }
}

/** Breadth-first walk from root ids through `childrenOf`, reading each level in one query. */
async function collectTree<T extends { id: Id }>(
  reader: DocumentSource,
  kind: 'block' | 'field',
  rootIds: Id[],
  childrenOf: (item: T) => Id[],
  keep: (item: T) => boolean,
): Promise<T[]> {
  const seen = new Set<Id>();
  const out: T[] = [];
  let frontier = rootIds;
  while (frontier.length) {
    const next = frontier.filter((id) => !seen.has(id));
    next.forEach((id) => seen.add(id));
    const docs = await reader.getMany<T>(kind, next);
    frontier = [];
    for (const d of docs) {
      if (!keep(d.data)) continue;
      out.push(d.data);
      frontier.push(...childrenOf(d.data));
    }
  }
  return out;
}

/** Blocks at any depth under the roots; deleted ones (and what is under them) left out unless asked for. */
export function collectBlocks(reader: DocumentSource, rootIds: Id[], includeDeleted = false): Promise<Block[]> {
  return collectTree<Block>(reader, 'block', rootIds, childBlockIds, (b) => includeDeleted || !b.wasDeleted);
}

/** Fields at any depth under the roots (children of repeaters, groups, conditionals). */
export function collectFields(reader: DocumentSource, rootIds: Id[]): Promise<Field[]> {
  return collectTree<Field>(
    reader,
    'field',
    rootIds,
    (f) => f.childIds ?? [],
    () => true,
  );
}

/** The module of a page (the one whose childIds hold it). */
export async function moduleOfPage(reader: DocumentSource, page: Page): Promise<Module | undefined> {
  if (page.moduleId) {
    const m = await reader.get<Module>('module', page.moduleId);
    if (m) return m.data;
  }
  return (await reader.list<Module>('module')).map((m) => m.data).find((m) => m.childIds?.includes(page.id));
}
