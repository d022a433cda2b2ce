/** Field calls of spec 7.4 and the slug check. */
import type { FastifyInstance } from 'fastify';
import { ownValue } from '../../../engine/core/own';
import type { Block, Field, Id, JsonValue, Module, Page } from '../../../schemas/model';
import type { FieldIdsRequest, FieldWriteRequest, SlugValidateResponse } from '../../../schemas/model/api/structure';
import { requireStaff, requireUser, type AppContext, type SignedInUser } from '../../context';
import { badRequest, notFound } from '../../errors';
import { canViewPage, need } from '../../permissions';
import { needEditMode } from '../item-rights';
import { noNames, requireNameable } from '../named-ids';
import type { DocumentSource as DocumentReader } from '../../storage/documents';
import { newId } from '../../storage/ids';
import { blockVisibleTo, hiddenFieldIds, visibleBlocks, type StoredBlock } from '../viewer';
import { structureSource } from '../drafts';
import { writeStructure } from '../write';

export function structureFieldRoutes(app: FastifyInstance, ctx: AppContext): void {
  const v = ctx.validator;

  function needFieldEditing(user: SignedInUser, blockId?: Id): void {
    needEditMode(user, 'fields');
    need(user, 'manageSettings', blockId ? 'items.blocks' : 'items.fields', blockId);
  }

  /**
   * Before a field write's transaction: edit mode (403), then the block the field goes under must
   * exist and be visible to the user (404, as when unknown), then manageSettings on it (403).
   */
  async function needFieldBlock(user: SignedInUser, itemType: 'block' | 'field', itemId: Id): Promise<void> {
    needEditMode(user, 'fields');
    const block = await owningBlock(structureSource(ctx), itemType, itemId);
    if (!block || !(await blockVisibleTo(structureSource(ctx), user, block))) throw notFound(`${itemType} "${itemId}" does not exist`);
    needFieldEditing(user, block.id);
  }

  /** The block a field hangs under (directly, or through parent fields). */
  async function owningBlock(reader: DocumentReader, itemType: 'block' | 'field', itemId: Id): Promise<Block | undefined> {
    if (itemType === 'block') return (await reader.get<Block>('block', itemId))?.data;
    const parents = (await reader.list<Block>('block')).map((b) => b.data);
    const fields = (await reader.list<Field>('field')).map((f) => f.data);
    let id = itemId;
    for (let depth = 0; depth < 50; depth++) {
      const block = parents.find((b) => b.fields?.includes(id));
      if (block) return block;
      const parent = fields.find((f) => f.childIds?.includes(id));
      if (!parent) return undefined;
      id = parent.id;
    }
    return undefined;
  }

  app.get<{ Querystring: { withSchemas?: string } }>('/structure/field', async (req) => {
    const user = await requireStaff(ctx, req, 'listing every field');
    const hidden = await hiddenFieldIds(structureSource(ctx), user);
    const fields = (await structureSource(ctx).list<Field>('field')).map((f) => f.data).filter((f) => !hidden.has(f.id));
    if (req.query.withSchemas !== 'true') return fields;
    return { fields, schemas: Object.fromEntries(Object.values(ctx.registry.fields).map((f) => [f.type, f.value])) };
  });

  app.get<{ Params: { tag: string } }>('/structure/field/tag/:tag', async (req) => {
    const hidden = await hiddenFieldIds(structureSource(ctx), await requireUser(ctx, req));
    return (await structureSource(ctx).list<Field>('field')).map((f) => f.data).filter((f) => f.tags?.includes(req.params.tag) && !hidden.has(f.id));
  });

  const defaultOf = (f: Field): JsonValue => f.default ?? f.defaultOption ?? null;

  app.get<{ Params: { id: string } }>('/structure/field/default/:id', async (req) => {
    const hidden = await hiddenFieldIds(structureSource(ctx), await requireUser(ctx, req));
    const field = (await structureSource(ctx).get<Field>('field', req.params.id))?.data;
    if (!field || hidden.has(field.id)) throw notFound(`field "${req.params.id}" does not exist`);
    return { fieldId: field.id, value: defaultOf(field) };
  });

  app.post('/structure/field/default/getMany', async (req) => {
    const hidden = await hiddenFieldIds(structureSource(ctx), await requireUser(ctx, req));
    const { fieldIds } = v.body<FieldIdsRequest>('field-ids-request', req.body);
    const fields = (await structureSource(ctx).getMany<Field>('field', fieldIds)).filter((f) => !hidden.has(f.id));
    return Object.fromEntries(fields.map((f) => [f.id, defaultOf(f.data)]));
  });

  app.post('/structure/field', async (req) => {
    const user = await requireUser(ctx, req);
    const body = v.body<FieldWriteRequest>('field-write-request', req.body);
    await needFieldBlock(user, body.itemType, body.itemId);
    // Child fields named by the new field: only fields the user may see (named-ids.ts).
    await requireNameable(structureSource(ctx), user, { ...noNames(), fields: body.field.childIds ?? [] });
    return writeStructure(ctx, async (w) => {
      const block = await owningBlock(w.source, body.itemType, body.itemId);
      if (!block) throw notFound(`${body.itemType} "${body.itemId}" does not exist`);
      const id = body.field.id ?? body.fieldId ?? newId('field');
      if (await w.get('field', id)) throw badRequest(`field "${id}" already exists`);
      const { revision: _r, ...rest } = body.field;
      const field = { ...rest, id } as Field;
      v.fieldDefinition(field);
      const saved = await w.create<Field>('field', field);
      if (body.itemType === 'block') await w.put<Block>('block', { ...block, fields: [...(block.fields ?? []), id] });
      else {
        const parent = await w.require<Field>('field', body.itemId);
        // Only container field types (repeater, group, conditional) hold child fields.
        if (!ownValue(ctx.registry.fields, parent.type)?.children)
          throw badRequest(`field type "${parent.type}" of field "${parent.id}" holds no child fields`);
        await w.put<Field>('field', { ...parent, childIds: [...(parent.childIds ?? []), id] });
      }
      return saved;
    });
  });

  app.put('/structure/field', async (req) => {
    const user = await requireUser(ctx, req);
    const body = v.body<FieldWriteRequest>('field-write-request', req.body);
    const id = body.field.id ?? body.fieldId;
    if (!id) throw badRequest('give field.id or fieldId: the field to update');
    await needFieldBlock(user, body.itemType, body.itemId);
    if ((await hiddenFieldIds(structureSource(ctx), user)).has(id)) throw notFound(`field "${id}" does not exist`);
    const stored = (await structureSource(ctx).get<Field>('field', id))?.data;
    await requireNameable(structureSource(ctx), user, { ...noNames(), fields: body.field.childIds ?? [] }, { fields: stored?.childIds ?? [] });
    return writeStructure(ctx, async (w) => {
      const block = await owningBlock(w.source, body.itemType, body.itemId);
      if (!block) throw notFound(`${body.itemType} "${body.itemId}" does not exist`);
      const current = await w.require<Field>('field', id);
      // The page the field shows on hears of the change (fields carry no page of their own).
      if ((block as StoredBlock).pageId) w.pageIds.add((block as StoredBlock).pageId!);
      const { revision, ...rest } = body.field;
      const field = { ...rest, id, childIds: rest.childIds ?? current.childIds } as Field;
      v.fieldDefinition(field);
      return w.put<Field>('field', field, revision);
    });
  });

  async function removeField(user: SignedInUser, id: Id, holder?: { itemType: string; itemId: Id }) {
    needEditMode(user, 'fields');
    if ((await hiddenFieldIds(structureSource(ctx), user)).has(id)) throw notFound(`field "${id}" does not exist`);
    return writeStructure(ctx, async (w) => {
      await w.require<Field>('field', id);
      const blocks = (await w.source.list<Block>('block')).map((b) => b.data).filter((b) => b.fields?.includes(id));
      const parents = (await w.source.list<Field>('field')).map((f) => f.data).filter((f) => f.childIds?.includes(id));
      if (holder) {
        const held = holder.itemType === 'block' ? blocks.some((b) => b.id === holder.itemId) : parents.some((f) => f.id === holder.itemId);
        if (!held) throw notFound(`field "${id}" is not on ${holder.itemType} "${holder.itemId}"`);
      }
      if (blocks.length) for (const b of blocks) needFieldEditing(user, b.id);
      else needFieldEditing(user);
      for (const b of blocks) await w.put<Block>('block', { ...b, fields: b.fields!.filter((f) => f !== id) });
      for (const f of parents) await w.put<Field>('field', { ...f, childIds: f.childIds!.filter((c) => c !== id) });
      await w.remove('field', id);
      return w.revertToken(user.account.accountId, ctx.config.revertWindowMs);
    });
  }

  app.delete<{ Params: { id: string; itemType: string; itemId: string } }>('/structure/field/:id/:itemType/:itemId', async (req) => {
    const user = await requireUser(ctx, req);
    if (req.params.itemType !== 'block' && req.params.itemType !== 'field') throw badRequest(`itemType must be block or field, got "${req.params.itemType}"`);
    return removeField(user, req.params.id, { itemType: req.params.itemType, itemId: req.params.itemId });
  });

  app.delete<{ Params: { id: string } }>('/structure/field/:id', async (req) => removeField(await requireUser(ctx, req), req.params.id));

  // Slug check: GET /{source}/{contextId?}/{id}/slug/{slug}/validate.
  // Only items the user may see are counted: the check never tells that a hidden page holds a slug.
  async function validateSlug(user: SignedInUser, source: string, contextId: string | undefined, id: string, slug: string): Promise<SlugValidateResponse> {
    let taken: { id: Id; slug?: string }[];
    if (source === 'module' || source === 'modules') taken = (await structureSource(ctx).list<Module>('module')).map((m) => m.data);
    else if (source === 'page' || source === 'pages') {
      const pages = (await structureSource(ctx).list<Page>('page')).map((p) => p.data).filter((p) => canViewPage(user, p));
      taken = contextId ? pages.filter((p) => p.moduleId === contextId) : pages;
    } else if (source === 'block' || source === 'blocks') {
      const blocks = await visibleBlocks(
        structureSource(ctx),
        user,
        (await structureSource(ctx).list<StoredBlock>('block')).map((b) => b.data),
      );
      taken = contextId ? blocks.filter((b) => b.pageId === contextId) : blocks;
    } else throw badRequest(`unknown slug source "${source}": expected module, page or block`);
    const number = taken.filter((item) => item.id !== id && item.slug === slug).length;
    return { unique: number === 0, number };
  }

  app.get<{ Params: { source: string; id: string; slug: string } }>('/:source/:id/slug/:slug/validate', async (req) => {
    return validateSlug(await requireUser(ctx, req), req.params.source, undefined, req.params.id, req.params.slug);
  });
  app.get<{ Params: { source: string; contextId: string; id: string; slug: string } }>('/:source/:contextId/:id/slug/:slug/validate', async (req) => {
    return validateSlug(await requireUser(ctx, req), req.params.source, req.params.contextId, req.params.id, req.params.slug);
  });
}
