/**
 * What one user may see of the stored structure, for reads and for the checks writes make first:
 * an item the user may not see answers exactly as an item that does not exist (404), and is
 * never listed, counted or named, so hidden pages leave no trace (no existence oracle). Admins
 * see everything unless viewing as lists; elevated editors see what members of their lists see
 * (plus the pages whose visibility they manage), and can act only on that.
 */
import type { Block, Field, Id, ItemPermissions, Page } from '../../schemas/model';
import { forbidden, notFound } from '../errors';
import { can, canViewPage, viewAsListIds, type PermissionContext } from '../permissions';
import type { DocumentSource } from '../storage/documents';
import { blockHiddenFrom, hiddenBlockIds, needsViewerFilter } from './block-visibility';
import { readPageDocument } from './read';

export type StoredBlock = Block & { pageId?: Id };

/** Admins outside view-as mode: every check passes, so the lookups can be skipped. */
export const seesEverything = (user: PermissionContext) => user.account.isAdmin && !viewAsListIds(user.account);

/** The page, when it exists and the user may view it; else 404 as for a page that does not exist. */
export async function requireVisiblePage(reader: DocumentSource, user: PermissionContext, pageId: Id): Promise<Page> {
  const page = (await reader.get<Page>('page', pageId))?.data;
  if (!page || !canViewPage(user, page)) throw notFound(`page "${pageId}" does not exist`);
  return page;
}

/** Whether the user may see a (live) block: its page is viewable and no visibility rule the server decides hides it or an ancestor. */
export async function blockVisibleTo(reader: DocumentSource, user: PermissionContext, block: StoredBlock): Promise<boolean> {
  return (await visibleBlocks(reader, user, [block])).length === 1;
}

/** The block, when it exists, is not deleted and the user may see it; else 404 as for a block that does not exist. */
export async function requireVisibleBlock(reader: DocumentSource, user: PermissionContext, id: Id): Promise<StoredBlock> {
  const block = (await reader.get<StoredBlock>('block', id))?.data;
  if (!block || !(await blockVisibleTo(reader, user, block))) throw notFound(`block "${id}" does not exist`);
  return block;
}

/** Blocks taken from where they are (moved, re-parented) must be visible, and movable out of their page (moveChildren). */
export async function requireMovableBlocks(reader: DocumentSource, user: PermissionContext, ids: Id[], toPageId: Id): Promise<void> {
  for (const id of ids) {
    const block = await requireVisibleBlock(reader, user, id);
    if (block.pageId && block.pageId !== toPageId && !can(user, 'moveChildren', 'items.pages', block.pageId))
      throw forbidden(`You may not moveChildren on items.pages "${block.pageId}"`);
  }
}

/** The blocks (live) the user may see, out of `blocks`; each page is judged once. */
export async function visibleBlocks(reader: DocumentSource, user: PermissionContext, blocks: StoredBlock[]): Promise<StoredBlock[]> {
  const live = blocks.filter((b) => !b.wasDeleted);
  if (seesEverything(user)) return live;
  const pages = new Map<Id, { viewable: boolean; hidden: Set<Id> }>();
  const out: StoredBlock[] = [];
  for (const b of live) {
    if (blockHiddenFrom(user, b)) continue;
    if (!b.pageId) {
      out.push(b);
      continue;
    }
    let judged = pages.get(b.pageId);
    if (!judged) {
      const page = (await reader.get<Page>('page', b.pageId))?.data;
      const viewable = !page || canViewPage(user, page);
      const doc = viewable ? await readPageDocument(reader, b.pageId) : undefined;
      judged = { viewable, hidden: doc && needsViewerFilter(doc, user) ? hiddenBlockIds(doc, user) : new Set() };
      pages.set(b.pageId, judged);
    }
    if (judged.viewable && !judged.hidden.has(b.id)) out.push(b);
  }
  return out;
}

/** Ids of fields held (directly or through parent fields) only by blocks the user may not see. */
export async function hiddenFieldIds(reader: DocumentSource, user: PermissionContext): Promise<Set<Id>> {
  if (seesEverything(user)) return new Set();
  const blocks = (await reader.list<StoredBlock>('block')).map((d) => d.data);
  const fields = new Map((await reader.list<Field>('field')).map((d) => [d.id, d.data]));
  const visible = new Set((await visibleBlocks(reader, user, blocks)).map((b) => b.id));
  const reach = (roots: Id[], into: Set<Id>) => {
    const stack = [...roots];
    while (stack.length) {
      const id = stack.pop()!;
      if (into.has(id)) continue;
      into.add(id);
      stack.push(...(fields.get(id)?.childIds ?? []));
    }
  };
  const shown = new Set<Id>();
  const held = new Set<Id>();
  for (const b of blocks) {
    reach(b.fields ?? [], held);
    if (visible.has(b.id)) reach(b.fields ?? [], shown);
  }
  return new Set([...held].filter((id) => !shown.has(id)));
}

/** The item of any kind, when the user may see it (modules are seen by everyone who is signed in). */
export async function itemVisibleTo(reader: DocumentSource, user: PermissionContext, id: Id): Promise<'module' | 'page' | 'block' | 'field' | undefined> {
  if (await reader.get('module', id)) return 'module';
  const page = (await reader.get<Page>('page', id))?.data;
  if (page) return canViewPage(user, page) ? 'page' : undefined;
  const block = (await reader.get<StoredBlock>('block', id))?.data;
  if (block) return (await blockVisibleTo(reader, user, block)) ? 'block' : undefined;
  if (await reader.get('field', id)) return (await hiddenFieldIds(reader, user)).has(id) ? undefined : 'field';
  return undefined;
}

/** Item permissions keyed only by items the user may see (the ids of hidden pages are never sent). */
export async function visibleItemPermissions(reader: DocumentSource, user: PermissionContext, permissions: ItemPermissions): Promise<ItemPermissions> {
  if (seesEverything(user)) return permissions;
  const out: ItemPermissions = {};
  for (const [id, actions] of Object.entries(permissions)) if (await itemVisibleTo(reader, user, id)) out[id] = actions;
  return out;
}
