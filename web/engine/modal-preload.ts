/**
 * A page's modal content loads with the page (issue 14 item 4): the block types inside its modal
 * and modalChain blocks, and inside the page's own modal (`relatedBlocks.modal`), are fetched once
 * the page has rendered, so the first opening shows at once instead of waiting for chunks.
 */
import type { Block, Id, Page } from '../../schemas/model';

const MODAL_TYPES = new Set(['modal', 'modalChain']);

/** The types held by the page's modals, at any depth (cycles and missing blocks are skipped). */
export function modalContentTypes(page: Page | undefined, blockOf: (id: Id) => Block | undefined): string[] {
  if (!page) return [];
  const types = new Set<string>();
  const seen = new Set<Id>();
  const walk = (id: Id, insideModal: boolean) => {
    if (seen.has(id)) return;
    seen.add(id);
    const block = blockOf(id);
    if (!block || typeof block.type !== 'string') return;
    if (insideModal) types.add(block.type);
    const inside = insideModal || MODAL_TYPES.has(block.type);
    for (const child of Array.isArray(block.children) ? block.children : []) if (typeof child === 'string') walk(child, inside);
  };
  if (typeof page.relatedBlocks?.modal === 'string') walk(page.relatedBlocks.modal, true);
  for (const id of Array.isArray(page.children) ? page.children : []) if (typeof id === 'string') walk(id, false);
  return [...types];
}
