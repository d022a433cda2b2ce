/** Which form block a submission came from: the basicForm block of the page whose fields hold the submitted ones. */
import type { Block, Field, Id, Page } from '../../schemas/model';

export interface StructureLookup {
  page(id: Id): Page | undefined;
  block(id: Id): Block | undefined;
  field(id: Id): Field | undefined;
}

function fieldTree(lookup: StructureLookup, rootIds: Id[]): Set<Id> {
  const out = new Set<Id>();
  const visit = (id: Id) => {
    if (out.has(id)) return;
    out.add(id);
    for (const child of lookup.field(id)?.childIds ?? []) visit(child);
  };
  rootIds.forEach(visit);
  return out;
}

/** Blocks of a page, depth first, with the page modal. */
function pageBlocks(lookup: StructureLookup, pageId: Id): Block[] {
  const out: Block[] = [];
  const seen = new Set<Id>();
  const visit = (id: Id) => {
    if (seen.has(id)) return;
    seen.add(id);
    const block = lookup.block(id);
    if (!block || block.wasDeleted) return;
    out.push(block);
    (block.children ?? []).forEach(visit);
  };
  const page = lookup.page(pageId);
  (page?.children ?? []).forEach(visit);
  if (typeof page?.relatedBlocks?.modal === 'string') visit(page.relatedBlocks.modal);
  return out;
}

/** The id of the page's form block holding every submitted field; throws naming the fields when none does. */
export function formBlockOf(lookup: StructureLookup, pageId: Id, fieldIds: Id[]): Id {
  const match = pageBlocks(lookup, pageId).find((block) => {
    if (!block.fields?.length) return false;
    const own = fieldTree(lookup, block.fields);
    return fieldIds.every((id) => own.has(id));
  });
  if (!match) throw new Error(`No form block on page "${pageId}" holds the fields ${fieldIds.join(', ')}`);
  return match.id;
}
