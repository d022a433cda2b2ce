/**
 * Block tree writes through the engine's pure structure actions (engine/core/structure/actions):
 * the page documents an action names are read inside the write, the action runs over them, and
 * what changed (`docChanges`) is written back: pages, blocks (with the page they are now on), new
 * fields, and removed blocks marked `wasDeleted` (spec 4.6; structure/revert brings them back
 * within the window). The tree rules (placing, the cycle check, which blocks hold children, clone
 * ids) exist only in the actions; the route handlers check permissions and visibility first.
 */
import { ownValue } from '../../engine/core/own';
import { applyStructureAction, actionPageIds, type StructureAction } from '../../engine/core/structure/actions';
import { docChanges, StructureActionError, type ActionContext, type Slot } from '../../engine/core/structure/document';
import type { RegistryData } from '../../registry';
import type { Field, Id, PageDocument } from '../../schemas/model';
import { badRequest, conflict, notFound } from '../errors';
import { newId } from '../storage/ids';
import { readPageDocument } from './read';
import type { StoredBlock } from './viewer';
import type { StructureWrite } from './write';

/** What the actions need to know that a page document does not: the registry's `children` and fresh ids. */
export function actionContext(registry: RegistryData): ActionContext {
  return {
    holdsChildren: (block) => !!ownValue(registry.blocks, block.type)?.children,
    newId: (kind) => newId(kind),
  };
}

/** An action's refusal as an API error: `notFound` is a 404, anything else a 400. */
function httpError(error: unknown): unknown {
  if (!(error instanceof StructureActionError)) return error;
  return error.code === 'notFound' ? notFound(error.message) : badRequest(error.message);
}

/** One request's structure actions over the stored pages they touch; `commit` writes the result. */
export class PageActions {
  private readonly before: Record<Id, PageDocument> = {};
  private docs: Record<Id, PageDocument> = {};

  constructor(
    private readonly w: StructureWrite,
    private readonly context: ActionContext,
  ) {}

  /** The page document as stored (live blocks at any depth and their fields), read once per request. */
  async page(pageId: Id): Promise<PageDocument> {
    const loaded = Object.prototype.hasOwnProperty.call(this.docs, pageId) ? this.docs[pageId] : undefined;
    if (loaded) return loaded;
    const doc = await readPageDocument(this.w.source, pageId);
    if (!doc) throw notFound(`page "${pageId}" does not exist`);
    if (doc.page.readProblem?.kind === 'unsupportedVersion')
      throw conflict(`page "${pageId}" was written by a newer Tessera (${doc.page.readProblem.detail}); it cannot be changed here`);
    this.before[pageId] = doc;
    this.docs[pageId] = doc;
    return doc;
  }

  /** Runs an action over the current state of its pages; refusals are 404 (not found) or 400. */
  async run<A extends StructureAction>(action: A): Promise<ReturnType<typeof applyStructureAction>> {
    for (const pageId of actionPageIds(action)) await this.page(pageId);
    try {
      const result = applyStructureAction(this.docs, action, this.context);
      this.docs = { ...result.docs };
      return result;
    } catch (error) {
      throw httpError(error);
    }
  }

  /** The page a block is on: a loaded page holding it (actions may have moved it), else the stored one. */
  async pageOf(id: Id): Promise<Id> {
    for (const [pageId, doc] of Object.entries(this.docs)) if (doc.blocks.some((b) => b.id === id)) return pageId;
    const stored = await this.w.get<StoredBlock>('block', id);
    if (!stored || stored.wasDeleted) throw notFound(`block "${id}" does not exist`);
    if (!stored.pageId) throw badRequest(`block "${id}" is not on a page`);
    return stored.pageId;
  }

  /** Existing blocks (same ids, from any page) placed side by side from `at` on `toPageId`: addChildren per run of blocks from one page. */
  async place(ids: Id[], toPageId: Id, at: Slot): Promise<void> {
    const from = [];
    for (const id of ids) from.push(await this.pageOf(id));
    for (let i = 0; i < ids.length;) {
      let j = i + 1;
      while (j < ids.length && from[j] === from[i]) j++;
      await this.run({ kind: 'addChildren', fromPageId: from[i], toPageId, at: { ...at, index: at.index + i }, childIds: ids.slice(i, j) });
      i = j;
    }
  }

  /** Writes what the actions changed; returns the ids of the blocks they removed (now marked wasDeleted). */
  async commit(): Promise<{ removedBlockIds: Id[] }> {
    const changes = docChanges(this.before, this.docs);
    const existed = new Map<Id, StoredBlock>();
    for (const doc of Object.values(this.before)) for (const b of doc.blocks) existed.set(b.id, b);
    for (const page of changes.pages) await this.w.put('page', page);
    for (const field of changes.fields) await this.w.create<Field>('field', field);
    for (const { pageId, block } of changes.blocks) {
      const stored: StoredBlock = { ...block, pageId };
      if (existed.has(block.id)) await this.w.put<StoredBlock>('block', stored);
      else await this.w.create<StoredBlock>('block', stored);
    }
    for (const id of changes.removedBlocks) await this.w.put<StoredBlock>('block', { ...existed.get(id)!, wasDeleted: true });
    return { removedBlockIds: changes.removedBlocks };
  }
}
