/**
 * `AdminApi` over the real HTTP API (spec 7.4, community-admin 7). It takes a small request
 * function, so the admin never imports the web app's client: the shell hands in its own (bearer
 * token, refresh, base `/api/v1/`), tests hand in plain fetch.
 *
 * The server answers most structure writes with the written item only (or `{ moved }`,
 * `{ reverted }`, a revert token). The admin applies a write's changed items to its own store at
 * once, so where the answer does not carry them this client reads the touched page document or
 * modules back (the server broadcasts the same changes to other clients as `items:changes`).
 */
import type { Block, Id, Module, Page } from '../../schemas/model';
import type {
  BlockPasteRequest,
  DraftsPublishResponse,
  DraftsResponse,
  PageResponse,
  StructureModule,
  StructureResponse,
} from '../../schemas/model/api/structure';
import type { RulePreview, RuleSubjectChoices } from '../../engine/core';
import type {
  AddBlockRequest,
  AdminApi,
  AdminApiError,
  BlockPlacementUpdate,
  BlocksMoveRequest,
  DeleteBlockResult,
  ItemPermissionGrants,
  ParentType,
  SlugValidation,
  StructureWriteResult,
  UserListSummary,
} from './api';
import { isAdminApiError } from './api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call to the API: `path` is relative to the API base (`structure/block/b1`), `body` is sent
 * as JSON. Resolves with the parsed answer; rejects on an error status, preferably with the
 * server's `{ error, message }` body (an ofetch `FetchError` carrying it in `data` is accepted too).
 */
export type AdminRequest = <T>(method: HttpMethod, path: string, body?: unknown) => Promise<T>;

/** The server's error body out of whatever the request function rejected with. */
export function toAdminApiError(error: unknown): AdminApiError {
  if (isAdminApiError(error)) return { error: error.error, message: error.message, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}) };
  const data = typeof error === 'object' && error !== null ? (error as { data?: unknown }).data : undefined;
  if (isAdminApiError(data)) return { error: data.error, message: data.message };
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return { error: 'requestFailed', message };
}

/** The status and code of a refusal, in its body or an ofetch error's fields. */
export function refusalStatusOf(error: unknown): { status?: number; code?: string } {
  const e = (error ?? {}) as { status?: unknown; statusCode?: unknown; code?: unknown; data?: { code?: unknown; statusCode?: unknown } };
  const status = [e.status, e.statusCode, e.data?.statusCode].find((s): s is number => typeof s === 'number');
  const code = [e.code, e.data?.code].find((c): c is string => typeof c === 'string');
  return { ...(status !== undefined ? { status } : {}), ...(code !== undefined ? { code } : {}) };
}

const enc = encodeURIComponent;

export function createHttpAdminApi({ request }: { request: AdminRequest }): AdminApi {
  const call = async <T>(method: HttpMethod, path: string, body?: unknown): Promise<T> => {
    try {
      return await request<T>(method, path, body);
    } catch (error) {
      throw toAdminApiError(error);
    }
  };
  /** Page ids whose document a revert token restores (tokens this client was given). */
  const tokenPages = new Map<string, Id[]>();

  /** The page documents of `pageIds`, read back after a write, as a write result. */
  async function pagesResult(pageIds: Id[], removedBlocks: Id[] = []): Promise<StructureWriteResult> {
    const docs = await Promise.all([...new Set(pageIds)].map((id) => call<PageResponse>('GET', `structure/page/${enc(id)}`)));
    return {
      pages: docs.map((d) => d.page),
      blocks: docs.flatMap((d) => d.blocks),
      ...(removedBlocks.length ? { removed: { blocks: removedBlocks } } : {}),
    };
  }

  async function modulesResult(moduleIds: Id[], pages: Page[] = []): Promise<StructureWriteResult> {
    const modules = await Promise.all([...new Set(moduleIds)].map((id) => call<StructureModule>('GET', `structure/module/${enc(id)}`)));
    return { modules: modules.map(({ pages: _pages, ...m }) => m as Module), pages };
  }

  async function moduleOrder(): Promise<Id[]> {
    return (await call<StructureResponse>('GET', 'structure')).order;
  }

  /** The page a page or block parent belongs to. */
  async function pageOf(parentType: ParentType, parentId: Id): Promise<Id> {
    if (parentType === 'page') return parentId;
    const block = await call<Block & { pageId?: Id }>('GET', `structure/block/${enc(parentId)}`);
    if (!block.pageId) throw { error: 'notFound', message: `block "${parentId}" is not on a page` } satisfies AdminApiError;
    return block.pageId;
  }

  const placement = (to: BlockPlacementUpdate['to']) => ({
    ...(to.parentType === 'block' ? { parentId: to.parentId } : {}),
    colIndex: to.colIndex,
    index: to.index,
  });

  return {
    async updateBlock(id, block) {
      return { blocks: [await call<Block>('POST', `structure/block/${enc(id)}`, { block })] };
    },

    async addBlock(req: AddBlockRequest) {
      await call('PUT', 'structure/block', {
        pageId: req.pageId,
        block: req.block,
        ...(req.parentType === 'block' ? { parentId: req.parentId } : {}),
        colIndex: req.colIndex,
        index: req.index,
        ...(req.defaults ? { defaults: true } : {}),
      });
      return pagesResult([req.pageId]);
    },

    async addChildren(parentType, parentId, colIndex, index, childIds) {
      if (parentType === 'page') {
        await call('POST', `structure/page/${enc(parentId)}/addChildren/${index}`, { childrenIds: childIds, colIndex });
        return pagesResult([parentId]);
      }
      const parent = await call<Block & { pageId?: Id }>('POST', `structure/block/${enc(parentId)}/${colIndex}/${index}`, { childrenIds: childIds });
      return pagesResult([parent.pageId ?? (await pageOf('block', parentId))]);
    },

    async searchBlocks(query) {
      const found = await call<{ items: Block[] }>('GET', `structure/block/search?limit=50&filters=${enc(query)}`);
      return found.items;
    },

    async deleteBlock(id, parentType, parentId, col, index): Promise<DeleteBlockResult> {
      const pageId = await pageOf(parentType, parentId);
      const { revertToken } = await call<{ revertToken: string }>('DELETE', `structure/block/${enc(id)}/${parentType}/${enc(parentId)}/${col}/${index}`);
      tokenPages.set(revertToken, [pageId]);
      return { ...(await pagesResult([pageId], [id])), revertToken };
    },

    async listDrafts() {
      return (await call<DraftsResponse>('GET', 'structure/drafts')).drafts;
    },
    publishDrafts: (scope) => call<DraftsPublishResponse>('POST', 'structure/drafts/publish', scope),
    discardDrafts: (scope) => call<{ discarded: number }>('POST', 'structure/drafts/discard', scope),

    async revert(token) {
      await call('POST', 'structure/revert', { token });
      const pages = tokenPages.get(token) ?? [];
      tokenPages.delete(token);
      return pages.length ? pagesResult(pages) : {};
    },

    async moveBlocks(req: BlocksMoveRequest) {
      await call('POST', 'structure/block/move', {
        updates: req.updates.map((u) => ({ id: u.blockId, ...placement(u.to) })),
        fromPageId: req.fromPageId,
        toPageId: req.toPageId,
      });
      return pagesResult([req.fromPageId, req.toPageId]);
    },

    async cloneBlocks(req: BlocksMoveRequest) {
      // The server places one call's clones side by side; updates aimed elsewhere go in their own call.
      for (const u of req.updates) {
        await call('POST', 'structure/block/clone', { ids: [u.blockId], toPageId: req.toPageId, ...placement(u.to) });
      }
      return pagesResult([req.toPageId]);
    },

    async pasteBlocks(req: BlockPasteRequest) {
      await call('POST', 'structure/block/paste', req);
      return pagesResult([req.pageId]);
    },

    async createModule(module) {
      const created = await call<Module>('PUT', 'structure/module', { module });
      return { modules: [created], moduleOrder: await moduleOrder() };
    },

    async updateModule(id, module) {
      return { modules: [await call<Module>('POST', `structure/module/${enc(id)}`, { module })] };
    },

    async orderModules(order) {
      await call('POST', 'structure/module/order/', { order });
      return { moduleOrder: await moduleOrder() };
    },

    async moveChild(originModuleId, pageId, targetModuleId) {
      const page = await call<Page>('POST', `structure/module/${enc(originModuleId)}/moveChild/${enc(pageId)}/target/${enc(targetModuleId)}`);
      return modulesResult([originModuleId, targetModuleId], [page]);
    },

    async createPage(moduleId, page) {
      const created = await call<Page>('PUT', 'structure/page', { moduleId, page });
      return modulesResult([moduleId], [created]);
    },

    async updatePage(id, moduleId, page) {
      return { pages: [await call<Page>('POST', `structure/page/${enc(id)}`, { moduleId, page })] };
    },

    async orderPages(moduleId, order) {
      return { modules: [await call<Module>('POST', 'structure/page/order', { moduleId, order })] };
    },

    async validateSlug(source, id, slug, contextId): Promise<SlugValidation> {
      const context = contextId ? `${enc(contextId)}/` : '';
      return call<SlugValidation>('GET', `${source}/${context}${enc(id)}/slug/${enc(slug)}/validate`);
    },

    async getPermissions(itemId) {
      return call<ItemPermissionGrants>('GET', `structure/permissions/${enc(itemId)}`);
    },

    async setPermissions(itemId, permissions) {
      return call<ItemPermissionGrants>('POST', `structure/permissions/${enc(itemId)}`, { permissions });
    },

    async listUserLists() {
      return call<UserListSummary[]>('GET', 'userLists');
    },

    async viewAs(listIds) {
      await call('POST', 'admin/viewAs', { listIds });
    },

    async resetViewAs() {
      await call('POST', 'admin/reset');
    },

    async ruleSubjects() {
      return call<RuleSubjectChoices>('GET', 'admin/rules/subjects');
    },

    async previewRule(query) {
      return call<RulePreview>('POST', 'admin/rules/preview', { query });
    },
  };
}
