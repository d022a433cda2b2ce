/** Block calls of spec 7.4: create, update, property, delete with revert, move, clone, children, comments. */
import type { FastifyInstance } from 'fastify';
import type { Slot } from '../../../engine/core/structure/document';
import type { Block, Field, Id, JsonObject } from '../../../schemas/model';
import type {
  BlockCloneRequest,
  BlockCreateRequest,
  BlockDraft,
  BlockMoveRequest,
  BlockPasteRequest,
  BlockUpdateRequest,
  BlocksUpdateRequest,
  ChildrenIdsRequest,
  IdsRequest,
  PropertyRequest,
} from '../../../schemas/model/api/structure';
import { requireStaff, requireUser, type AppContext, type SignedInUser } from '../../context';
import { badRequest, conflict, notFound } from '../../errors';
import { intParam, paginate } from '../../http/params';
import { need } from '../../permissions';
import { newId } from '../../storage/ids';
import { checkPropertyKey } from '../checks';
import { actionContext, PageActions } from '../page-actions';
import { needEditMode, needItemChange } from '../item-rights';
import { namesOfBlock, noNames, requireNameable } from '../named-ids';
import { requireMovableBlocks, requireVisibleBlock, requireVisiblePage, visibleBlocks, type StoredBlock } from '../viewer';
import { structureSource } from '../drafts';
import { writeStructure, type StructureWrite } from '../write';
import { sanitizeHtmlOptions } from '../../html/sanitize';

/** An index past any column's end: the slot at the end. */
const END = Number.MAX_SAFE_INTEGER;

/**
 * Every block write checks, in this order: edit mode (403, whatever the ids name), then that the
 * items exist and the user may see them (404, as for items that do not exist: a hidden page's
 * blocks cannot be edited, moved out, cloned or listed, and the answer does not tell them from
 * unknown ones), then the item permission (403).
 */
/** Adding or moving blocks is edit mode (administration.manageEditMode) plus addChildren/moveChildren on the visible page. */
async function needBlockEditing(ctx: AppContext, user: SignedInUser, action: string, pageId: Id): Promise<void> {
  needEditMode(user);
  await requireVisiblePage(structureSource(ctx), user, pageId);
  need(user, action, 'items.pages', pageId);
}

async function needBlockSettings(ctx: AppContext, user: SignedInUser, blockId: Id): Promise<StoredBlock> {
  needEditMode(user);
  const block = await requireVisibleBlock(structureSource(ctx), user, blockId);
  need(user, 'manageSettings', 'items.blocks', blockId);
  return block;
}

/** Blocks taken from where they are, in edit mode (see requireMovableBlocks). */
async function needTakeable(ctx: AppContext, user: SignedInUser, ids: Id[], toPageId: Id): Promise<void> {
  needEditMode(user);
  await requireMovableBlocks(structureSource(ctx), user, ids, toPageId);
}

export function structureBlockRoutes(app: FastifyInstance, ctx: AppContext): void {
  const v = ctx.validator;
  const actions = actionContext(ctx.registry);

  /** A block the user may see (see structure/viewer.ts), else 404. */
  const viewableBlock = (user: SignedInUser, id: Id) => requireVisibleBlock(structureSource(ctx), user, id);

  function checkedBlock<T extends BlockDraft>(draft: T, where: string, withDefaults = false): T {
    if (!v.blockTypeKnown(draft.type)) throw badRequest(`${where}: unknown block type "${draft.type}" (not in registry/blocks)`);
    const options = withDefaults ? { ...v.blockDefaults(draft.type), ...(draft.options ?? {}) } : (draft.options ?? {});
    v.blockOptions(draft.type, options, where);
    // HTML in options (a schema's contentMediaType text/html) is stored sanitised, whichever call wrote it.
    return { ...draft, options: sanitizeHtmlOptions(v.blockTypes[draft.type].options, options as JsonObject) };
  }

  /** The ids a block write adds to what the block named already must be ones the user may see (named-ids.ts), else 404. */
  const requireNewNamesVisible = (user: SignedInUser, next: Block, stored?: Block) =>
    requireNameable(structureSource(ctx), user, namesOfBlock(next, v.blockTypes[next.type]), stored ? namesOfBlock(stored, v.blockTypes[stored.type]) : {});

  /**
   * Writes a block's settings; the caller has run needBlockSettings and requireNewNamesVisible
   * (before the transaction). What the change needs beyond manageSettings (manageVisibility for
   * its visibility) is judged here, against the block as it is now.
   */
  async function updateBlock(w: StructureWrite, user: SignedInUser, block: Block): Promise<Block> {
    const checked = checkedBlock(block, `block "${block.id}"`);
    const current = await w.require<StoredBlock>('block', block.id);
    if (current.wasDeleted) throw notFound(`block "${block.id}" does not exist`);
    const { revision, ...rest } = checked;
    // Children and page change through move/addChild calls only.
    const next: StoredBlock = { ...rest, id: block.id, pageId: current.pageId, children: current.children, positions: current.positions };
    needItemChange(user, 'block', current, next, current.pageId);
    return w.put<StoredBlock>('block', next, revision);
  }

  app.get('/structure/block/templates', async (req) => {
    await requireUser(ctx, req);
    return Object.values(v.blockTypes)
      .filter((b) => b.status === 'available')
      .map((b) => ({ type: b.type, title: b.title, category: b.category, icon: b.icon, defaults: b.defaults ?? {} }));
  });

  app.get('/structure/block', async (req) => {
    const user = await requireStaff(ctx, req, 'listing every block');
    return visibleBlocks(
      structureSource(ctx),
      user,
      (await structureSource(ctx).list<StoredBlock>('block')).map((d) => d.data),
    );
  });

  app.get<{ Querystring: { page?: string; limit?: string; type?: string; filters?: string } }>('/structure/block/search', async (req) => {
    const user = await requireStaff(ctx, req, 'block search');
    const text = (req.query.filters ?? '').toLowerCase();
    const blocks = (
      await visibleBlocks(
        structureSource(ctx),
        user,
        (await structureSource(ctx).list<StoredBlock>('block')).map((d) => d.data),
      )
    ).filter((b) => (!req.query.type || b.type === req.query.type) && (!text || JSON.stringify(b).toLowerCase().includes(text)));
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
    await requireNewNamesVisible(user, block, await needBlockSettings(ctx, user, block.id));
    return writeStructure(ctx, (w) => updateBlock(w, user, block));
  });

  app.post('/structure/block', async (req) => {
    const user = await requireUser(ctx, req);
    const { blocks } = v.body<BlocksUpdateRequest>('blocks-update-request', req.body);
    for (const block of blocks) await requireNewNamesVisible(user, block, await needBlockSettings(ctx, user, block.id));
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
    needEditMode(user);
    const placedUnder = body.parentId ? await viewableBlock(user, body.parentId) : undefined;
    const targetPageId = placedUnder?.pageId ?? body.pageId!;
    await needBlockEditing(ctx, user, 'addChildren', targetPageId);
    if (body.asParentFor?.length) await needTakeable(ctx, user, body.asParentFor, targetPageId);
    // The new blocks may name only what the user may see (their own ids aside), and set a visibility only with manageVisibility.
    const drafts = [body.block, ...(body.related ?? [])];
    const named = noNames();
    for (const draft of drafts) {
      namesOfBlock({ ...draft, children: [], positions: {} }, v.blockTypes[draft.type], named);
      needItemChange(user, 'block', undefined, { ...draft, id: draft.id ?? '' });
    }
    await requireNameable(structureSource(ctx), user, named, { blocks: drafts.flatMap((d) => (d.id ? [d.id] : [])) });
    return writeStructure(ctx, async (w) => {
      const parent = body.parentId ? await w.require<StoredBlock>('block', body.parentId) : undefined;
      if (parent?.wasDeleted) throw notFound(`block "${parent.id}" does not exist`);
      if (parent && !parent.pageId) throw badRequest(`block "${parent.id}" is not on a page`);
      if (body.pageId && parent && parent.pageId !== body.pageId) throw badRequest(`block "${parent.id}" is not on page "${body.pageId}"`);
      const pageId = parent?.pageId ?? body.pageId!;
      const draft = checkedBlock(body.block, 'block', body.defaults === true);
      const id = draft.id ?? newId('block');
      const related: Block[] = [];
      for (const [i, r] of (body.related ?? []).entries()) {
        const { revision: _r, ...rest } = checkedBlock(r, `related[${i}]`, body.defaults === true);
        related.push({ ...rest, id: rest.id ?? newId('block'), children: [], positions: {} });
      }
      for (const b of [{ id }, ...related]) if (await w.get('block', b.id)) throw badRequest(`block "${b.id}" already exists`);
      const { revision: _r, ...rest } = draft;
      const relatedBlocks = related.length
        ? { ...(draft.relatedBlocks ?? {}), display: [...(draft.relatedBlocks?.display ?? []), ...related.map((b) => b.id)] }
        : draft.relatedBlocks;
      const edit = new PageActions(w, actions);
      await edit.run({
        kind: 'insert',
        pageId,
        at: { parentType: parent ? 'block' : 'page', parentId: parent?.id ?? pageId, colIndex: body.colIndex ?? 0, index: body.index ?? END },
        blocks: [{ ...rest, id, children: [], positions: {}, ...(relatedBlocks ? { relatedBlocks } : {}) }, ...related],
      });
      if (body.asParentFor?.length) await edit.place(body.asParentFor, pageId, { parentType: 'block', parentId: id, colIndex: 0, index: 0 });
      await edit.commit();
      return { block: await w.require<Block>('block', id), related: await Promise.all(related.map((b) => w.require<Block>('block', b.id))) };
    });
  });

  app.post<{ Params: { id: string } }>('/structure/block/:id/property', async (req) => {
    const user = await requireUser(ctx, req);
    const { key, value } = v.body<PropertyRequest>('property-request', req.body);
    checkPropertyKey(key);
    if (key === 'children' || key === 'positions') throw badRequest(`${key} change through the move and addChild calls`);
    const stored = await needBlockSettings(ctx, user, req.params.id);
    await requireNewNamesVisible(user, { ...stored, [key]: value } as Block, stored);
    return writeStructure(ctx, async (w) => {
      const current = await w.require<StoredBlock>('block', req.params.id);
      if (current.wasDeleted) throw notFound(`block "${current.id}" does not exist`);
      const next = { ...current, [key]: value } as StoredBlock;
      v.model('block.schema.json', next, `block "${current.id}"`);
      return updateBlock(w, user, next);
    });
  });

  /** Marks a block and its descendants deleted, detached from its parent; revertable within the window. */
  async function deleteBlock(user: SignedInUser, id: Id, parent?: { type: string; id: Id; col: number; index: number }) {
    needEditMode(user);
    const visible = await viewableBlock(user, id);
    if (!visible.pageId) throw badRequest(`block "${id}" is not on a page`);
    await needBlockEditing(ctx, user, 'addChildren', visible.pageId);
    let from: Slot | undefined;
    if (parent) {
      if (parent.type !== 'page' && parent.type !== 'block' && parent.type !== 'blocks' && parent.type !== 'pages')
        throw badRequest(`parentType must be page or block, got "${parent.type}"`);
      from = { parentType: parent.type.startsWith('page') ? 'page' : 'block', parentId: parent.id, colIndex: parent.col, index: parent.index };
    }
    return writeStructure(ctx, async (w) => {
      const edit = new PageActions(w, actions);
      await edit.run({ kind: 'remove', pageId: await edit.pageOf(id), blockIds: [id], ...(from ? { from } : {}) });
      const { removedBlockIds } = await edit.commit();
      return w.revertToken(user.account.accountId, ctx.config.revertWindowMs, removedBlockIds);
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
    await needBlockSettings(ctx, user, req.params.id);
    await requireNameable(structureSource(ctx), user, { ...noNames(), fields: [req.params.fieldId] });
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
    await needBlockEditing(ctx, user, 'moveChildren', fromPageId);
    await needBlockEditing(ctx, user, 'addChildren', toPageId);
    await needTakeable(
      ctx,
      user,
      updates.map((u) => u.id),
      fromPageId,
    );
    for (const u of updates) if (u.parentId) await viewableBlock(user, u.parentId);
    return writeStructure(ctx, async (w) => {
      const edit = new PageActions(w, actions);
      for (const u of updates) if ((await edit.pageOf(u.id)) !== fromPageId) throw badRequest(`block "${u.id}" is not on page "${fromPageId}"`);
      await edit.run({
        kind: 'move',
        fromPageId,
        toPageId,
        moves: updates.map((u) => ({
          blockId: u.id,
          to: { parentType: u.parentId ? 'block' : 'page', parentId: u.parentId ?? toPageId, colIndex: u.colIndex ?? 0, index: u.index ?? END },
        })),
      });
      await edit.commit();
      return { moved: updates.map((u) => u.id) };
    });
  });

  app.post('/structure/block/clone', async (req) => {
    const user = await requireUser(ctx, req);
    const { ids, toPageId, parentId, colIndex, index } = v.body<BlockCloneRequest>('block-clone-request', req.body);
    await needBlockEditing(ctx, user, 'addChildren', toPageId);
    // What is cloned and where it goes: only what the user may see (copies of the rest would show it).
    await requireNameable(structureSource(ctx), user, { ...noNames(), blocks: [...ids, ...(parentId ? [parentId] : [])] });
    return writeStructure(ctx, async (w) => {
      const edit = new PageActions(w, actions);
      const at: Slot = { parentType: parentId ? 'block' : 'page', parentId: parentId ?? toPageId, colIndex: colIndex ?? 0, index: index ?? END };
      const cloneIds: Id[] = [];
      for (const [i, id] of ids.entries()) {
        const { action } = await edit.run({ kind: 'clone', fromPageId: await edit.pageOf(id), toPageId, ids: [id], at: { ...at, index: at.index + i } });
        if (action.kind === 'clone') cloneIds.push(action.idMap!.blocks![id]);
      }
      await edit.commit();
      return Promise.all(cloneIds.map((id) => w.require<Block>('block', id)));
    });
  });

  /**
   * The clipboard's paste (spec 2.8 copy, 5.3): copies made by the client with new ids. Checked
   * before any write: edit mode and addChildren on the page (403), a parent the user can see (404),
   * known types with valid options and fields (400); inside the write: ids free (409), the parent
   * on that page and able to hold blocks, every block under a root (the paste action: 404/400).
   */
  app.post('/structure/block/paste', async (req) => {
    const user = await requireUser(ctx, req);
    const body = v.body<BlockPasteRequest>('block-paste-request', req.body);
    await needBlockEditing(ctx, user, 'addChildren', body.pageId);
    if (body.parentType === 'block') await viewableBlock(user, body.parentId);
    else if (body.parentId !== body.pageId) throw badRequest(`parentId "${body.parentId}" must be the page "${body.pageId}" when parentType is page`);
    const blocks = body.blocks.map((b, i) => {
      const { revision: _r, wasDeleted: _d, pageId: _p, ...rest } = checkedBlock(b, `blocks[${i}]`) as Block & { pageId?: Id };
      return rest as Block;
    });
    const fields = (body.fields ?? []).map((f, i) => {
      v.fieldDefinition(f, `fields[${i}] ("${f.id}")`);
      const { revision: _r, ...rest } = f;
      return rest as Field;
    });
    // The copies may name only what the user may see: fields, child fields, related blocks and
    // structure options that are not pasted with them (404, as reading them answers).
    const named = noNames();
    for (const b of blocks) {
      namesOfBlock(b, v.blockTypes[b.type], named);
      needItemChange(user, 'block', undefined, b);
    }
    for (const f of fields) named.fields.push(...(f.childIds ?? []));
    await requireNameable(structureSource(ctx), user, named, { blocks: blocks.map((b) => b.id), fields: fields.map((f) => f.id) });
    return writeStructure(ctx, async (w) => {
      for (const b of blocks) if (await w.get('block', b.id)) throw conflict(`block "${b.id}" already exists: a paste needs new ids`);
      for (const f of fields) if (await w.get('field', f.id)) throw conflict(`field "${f.id}" already exists: a paste needs new ids`);
      const edit = new PageActions(w, actions);
      await edit.run({
        kind: 'paste',
        pageId: body.pageId,
        at: { parentType: body.parentType, parentId: body.parentId, colIndex: body.colIndex, index: body.index },
        roots: body.roots,
        blocks,
        ...(fields.length ? { fields } : {}),
      });
      await edit.commit();
      return Promise.all(body.roots.map((id) => w.require<Block>('block', id)));
    });
  });

  app.post('/structure/block/loadMultiple', async (req) => {
    const user = await requireUser(ctx, req);
    const { ids } = v.body<IdsRequest>('ids-request', req.body);
    return visibleBlocks(
      structureSource(ctx),
      user,
      (await structureSource(ctx).getMany<StoredBlock>('block', ids)).map((d) => d.data),
    );
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
    needEditMode(user);
    const visibleParent = await viewableBlock(user, parentId);
    if (!visibleParent.pageId) throw notFound(`block "${parentId}" does not exist`);
    await needBlockEditing(ctx, user, 'addChildren', visibleParent.pageId);
    await needTakeable(ctx, user, childIds, visibleParent.pageId);
    return writeStructure(ctx, async (w) => {
      const edit = new PageActions(w, actions);
      await edit.place(childIds, await edit.pageOf(parentId), { parentType: 'block', parentId, colIndex: col, index });
      await edit.commit();
      return w.require<Block>('block', parentId);
    });
  }
}
