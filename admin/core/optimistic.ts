/**
 * Optimistic structure writes: the pure structure action runs on the admin's store at once, the
 * server call follows, and its answer replaces the guess; when the call fails the action's inverse
 * puts the store back. The same actions run on the server, so the guess is the server's own rule.
 */
import {
  applyStructureAction,
  actionPageIds,
  blockAtom,
  childBlockIds,
  docChanges,
  fieldAtom,
  localActionScope,
  pageAtom,
  StructureActionError,
  type ActionContext,
  type ItemsChanges,
  type PageDocs,
  type RuntimeRegistryData,
  type StructureAction,
} from '../../engine';
import type { Block, Field, Id, PageDocument } from '../../schemas/model';
import type { StructureWriteResult } from './api';
import type { AdminValue } from './context';
import { findPlacement } from './placement';

type Store = AdminValue['store'];

/** Live blocks under `roots` (the roots too, at any depth) and the fields they use, as the store has them. */
export function treeFromStore(store: Store, roots: Id[]): { blocks: Block[]; fields: Field[] } {
  const blocks: Block[] = [];
  const seen = new Set<Id>();
  // A queue read by index: shift() on a page of thousands of blocks is quadratic.
  const stack = [...roots];
  for (let next = 0; next < stack.length; next++) {
    const id = stack[next];
    if (seen.has(id)) continue;
    seen.add(id);
    const block = store.get(blockAtom(id));
    if (!block || block.wasDeleted) continue;
    blocks.push(block);
    stack.push(...childBlockIds(block));
  }
  const fields: Field[] = [];
  const fieldIds = blocks.flatMap((b) => b.fields ?? []);
  for (const id of fieldIds) {
    const field = store.get(fieldAtom(id));
    if (!field || fields.includes(field)) continue;
    fields.push(field);
    fieldIds.push(...(field.childIds ?? []));
  }
  return { blocks, fields };
}

/** A page and everything under it as the store has it (undefined when the page is not loaded). */
function docFromStore(store: Store, pageId: Id): PageDocument | undefined {
  const page = store.get(pageAtom(pageId));
  if (!page) return undefined;
  return { schemaVersion: 1, page, ...treeFromStore(store, childBlockIds(page)) };
}

export function docsFromStore(store: Store, pageIds: Id[]): PageDocs {
  const docs: Record<Id, PageDocument> = {};
  for (const id of pageIds) {
    const doc = docFromStore(store, id);
    if (doc) docs[id] = doc;
  }
  return docs;
}

/**
 * The documents `action` reads: for a move (or reorder) only the page items and the blocks it
 * touches (localActionScope), so an undo on a page of thousands of blocks does not walk them all;
 * for any other action the whole pages.
 */
function actionDocs(store: Store, action: StructureAction): PageDocs {
  const pageIds = actionPageIds(action);
  const scope = localActionScope(action);
  if (!scope) return docsFromStore(store, pageIds);
  const get = (id: Id) => store.get(blockAtom(id));
  const fromPage = store.get(pageAtom(pageIds[0]));
  const holders: Id[] = [];
  for (const id of scope.moved) {
    const at = fromPage && findPlacement(fromPage, id, get);
    if (at?.parentType === 'block') holders.push(at.parentId);
  }
  const docs: Record<Id, PageDocument> = {};
  pageIds.forEach((pageId, i) => {
    const page = store.get(pageAtom(pageId));
    if (!page) return;
    // The moved blocks and the parents they leave are on the first page; the parents they go to on the last.
    const tree = i === 0 ? treeFromStore(store, scope.moved) : { blocks: [], fields: [] };
    const parents = [...(i === 0 ? holders : []), ...(i === pageIds.length - 1 ? scope.parents : [])];
    const blocks = [...tree.blocks];
    for (const id of parents) {
      const block = get(id);
      if (block && !block.wasDeleted && !blocks.includes(block)) blocks.push(block);
    }
    docs[pageId] = { schemaVersion: 1, page, blocks, fields: tree.fields };
  });
  return docs;
}

function asItemsChanges(before: PageDocs, after: PageDocs, removed: Id[] = []): ItemsChanges {
  const changes = docChanges(before, after);
  return {
    pages: changes.pages,
    blocks: changes.blocks.map((c) => c.block),
    fields: changes.fields,
    removed: { blocks: [...changes.removedBlocks, ...removed] },
  };
}

let pending = 0;

/** The admin's action context: the registry says which block types hold children; clones get temporary ids until the server answers. */
export function adminActionContext(registry: RuntimeRegistryData): ActionContext {
  return {
    holdsChildren: (block) => registry.blocks[block.type]?.children === true,
    newId: (kind) => `pending-${kind}-${++pending}`,
  };
}

export interface OptimisticResult {
  result: StructureWriteResult;
  /** The action's inverse as run on the store (a delete's inverse is its revert). */
  inverse?: StructureAction;
}

/**
 * Applies `action` to the store, then runs `call`. Pages the store does not hold (a block found on
 * another page) leave the guess out: the server's answer alone updates the store. An action the
 * rule refuses (a cycle, a block that holds no children) throws before anything is sent.
 */
export async function runOptimistic(
  admin: Pick<AdminValue, 'store' | 'apply' | 'registry'>,
  action: StructureAction,
  call: () => Promise<StructureWriteResult>,
): Promise<OptimisticResult> {
  const before = actionDocs(admin.store, action);
  let guess: { docs: PageDocs; inverse: StructureAction } | undefined;
  try {
    guess = applyStructureAction(before, action, adminActionContext(admin.registry));
  } catch (error) {
    if (!(error instanceof StructureActionError) || error.code !== 'notFound') throw error;
  }
  if (guess) admin.apply(asItemsChanges(before, guess.docs));
  let result: StructureWriteResult;
  try {
    result = await call();
  } catch (error) {
    if (guess) {
      const now = actionDocs(admin.store, guess.inverse);
      try {
        admin.apply(asItemsChanges(now, applyStructureAction(now, guess.inverse).docs));
      } catch {
        // Someone else changed the page meanwhile: their items:changes already tell the store the truth.
      }
    }
    throw error;
  }
  // Temporary ids of a guessed clone give way to the server's.
  const guessed = guess ? docChanges(before, guess.docs) : undefined;
  const temporary = (ids: Id[] = []) => ids.filter((id) => id.startsWith('pending-'));
  const blocks = temporary(guessed?.blocks.map((c) => c.block.id));
  const fields = temporary(guessed?.fields.map((f) => f.id));
  admin.apply(
    blocks.length || fields.length
      ? {
          ...result,
          removed: { ...result.removed, blocks: [...(result.removed?.blocks ?? []), ...blocks], fields: [...(result.removed?.fields ?? []), ...fields] },
        }
      : result,
  );
  return { result, inverse: guess?.inverse };
}
