/**
 * Blocks a viewer may not see are never sent (spec 6: reads that would leak). The server decides
 * a block's advanced visibility rules when they read only the user and the user's lists, which it
 * knows, and, on a page loaded for an entity (a space), also when they read that entity
 * (`entityField`, `userEntityPowerUp`: the entity and her real memberships); rules that read the
 * viewed profile, other entities, the device or form values depend on where the block is shown,
 * so those blocks go out and the browser decides, as for the device booleans. Admins see every
 * block unless viewing as lists.
 */
import type { Block, Entity, Field, Id, Page } from '../../schemas/model';
import type { PageResponse } from '../../schemas/model/api/structure';
import { viewAsContext } from '../../engine/core/rules/visibility';
import { viewAsListIds, type PermissionContext } from '../permissions';
import { childBlockIds, removeChildFrom } from '../../engine/core/structure/layout';

/** Context paths the server can answer for any viewer: the user and their list memberships. */
const SERVER_KNOWN = /^(user|lists)(\.|$)/;
/** ... and, when the page is loaded for an entity, that entity. */
const SERVER_KNOWN_WITH_ENTITY = /^(user|lists|entity)(\.|$)/;

const hasRules = (block: Block) => !!(block.visibility?.advanced && block.visibility.rules);

/** Whether a block with advanced rules is hidden from this viewer, as far as the server can tell. */
export function blockHiddenFrom(ctx: PermissionContext, block: Block, entity?: Entity): boolean {
  if (!hasRules(block)) return false;
  const viewAs = viewAsListIds(ctx.account);
  if (ctx.account.isAdmin && !viewAs) return false;
  const rules = block.visibility!.rules!;
  const paths = ctx.evaluator.dependencies?.(rules);
  const known = entity ? SERVER_KNOWN_WITH_ENTITY : SERVER_KNOWN;
  if (!paths || paths.some((p) => !known.test(p))) return false;
  const base = entity ? { ...ctx.ruleContext, entity } : ctx.ruleContext;
  const context = viewAs ? viewAsContext(base, viewAs) : base;
  // A malformed rule evaluates as not matching: hidden from members (the admin who wrote it sees the error).
  return !ctx.evaluator.evaluate(rules, context).matches;
}

function withoutIds<T extends Page | Block>(item: T, hidden: Set<Id>): T {
  let out = item;
  for (const id of childBlockIds(item)) if (hidden.has(id)) out = removeChildFrom(out, id);
  const related = out.relatedBlocks as { display?: Id[]; modal?: Id } | undefined;
  if (related && ((related.modal && hidden.has(related.modal)) || related.display?.some((id) => hidden.has(id)))) {
    const next: { display?: Id[]; modal?: Id } = { ...related, display: related.display?.filter((id) => !hidden.has(id)) };
    if (next.modal && hidden.has(next.modal)) delete next.modal;
    out = { ...out, relatedBlocks: next } as T;
  }
  return out;
}

/** Ids of the page's blocks hidden from this viewer: those whose rules say so, and everything under them. */
export function hiddenBlockIds(doc: Pick<PageResponse, 'blocks'>, ctx: PermissionContext, entity?: Entity): Set<Id> {
  const byId = new Map(doc.blocks.map((b) => [b.id, b]));
  const hidden = new Set<Id>();
  const hide = (id: Id) => {
    if (hidden.has(id)) return;
    hidden.add(id);
    const block = byId.get(id);
    if (block) childBlockIds(block).forEach(hide);
  };
  for (const block of doc.blocks) if (blockHiddenFrom(ctx, block, entity)) hide(block.id);
  return hidden;
}

/** The page document as this viewer may see it (for the entity of its space, when it has one); the shared document itself when nothing is hidden. */
export function pageForViewer(doc: PageResponse, ctx: PermissionContext, entity?: Entity): PageResponse {
  const hidden = hiddenBlockIds(doc, ctx, entity);
  if (!hidden.size) return doc;
  const byId = new Map(doc.blocks.map((b) => [b.id, b]));

  const hiddenFields = new Set<Id>();
  const fieldsById = new Map(doc.fields.map((f) => [f.id, f]));
  const hideField = (id: Id) => {
    if (hiddenFields.has(id)) return;
    hiddenFields.add(id);
    fieldsById.get(id)?.childIds?.forEach(hideField);
  };
  for (const id of hidden) byId.get(id)?.fields?.forEach(hideField);

  return {
    ...doc,
    page: withoutIds(doc.page, hidden),
    blocks: doc.blocks.filter((b) => !hidden.has(b.id)).map((b) => withoutIds(b, hidden)),
    fields: doc.fields.filter((f: Field) => !hiddenFields.has(f.id)),
  };
}

/** Whether a cached page document may be sent as it is to this viewer (the fast path). */
export function needsViewerFilter(doc: PageResponse, ctx: PermissionContext): boolean {
  if (ctx.account.isAdmin && !viewAsListIds(ctx.account)) return false;
  return doc.blocks.some(hasRules);
}
