/**
 * A test double of the admin's HTTP boundary: an in-memory structure implementing `AdminApi` with
 * the spec 7.4 semantics the admin relies on (revisions bumped on every write, server-side options
 * validation against the registry schema, revert tokens, slug uniqueness, columns as `positions`)
 * and a broadcast of each write's changed items, as socket.io `items:changes` does, to other
 * clients. Not a server: phase 2 runs the same flows against the real one in Chromium.
 */
import Ajv from 'ajv';
import { childrenByColumn, type ItemsChanges, type RuntimeRegistryData } from '../../engine';
import type {
  AddBlockRequest,
  AdminApi,
  AdminApiError,
  BlocksMoveRequest,
  DeleteBlockResult,
  ItemPermissionGrants,
  ParentType,
  SlugValidation,
  StructureWriteResult,
  UserListSummary,
} from '../../admin/core/api';
import type { Block, Id, Module, Page } from '../../schemas/model';

export interface InMemoryStructure {
  modules: Module[];
  pages: Page[];
  blocks: Block[];
  moduleOrder?: Id[];
  lists?: UserListSummary[];
}

type Method = keyof AdminApi;

const fail = (error: string, message: string, fieldErrors?: Record<string, string>): AdminApiError => ({
  error,
  message,
  ...(fieldErrors ? { fieldErrors } : {}),
});

export class InMemoryAdminApi implements AdminApi {
  readonly modules = new Map<Id, Module>();
  readonly pages = new Map<Id, Page>();
  readonly blocks = new Map<Id, Block>();
  moduleOrder: Id[];
  lists: UserListSummary[];
  readonly permissions = new Map<Id, ItemPermissionGrants>();
  viewAsListIds: Id[] = [];
  /** Every call made, in order: method and arguments. */
  readonly calls: { method: Method; args: unknown[] }[] = [];
  private failures = new Map<Method, AdminApiError>();
  private gates = new Map<Method, Promise<void>>();
  private listeners = new Set<(changes: ItemsChanges) => void>();
  private tokens = new Map<string, { id: Id; parentType: ParentType; parent: Page | Block }>();
  private seq = 0;
  private ajv = new Ajv({ allErrors: true, strict: false });

  constructor(
    initial: InMemoryStructure,
    private registry: RuntimeRegistryData,
  ) {
    for (const m of initial.modules) this.modules.set(m.id, structuredClone(m));
    for (const p of initial.pages) this.pages.set(p.id, structuredClone(p));
    for (const b of initial.blocks) this.blocks.set(b.id, structuredClone(b));
    this.moduleOrder = initial.moduleOrder ?? initial.modules.map((m) => m.id);
    this.lists = initial.lists ?? [];
  }

  /** The whole structure, as GET /init would give a client. */
  snapshot(): Required<Pick<ItemsChanges, 'modules' | 'pages' | 'blocks'>> {
    return {
      modules: [...this.modules.values()].map((m) => structuredClone(m)),
      pages: [...this.pages.values()].map((p) => structuredClone(p)),
      blocks: [...this.blocks.values()].map((b) => structuredClone(b)),
    };
  }

  /** Other clients: told every write's changes (items:changes). */
  subscribe(listener: (changes: ItemsChanges) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The next call of `method` rejects with this error. */
  failNext(method: Method, error: AdminApiError): void {
    this.failures.set(method, error);
  }

  /** Holds calls of `method` until the returned function is called (to see loading states). */
  hold(method: Method): () => void {
    let release!: () => void;
    this.gates.set(method, new Promise<void>((r) => (release = r)));
    return () => {
      this.gates.delete(method);
      release();
    };
  }

  private async enter(method: Method, args: unknown[]): Promise<void> {
    this.calls.push({ method, args: structuredClone(args) });
    await Promise.resolve();
    const gate = this.gates.get(method);
    if (gate) await gate;
    const failure = this.failures.get(method);
    if (failure) {
      this.failures.delete(method);
      throw failure;
    }
  }

  private nextId(prefix: string): Id {
    this.seq += 1;
    return `${prefix}-${this.seq}`;
  }

  private bump<T extends { revision?: number }>(item: T): T {
    item.revision = (item.revision ?? 0) + 1;
    return item;
  }

  private emit(result: StructureWriteResult): StructureWriteResult {
    const copy = structuredClone(result);
    for (const l of this.listeners) l(structuredClone(copy) as ItemsChanges);
    return copy;
  }

  private parent(type: ParentType, id: Id): Page | Block {
    const parent = type === 'page' ? this.pages.get(id) : this.blocks.get(id);
    if (!parent) throw fail('notFound', `No ${type} ${id}`);
    return parent;
  }

  private columns(parent: Page | Block): Id[][] {
    const cols = childrenByColumn(parent.children, parent.positions);
    const declared = 'columns' in parent && Array.isArray(parent.columns) ? parent.columns.length : 1;
    while (cols.length < declared) cols.push([]);
    return cols;
  }

  private setColumns(parent: Page | Block, cols: Id[][]): void {
    parent.positions = Object.fromEntries(cols.map((ids, i) => [`col-${i}`, ids]));
    parent.children = cols.flat();
    this.bump(parent);
  }

  private insert(parentType: ParentType, parentId: Id, col: number, index: number, ids: Id[]): Page | Block {
    const parent = this.parent(parentType, parentId);
    const cols = this.columns(parent);
    while (cols.length <= col) cols.push([]);
    cols[col].splice(Math.max(0, Math.min(index, cols[col].length)), 0, ...ids);
    this.setColumns(parent, cols);
    return parent;
  }

  /** Takes a block out of whichever page or block holds it; returns the changed holders. */
  private detach(id: Id): (Page | Block)[] {
    const holders = [...this.pages.values(), ...this.blocks.values()].filter((h) => h.children?.includes(id));
    for (const h of holders)
      this.setColumns(
        h,
        this.columns(h).map((ids) => ids.filter((x) => x !== id)),
      );
    return holders;
  }

  private descendants(id: Id, seen = new Set<Id>()): Set<Id> {
    for (const child of this.blocks.get(id)?.children ?? []) {
      if (seen.has(child)) continue;
      seen.add(child);
      this.descendants(child, seen);
    }
    return seen;
  }

  private validateOptions(block: Block): void {
    const schema = this.registry.blocks[block.type]?.options;
    if (!schema) throw fail('unknownType', `Unknown block type ${block.type}`);
    const validate = this.ajv.compile(schema);
    if (!validate(block.options ?? {})) {
      const fieldErrors = Object.fromEntries((validate.errors ?? []).map((e) => [e.instancePath || '/', e.message ?? 'invalid']));
      throw fail('validation', 'The block options are not valid.', fieldErrors);
    }
  }

  private parentChange(parent: Page | Block): StructureWriteResult {
    return this.pages.get(parent.id) === parent ? { pages: [parent as Page] } : { blocks: [parent as Block] };
  }

  private result(parents: (Page | Block)[], blocks: Block[] = []): StructureWriteResult {
    const pages = parents.filter((p): p is Page => this.pages.get(p.id) === p);
    const parentBlocks = parents.filter((p): p is Block => this.blocks.get(p.id) === p);
    return this.emit({ pages, blocks: [...parentBlocks, ...blocks.filter((b) => !parentBlocks.includes(b))] });
  }

  async updateBlock(id: Id, block: Block): Promise<StructureWriteResult> {
    await this.enter('updateBlock', [id, block]);
    const stored = this.blocks.get(id);
    if (!stored) throw fail('notFound', `No block ${id}`);
    this.validateOptions(block);
    const next = this.bump({ ...structuredClone(block), id, revision: stored.revision });
    this.blocks.set(id, next);
    return this.emit({ blocks: [next] });
  }

  async addBlock(req: AddBlockRequest): Promise<StructureWriteResult> {
    await this.enter('addBlock', [req]);
    const id = this.blocks.has(req.block.id) ? this.nextId('b') : req.block.id;
    const defaults = req.defaults ? (this.registry.blocks[req.block.type]?.defaults ?? {}) : {};
    const block = this.bump({ ...structuredClone(req.block), id, options: { ...defaults, ...(req.block.options ?? {}) } });
    this.validateOptions(block);
    this.blocks.set(id, block);
    const parent = this.insert(req.parentType, req.parentId, req.colIndex, req.index, [id]);
    return this.result([parent], [block]);
  }

  async addChildren(parentType: ParentType, parentId: Id, colIndex: number, index: number, childIds: Id[]): Promise<StructureWriteResult> {
    await this.enter('addChildren', [parentType, parentId, colIndex, index, childIds]);
    for (const id of childIds) if (!this.blocks.has(id)) throw fail('notFound', `No block ${id}`);
    // As the server: the blocks leave wherever they were before they are placed.
    const left = childIds.flatMap((id) => this.detach(id));
    return this.result([...new Set([...left, this.insert(parentType, parentId, colIndex, index, childIds)])]);
  }

  async searchBlocks(query: string): Promise<Block[]> {
    await this.enter('searchBlocks', [query]);
    const q = query.toLowerCase();
    return [...this.blocks.values()]
      .filter((b) => !b.wasDeleted && (!q || `${b.name ?? ''} ${b.type}`.toLowerCase().includes(q)))
      .map((b) => structuredClone(b));
  }

  async deleteBlock(id: Id, parentType: ParentType, parentId: Id, col: number, index: number): Promise<DeleteBlockResult> {
    await this.enter('deleteBlock', [id, parentType, parentId, col, index]);
    const block = this.blocks.get(id);
    const parent = this.parent(parentType, parentId);
    const cols = this.columns(parent);
    if (!block || cols[col]?.[index] !== id) throw fail('badRequest', `block "${id}" is not at column ${col}, index ${index} of ${parentType} "${parentId}"`);
    // As the server: the block leaves its parent and is marked deleted; revert puts both back.
    const before = { parent: structuredClone(parent), parentType };
    cols[col].splice(index, 1);
    this.setColumns(parent, cols);
    this.bump(Object.assign(block, { wasDeleted: true }));
    const token = this.nextId('revert');
    this.tokens.set(token, { id, ...before });
    return { ...this.emit({ ...this.parentChange(parent), removed: { blocks: [id] } }), revertToken: token };
  }

  async revert(token: string): Promise<StructureWriteResult> {
    await this.enter('revert', [token]);
    const stored = this.tokens.get(token);
    const block = stored ? this.blocks.get(stored.id) : undefined;
    if (!stored || !block) throw fail('notFound', 'revert token is unknown or its window has ended');
    this.tokens.delete(token);
    delete block.wasDeleted;
    this.bump(block);
    const parent = this.parent(stored.parentType, stored.parent.id);
    const restored = this.bump({ ...stored.parent, revision: parent.revision });
    if (stored.parentType === 'page') this.pages.set(restored.id, restored as Page);
    else this.blocks.set(restored.id, restored as Block);
    return this.emit({ ...this.parentChange(restored), blocks: [block, ...(stored.parentType === 'block' ? [restored as Block] : [])] });
  }

  private take(update: BlocksMoveRequest['updates'][number]): Page | Block {
    const from = this.parent(update.from.parentType, update.from.parentId);
    const cols = this.columns(from);
    const at = cols[update.from.colIndex]?.indexOf(update.blockId) ?? -1;
    if (at < 0) throw fail('notFound', `Block ${update.blockId} is not in ${update.from.parentType} ${update.from.parentId}`);
    cols[update.from.colIndex].splice(at, 1);
    this.setColumns(from, cols);
    return from;
  }

  async moveBlocks(req: BlocksMoveRequest): Promise<StructureWriteResult> {
    await this.enter('moveBlocks', [req]);
    const changed = new Set<Page | Block>();
    for (const u of req.updates) {
      if (u.to.parentType === 'block' && (u.to.parentId === u.blockId || this.descendants(u.blockId).has(u.to.parentId)))
        throw fail('invalidMove', 'A block cannot go inside itself.');
      changed.add(this.take(u));
      changed.add(this.insert(u.to.parentType, u.to.parentId, u.to.colIndex, u.to.index, [u.blockId]));
    }
    return this.result([...changed]);
  }

  private deepClone(id: Id): Id {
    const source = this.blocks.get(id);
    if (!source) throw fail('notFound', `No block ${id}`);
    const copy: Block = { ...structuredClone(source), id: this.nextId('b'), revision: 0 };
    if (copy.children) {
      const map = new Map(copy.children.map((c) => [c, this.deepClone(c)]));
      copy.children = copy.children.map((c) => map.get(c)!);
      if (copy.positions) copy.positions = Object.fromEntries(Object.entries(copy.positions).map(([k, ids]) => [k, ids.map((c) => map.get(c) ?? c)]));
    }
    this.blocks.set(copy.id, this.bump(copy));
    return copy.id;
  }

  async cloneBlocks(req: BlocksMoveRequest): Promise<StructureWriteResult> {
    await this.enter('cloneBlocks', [req]);
    const changed = new Set<Page | Block>();
    const before = new Set(this.blocks.keys());
    for (const u of req.updates) changed.add(this.insert(u.to.parentType, u.to.parentId, u.to.colIndex, u.to.index, [this.deepClone(u.blockId)]));
    const created = [...this.blocks.values()].filter((b) => !before.has(b.id));
    return this.result([...changed], created);
  }

  async createModule(module: Omit<Module, 'id'>): Promise<StructureWriteResult> {
    await this.enter('createModule', [module]);
    const created = this.bump({ ...structuredClone(module), id: this.nextId('m') } as Module);
    this.modules.set(created.id, created);
    this.moduleOrder = [...this.moduleOrder, created.id];
    return this.emit({ modules: [created], moduleOrder: [...this.moduleOrder] });
  }

  async updateModule(id: Id, module: Module): Promise<StructureWriteResult> {
    await this.enter('updateModule', [id, module]);
    const stored = this.modules.get(id);
    if (!stored) throw fail('notFound', `No module ${id}`);
    const next = this.bump({ ...structuredClone(module), id, revision: stored.revision, childIds: stored.childIds });
    this.modules.set(id, next);
    return this.emit({ modules: [next] });
  }

  async orderModules(order: Id[]): Promise<StructureWriteResult> {
    await this.enter('orderModules', [order]);
    if (order.length !== this.moduleOrder.length || order.some((id) => !this.modules.has(id))) throw fail('badOrder', 'The order must list every module once.');
    this.moduleOrder = [...order];
    return this.emit({ moduleOrder: [...order] });
  }

  async moveChild(origin: Id, pageId: Id, target: Id): Promise<StructureWriteResult> {
    await this.enter('moveChild', [origin, pageId, target]);
    const from = this.modules.get(origin);
    const to = this.modules.get(target);
    const page = this.pages.get(pageId);
    if (!from || !to || !page || !from.childIds?.includes(pageId)) throw fail('notFound', `Page ${pageId} is not in module ${origin}`);
    from.childIds = from.childIds.filter((x) => x !== pageId);
    to.childIds = [...(to.childIds ?? []), pageId];
    page.moduleId = target;
    [from, to, page].forEach((x) => this.bump(x));
    return this.emit({ modules: [from, to], pages: [page] });
  }

  async createPage(moduleId: Id, page: Omit<Page, 'id'>): Promise<StructureWriteResult> {
    await this.enter('createPage', [moduleId, page]);
    const mod = this.modules.get(moduleId);
    if (!mod) throw fail('notFound', `No module ${moduleId}`);
    const created = this.bump({ ...structuredClone(page), id: this.nextId('p'), moduleId } as Page);
    this.pages.set(created.id, created);
    mod.childIds = [...(mod.childIds ?? []), created.id];
    this.bump(mod);
    return this.emit({ modules: [mod], pages: [created] });
  }

  async updatePage(id: Id, moduleId: Id, page: Page): Promise<StructureWriteResult> {
    await this.enter('updatePage', [id, moduleId, page]);
    const stored = this.pages.get(id);
    if (!stored) throw fail('notFound', `No page ${id}`);
    if (moduleId !== stored.moduleId) throw fail('badRequest', `page "${id}" is in module "${stored.moduleId}", not "${moduleId}" (move pages with moveChild)`);
    const next = this.bump({ ...structuredClone(page), id, moduleId, revision: stored.revision, children: stored.children, positions: stored.positions });
    this.pages.set(id, next);
    return this.emit({ pages: [next] });
  }

  async orderPages(moduleId: Id, order: Id[]): Promise<StructureWriteResult> {
    await this.enter('orderPages', [moduleId, order]);
    const mod = this.modules.get(moduleId);
    if (!mod) throw fail('notFound', `No module ${moduleId}`);
    if (order.length !== (mod.childIds ?? []).length || order.some((id) => !mod.childIds?.includes(id)))
      throw fail('badOrder', 'The order must list every page of the module once.');
    mod.childIds = [...order];
    return this.emit({ modules: [this.bump(mod)] });
  }

  async validateSlug(source: 'module' | 'page', id: Id | 'new', slug: string, contextId?: Id): Promise<SlugValidation> {
    await this.enter('validateSlug', [source, id, slug, contextId]);
    // As the server: how many other items of that source use the slug.
    const others =
      source === 'module'
        ? [...this.modules.values()].filter((m) => m.id !== id && m.slug === slug)
        : (this.modules.get(contextId ?? '')?.childIds ?? []).filter((p) => p !== id && this.pages.get(p)?.slug === slug);
    return { unique: others.length === 0, number: others.length };
  }

  async getPermissions(itemId: Id): Promise<ItemPermissionGrants> {
    await this.enter('getPermissions', [itemId]);
    return structuredClone(this.permissions.get(itemId) ?? {});
  }

  async setPermissions(itemId: Id, permissions: ItemPermissionGrants): Promise<ItemPermissionGrants> {
    await this.enter('setPermissions', [itemId, permissions]);
    this.permissions.set(itemId, structuredClone(permissions));
    return structuredClone(permissions);
  }

  async listUserLists(): Promise<UserListSummary[]> {
    await this.enter('listUserLists', []);
    return structuredClone(this.lists);
  }

  async viewAs(listIds: Id[]): Promise<void> {
    await this.enter('viewAs', [listIds]);
    this.viewAsListIds = [...listIds];
  }

  async resetViewAs(): Promise<void> {
    await this.enter('resetViewAs', []);
    this.viewAsListIds = [];
  }
}
