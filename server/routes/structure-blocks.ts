/** Block calls of spec 7.4: create, update, property, delete with revert, move, clone, children, comments. */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Block, Field, Id, JsonObject, Page } from '../../schemas/model';
import type {
  BlockCloneRequest,
  BlockCreateRequest,
  BlockDraft,
  BlockMoveRequest,
  BlockUpdateRequest,
  BlocksUpdateRequest,
  ChildrenIdsRequest,
  CommentRequest,
  IdsRequest,
  PropertyRequest,
  ReactionRequest,
} from '../../schemas/model/api';
import { requireUser, type AppContext, type SignedInUser } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import { canAdminister, canViewPage } from '../permissions';
import { collectBlocks, collectFields, readPageDocument } from '../structure/read';
import { blockHiddenFrom, hiddenBlockIds, needsViewerFilter } from '../structure/block-visibility';
import { childAt, childBlockIds, removeChild } from '../structure/tree';
import { writeStructure, type StructureWrite } from '../structure/write';
import { checkPropertyKey, intParam, need, newId, paginate } from './helpers';
import { attachBlocks, detachBlock } from './structure-pages';

type StoredBlock = Block & { pageId?: Id };

interface StoredComment {
  id: Id;
  blockId: Id;
  accountId: Id;
  comment: string;
  createdAt: number;
  updatedAt?: number;
  /** reaction id -> account ids */
  reactions: { [reactionId: string]: Id[] };
  score: number;
}

/** Adding or moving blocks is edit mode (administration.manageEditMode) plus addChildren on the page. */
function needBlockEditing(user: SignedInUser, action: string, pageId: Id): void {
  if (!canAdminister(user, 'manageEditMode')) throw forbidden('You may not edit blocks (manageEditMode)');
  need(user, action, 'items.pages', pageId);
}

function needBlockSettings(user: SignedInUser, blockId: Id): void {
  if (!canAdminister(user, 'manageEditMode')) throw forbidden('You may not edit blocks (manageEditMode)');
  need(user, 'manageSettings', 'items.blocks', blockId);
}

export function structureBlockRoutes(app: FastifyInstance, ctx: AppContext): void {
  const v = ctx.validator;

  /** A block the user may see: it exists, is not deleted, and its page is viewable. */
  async function viewableBlock(user: SignedInUser, id: Id): Promise<StoredBlock> {
    const block = (await ctx.store.get<StoredBlock>('block', id))?.data;
    if (!block || block.wasDeleted) throw notFound(`block "${id}" does not exist`);
    const page = block.pageId ? (await ctx.store.get<Page>('page', block.pageId))?.data : undefined;
    if (page && !canViewPage(user, page)) throw notFound(`block "${id}" does not exist`);
    if (!(await blockVisible(user, block))) throw notFound(`block "${id}" does not exist`);
    return block;
  }

  /** Not hidden from this viewer by its own advanced rules or an ancestor's (see block-visibility.ts). */
  async function blockVisible(user: SignedInUser, block: StoredBlock): Promise<boolean> {
    if (blockHiddenFrom(user, block)) return false;
    const doc = block.pageId ? await readPageDocument(ctx.store, block.pageId) : undefined;
    return !doc || !needsViewerFilter(doc, user) || !hiddenBlockIds(doc, user).has(block.id);
  }

  function checkedBlock<T extends BlockDraft>(draft: T, where: string, withDefaults = false): T {
    if (!v.blockTypeKnown(draft.type)) throw badRequest(`${where}: unknown block type "${draft.type}" (not in registry/blocks)`);
    const options = withDefaults ? { ...v.blockDefaults(draft.type), ...(draft.options ?? {}) } : (draft.options ?? {});
    v.blockOptions(draft.type, options, where);
    return { ...draft, options: options as JsonObject };
  }

  /** Only block types whose registry entry says `children: true` hold child blocks. */
  function assertHoldsChildren(block: Pick<Block, 'id' | 'type'>): void {
    if (!ctx.registry.blocks[block.type]?.children) throw badRequest(`block "${block.id}" of type "${block.type}" cannot hold child blocks`);
  }

  async function updateBlock(w: StructureWrite, user: SignedInUser, block: Block): Promise<Block> {
    needBlockSettings(user, block.id);
    const checked = checkedBlock(block, `block "${block.id}"`);
    const current = await w.require<StoredBlock>('block', block.id);
    if (current.wasDeleted) throw notFound(`block "${block.id}" does not exist`);
    const { revision, ...rest } = checked;
    // Children and page change through move/addChild calls only.
    return w.put<StoredBlock>('block', { ...rest, id: block.id, pageId: current.pageId, children: current.children, positions: current.positions }, revision);
  }

  app.get('/structure/block/templates', async (req) => {
    await requireUser(ctx, req);
    return Object.values(v.blockTypes)
      .filter((b) => b.status === 'available')
      .map((b) => ({ type: b.type, title: b.title, category: b.category, icon: b.icon, defaults: b.defaults ?? {} }));
  });

  app.get('/structure/block', async (req) => {
    const user = await requireUser(ctx, req);
    if (!user.account.isAdmin && !user.account.isElevated) throw forbidden('listing every block is for admins and elevated users');
    return (await ctx.store.list<StoredBlock>('block')).map((d) => d.data).filter((b) => !b.wasDeleted);
  });

  app.get<{ Querystring: { page?: string; limit?: string; type?: string; filters?: string } }>('/structure/block/search', async (req) => {
    const user = await requireUser(ctx, req);
    if (!user.account.isAdmin && !user.account.isElevated) throw forbidden('block search is for admins and elevated users');
    const text = (req.query.filters ?? '').toLowerCase();
    const blocks = (await ctx.store.list<StoredBlock>('block'))
      .map((d) => d.data)
      .filter((b) => !b.wasDeleted && (!req.query.type || b.type === req.query.type) && (!text || JSON.stringify(b).toLowerCase().includes(text)));
    return paginate(blocks, req.query);
  });

  app.get<{ Params: { id: string } }>('/structure/block/:id', async (req) => viewableBlock(await requireUser(ctx, req), req.params.id));

  app.get<{ Params: { id: string } }>('/structure/block/:id/amISubscribable', async (req) => {
    const user = await requireUser(ctx, req);
    try {
      await viewableBlock(user, req.params.id);
      return { subscribable: true };
    } catch {
      return { subscribable: false };
    }
  });

  app.post<{ Params: { id: string } }>('/structure/block/:id', async (req) => {
    const user = await requireUser(ctx, req);
    const { block } = v.body<BlockUpdateRequest>('block-update-request', req.body);
    if (block.id !== req.params.id) throw badRequest(`block id "${block.id}" does not match the path id "${req.params.id}"`);
    return writeStructure(ctx, (w) => updateBlock(w, user, block));
  });

  app.post('/structure/block', async (req) => {
    const user = await requireUser(ctx, req);
    const { blocks } = v.body<BlocksUpdateRequest>('blocks-update-request', req.body);
    return writeStructure(ctx, async (w) => {
      const out: Block[] = [];
      for (const block of blocks) out.push(await updateBlock(w, user, block));
      return out;
    });
  });

  app.put('/structure/block', async (req) => {
    const user = await requireUser(ctx, req);
    const body = v.body<BlockCreateRequest>('block-create-request', req.body);
    if (!body.pageId && !body.parentId) throw badRequest('give pageId or parentId: where the block goes');
    return writeStructure(ctx, async (w) => {
      const parent = body.parentId ? await w.require<StoredBlock>('block', body.parentId) : undefined;
      if (parent?.wasDeleted) throw notFound(`block "${parent.id}" does not exist`);
      if (parent) assertHoldsChildren(parent);
      const pageId = parent?.pageId ?? body.pageId!;
      if (body.pageId && parent && parent.pageId !== body.pageId) throw badRequest(`block "${parent.id}" is not on page "${body.pageId}"`);
      await w.require<Page>('page', pageId);
      needBlockEditing(user, 'addChildren', pageId);
      const draft = checkedBlock(body.block, 'block', body.defaults === true);
      const id = draft.id ?? newId('block');
      if (await w.get('block', id)) throw badRequest(`block "${id}" already exists`);
      const related: Block[] = [];
      for (const [i, r] of (body.related ?? []).entries()) {
        const rd = checkedBlock(r, `related[${i}]`, body.defaults === true);
        const rid = rd.id ?? newId('block');
        if (await w.get('block', rid)) throw badRequest(`block "${rid}" already exists`);
        const { revision: _r, ...rest } = rd;
        related.push(await w.create<StoredBlock>('block', { ...rest, id: rid, pageId, children: [], positions: {} }));
      }
      const { revision: _r, ...rest } = draft;
      const relatedBlocks = related.length
        ? { ...(draft.relatedBlocks ?? {}), display: [...(draft.relatedBlocks?.display ?? []), ...related.map((b) => b.id)] }
        : draft.relatedBlocks;
      await w.create<StoredBlock>('block', { ...rest, id, pageId, children: [], positions: {}, ...(relatedBlocks ? { relatedBlocks } : {}) });
      await attachBlocks(
        w,
        parent ? { kind: 'block', id: parent.id } : { kind: 'page', id: pageId },
        pageId,
        [id],
        body.colIndex ?? 0,
        body.index ?? Number.MAX_SAFE_INTEGER,
      );
      if (body.asParentFor?.length) assertHoldsChildren({ id, type: draft.type });
      if (body.asParentFor?.length) await attachBlocks(w, { kind: 'block', id }, pageId, body.asParentFor, 0, 0);
      return { block: await w.require<Block>('block', id), related };
    });
  });

  app.post<{ Params: { id: string } }>('/structure/block/:id/property', async (req) => {
    const user = await requireUser(ctx, req);
    const { key, value } = v.body<PropertyRequest>('property-request', req.body);
    checkPropertyKey(key);
    if (key === 'children' || key === 'positions') throw badRequest(`${key} change through the move and addChild calls`);
    return writeStructure(ctx, async (w) => {
      const current = await w.require<StoredBlock>('block', req.params.id);
      if (current.wasDeleted) throw notFound(`block "${current.id}" does not exist`);
      const next = { ...current, [key]: value } as StoredBlock;
      v.model('block.schema.json', next, `block "${current.id}"`);
      if (key === 'visibility') need(user, 'manageVisibility', 'items.blocks', current.id);
      return updateBlock(w, user, next);
    });
  });

  /** Marks a block and its descendants deleted, detached from its parent; revertable within the window. */
  async function deleteBlock(user: SignedInUser, id: Id, parent?: { type: string; id: Id; col: number; index: number }) {
    return writeStructure(ctx, async (w) => {
      const block = await w.require<StoredBlock>('block', id);
      if (block.wasDeleted) throw notFound(`block "${id}" does not exist`);
      if (!block.pageId) throw badRequest(`block "${id}" is not on a page`);
      needBlockEditing(user, 'addChildren', block.pageId);
      if (parent) {
        if (parent.type !== 'page' && parent.type !== 'block' && parent.type !== 'blocks' && parent.type !== 'pages')
          throw badRequest(`parentType must be page or block, got "${parent.type}"`);
        const kind = parent.type.startsWith('page') ? 'page' : 'block';
        const holder = await w.require<Page | Block>(kind, parent.id);
        const at = childAt(holder, parent.col, parent.index);
        if (at !== id) throw badRequest(`block "${id}" is not at column ${parent.col}, index ${parent.index} of ${kind} "${parent.id}"`);
        await w.put(kind, removeChild(holder, id));
      } else {
        await detachBlock(w, block);
      }
      const all = [block, ...(await collectBlocks(w.tx, childBlockIds(block)))];
      for (const b of all) await w.put<StoredBlock>('block', { ...(await w.require<StoredBlock>('block', b.id)), wasDeleted: true });
      return w.revertToken(
        user.account.accountId,
        ctx.config.revertWindowMs,
        all.map((b) => b.id),
      );
    });
  }

  app.delete<{ Params: { id: string; parentType: string; parentId: string; col: string; index: string } }>(
    '/structure/block/:id/:parentType/:parentId/:col/:index',
    async (req) => {
      const user = await requireUser(ctx, req);
      const { id, parentType, parentId } = req.params;
      return deleteBlock(user, id, { type: parentType, id: parentId, col: intParam(req.params.col, 'col'), index: intParam(req.params.index, 'index') });
    },
  );

  app.delete<{ Params: { id: string } }>('/structure/block/:id', async (req) => deleteBlock(await requireUser(ctx, req), req.params.id));

  app.put<{ Params: { id: string; fieldId: string } }>('/structure/block/:id/addField/:fieldId', async (req) => {
    const user = await requireUser(ctx, req);
    needBlockSettings(user, req.params.id);
    return writeStructure(ctx, async (w) => {
      const block = await w.require<StoredBlock>('block', req.params.id);
      await w.require<Field>('field', req.params.fieldId);
      if (block.fields?.includes(req.params.fieldId)) return block;
      return w.put<StoredBlock>('block', { ...block, fields: [...(block.fields ?? []), req.params.fieldId] });
    });
  });

  app.post('/structure/block/move', async (req) => {
    const user = await requireUser(ctx, req);
    const { updates, fromPageId, toPageId } = v.body<BlockMoveRequest>('block-move-request', req.body);
    needBlockEditing(user, 'moveChildren', fromPageId);
    needBlockEditing(user, 'addChildren', toPageId);
    return writeStructure(ctx, async (w) => {
      await w.require<Page>('page', toPageId);
      for (const u of updates) {
        const block = await w.require<StoredBlock>('block', u.id);
        if (block.pageId !== fromPageId) throw badRequest(`block "${u.id}" is not on page "${fromPageId}"`);
        if (u.parentId) {
          const parent = await w.require<StoredBlock>('block', u.parentId);
          assertHoldsChildren(parent);
          if (parent.pageId !== toPageId) throw badRequest(`block "${u.parentId}" is not on page "${toPageId}"`);
          const inside = await collectBlocks(w.tx, childBlockIds(block));
          if (u.parentId === u.id || inside.some((b) => b.id === u.parentId)) throw badRequest(`block "${u.id}" cannot move inside itself`);
        }
        await attachBlocks(
          w,
          u.parentId ? { kind: 'block', id: u.parentId } : { kind: 'page', id: toPageId },
          toPageId,
          [u.id],
          u.colIndex ?? 0,
          u.index ?? Number.MAX_SAFE_INTEGER,
        );
        if (fromPageId !== toPageId) {
          for (const d of await collectBlocks(w.tx, childBlockIds(block), true))
            await w.put<StoredBlock>('block', { ...(await w.require<StoredBlock>('block', d.id)), pageId: toPageId });
        }
      }
      return { moved: updates.map((u) => u.id) };
    });
  });

  app.post('/structure/block/clone', async (req) => {
    const user = await requireUser(ctx, req);
    const { ids, toPageId, parentId, colIndex, index } = v.body<BlockCloneRequest>('block-clone-request', req.body);
    needBlockEditing(user, 'addChildren', toPageId);
    return writeStructure(ctx, async (w) => {
      await w.require<Page>('page', toPageId);
      if (parentId) assertHoldsChildren(await w.require<StoredBlock>('block', parentId));
      const clones: Block[] = [];
      for (const [i, id] of ids.entries()) {
        const source = await w.require<StoredBlock>('block', id);
        if (source.wasDeleted) throw notFound(`block "${id}" does not exist`);
        const sourcePage = source.pageId ? await w.get<Page>('page', source.pageId) : undefined;
        if (sourcePage && !canViewPage(user, sourcePage)) throw notFound(`block "${id}" does not exist`);
        const cloneId = await cloneTree(w, source, toPageId);
        await attachBlocks(
          w,
          parentId ? { kind: 'block', id: parentId } : { kind: 'page', id: toPageId },
          toPageId,
          [cloneId],
          colIndex ?? 0,
          (index ?? Number.MAX_SAFE_INTEGER) + i,
        );
        clones.push(await w.require<Block>('block', cloneId));
      }
      return clones;
    });
  });

  app.post('/structure/block/loadMultiple', async (req) => {
    const user = await requireUser(ctx, req);
    const { ids } = v.body<IdsRequest>('ids-request', req.body);
    const blocks = (await ctx.store.getMany<StoredBlock>('block', ids)).map((d) => d.data).filter((b) => !b.wasDeleted);
    const pages = new Map(
      (
        await ctx.store.getMany<Page>(
          'page',
          blocks.map((b) => b.pageId ?? ''),
        )
      ).map((d) => [d.id, d.data]),
    );
    const visible: StoredBlock[] = [];
    for (const b of blocks) {
      const page = b.pageId ? pages.get(b.pageId) : undefined;
      if ((!page || canViewPage(user, page)) && (await blockVisible(user, b))) visible.push(b);
    }
    return visible;
  });

  app.post<{ Params: { blockId: string; col: string; index: string; childId: string } }>('/structure/block/:blockId/:col/:index/:childId', async (req) => {
    const user = await requireUser(ctx, req);
    const col = intParam(req.params.col, 'col');
    const index = intParam(req.params.index, 'index');
    return addChildren(user, req.params.blockId, [req.params.childId], col, index);
  });

  app.post<{ Params: { id: string; col: string; index: string } }>('/structure/block/:id/:col/:index', async (req) => {
    const user = await requireUser(ctx, req);
    const col = intParam(req.params.col, 'col');
    const index = intParam(req.params.index, 'index');
    const { childrenIds } = v.body<ChildrenIdsRequest>('children-ids-request', req.body);
    return addChildren(user, req.params.id, childrenIds, col, index);
  });

  async function addChildren(user: SignedInUser, parentId: Id, childIds: Id[], col: number, index: number) {
    return writeStructure(ctx, async (w) => {
      const parent = await w.require<StoredBlock>('block', parentId);
      if (parent.wasDeleted || !parent.pageId) throw notFound(`block "${parentId}" does not exist`);
      needBlockEditing(user, 'addChildren', parent.pageId);
      assertHoldsChildren(parent);
      for (const id of childIds) {
        const inside = await collectBlocks(w.tx, childBlockIds(await w.require<Block>('block', id)));
        if (id === parentId || inside.some((b) => b.id === parentId))
          throw badRequest(`block "${id}" cannot become a child of its own descendant "${parentId}"`);
      }
      await attachBlocks(w, { kind: 'block', id: parentId }, parent.pageId, childIds, col, index);
      return w.require<Block>('block', parentId);
    });
  }

  // Comments and reactions on a block (discussion blocks).
  app.put<{ Params: { id: string } }>('/structure/block/:id/comment', async (req) => {
    const user = await requireUser(ctx, req);
    const { comment } = v.body<CommentRequest>('comment-request', req.body);
    await viewableBlock(user, req.params.id);
    const stored: StoredComment = {
      id: crypto.randomUUID(),
      blockId: req.params.id,
      accountId: user.account.accountId,
      comment,
      createdAt: Date.now(),
      reactions: {},
      score: 0,
    };
    await ctx.store.transaction((tx) => tx.put('comment', stored.id, stored));
    return stored;
  });

  app.post<{ Params: { id: string; commentId: string } }>('/structure/block/:id/comment/:commentId', async (req) => {
    const user = await requireUser(ctx, req);
    const { comment } = v.body<CommentRequest>('comment-request', req.body);
    return ctx.store.transaction(async (tx) => {
      const stored = (await tx.get<StoredComment>('comment', req.params.commentId))?.data;
      if (!stored || stored.blockId !== req.params.id) throw notFound(`comment "${req.params.commentId}" does not exist on block "${req.params.id}"`);
      if (stored.accountId !== user.account.accountId && !user.account.isAdmin) throw forbidden('only the author may edit a comment');
      const next = { ...stored, comment, updatedAt: Date.now() };
      await tx.put('comment', stored.id, next);
      return next;
    });
  });

  app.post<{ Params: { id: string; commentId: string } }>('/structure/block/:id/setReaction/:commentId', async (req) => {
    const user = await requireUser(ctx, req);
    const { reactionId } = v.body<ReactionRequest>('reaction-request', req.body);
    await viewableBlock(user, req.params.id);
    return ctx.store.transaction(async (tx) => {
      const stored = (await tx.get<StoredComment>('comment', req.params.commentId))?.data;
      if (!stored || stored.blockId !== req.params.id) throw notFound(`comment "${req.params.commentId}" does not exist on block "${req.params.id}"`);
      const me = user.account.accountId;
      const reactions = { ...stored.reactions };
      const had = reactions[reactionId]?.includes(me);
      reactions[reactionId] = had ? reactions[reactionId].filter((a) => a !== me) : [...(reactions[reactionId] ?? []), me];
      if (!reactions[reactionId].length) delete reactions[reactionId];
      const next = { ...stored, reactions, score: scoreOf(reactions) };
      await tx.put('comment', stored.id, next);
      return reactionSummary(next, me);
    });
  });

  app.get<{ Params: { id: string } }>('/structure/block/:id/recalculatePostScores', async (req) => {
    const user = await requireUser(ctx, req);
    needBlockSettings(user, req.params.id);
    return ctx.store.transaction(async (tx) => {
      const comments = (await tx.list<StoredComment>('comment')).filter((c) => c.data.blockId === req.params.id);
      for (const c of comments) await tx.put('comment', c.id, { ...c.data, score: scoreOf(c.data.reactions) });
      return { recalculated: comments.length };
    });
  });
}

function scoreOf(reactions: StoredComment['reactions']): number {
  return Object.values(reactions).reduce((sum, accounts) => sum + accounts.length, 0);
}

function reactionSummary(c: StoredComment, me: Id) {
  return {
    score: c.score,
    userReactions: Object.entries(c.reactions)
      .filter(([, accounts]) => accounts.includes(me))
      .map(([id]) => id),
    individualReactionScores: Object.fromEntries(Object.entries(c.reactions).map(([id, accounts]) => [id, accounts.length])),
  };
}

/** Deep-copies a block, its descendants and their fields with new ids; returns the new root id. */
async function cloneTree(w: StructureWrite, source: StoredBlock, pageId: Id): Promise<Id> {
  const idMap = new Map<Id, Id>();
  const blocks = [source, ...(await collectBlocks(w.tx, childBlockIds(source)))];
  for (const b of blocks) idMap.set(b.id, newId('block'));
  const fields = await collectFields(
    w.tx,
    blocks.flatMap((b) => b.fields ?? []),
  );
  const fieldMap = new Map(fields.map((f) => [f.id, newId('field')]));
  const mapIds = (ids: Id[] | undefined, map: Map<Id, Id>) => ids?.map((id) => map.get(id) ?? id);
  for (const f of fields) {
    const { revision: _r, ...rest } = f;
    await w.put<Field>('field', { ...rest, id: fieldMap.get(f.id)!, childIds: mapIds(f.childIds, fieldMap) });
  }
  for (const b of blocks) {
    const { revision: _r, ...rest } = b;
    const positions = b.positions ? Object.fromEntries(Object.entries(b.positions).map(([c, ids]) => [c, mapIds(ids, idMap)!])) : undefined;
    await w.put<StoredBlock>('block', {
      ...rest,
      id: idMap.get(b.id)!,
      pageId,
      children: mapIds(b.children, idMap),
      ...(positions ? { positions } : {}),
      fields: mapIds(b.fields, fieldMap),
      ...(b.relatedBlocks?.display ? { relatedBlocks: { ...b.relatedBlocks, display: mapIds(b.relatedBlocks.display, idMap) } } : {}),
    });
  }
  return idMap.get(source.id)!;
}
