/**
 * The structure outline for the admin areas `layouts` and `blocks` (issue 34, part 7): what the
 * caller may see, and nothing else (pages she may not view are left out, blocks hidden from her by
 * rules the server decides are left out with everything under them, as on a page read), with the
 * drafts of edit mode laid over it for editors (manageEditMode) and each item's draft status.
 */
import type { Block, Id, JsonObject } from '../../schemas/model';
import type { OutlineNode, OutlineStatus } from '../../schemas/model/api/structure-admin';
import { sameJson } from '../../engine/core/same-json';
import { buildOutline, capOutline } from '../../engine/core/structure/outline';
import { badRequest } from '../errors';
import { canAdminister, type PermissionContext } from '../permissions';
import type { DocumentSource } from '../storage/documents';
import { needsViewerFilter, pageForViewer } from './block-visibility';
import { draftView, listDrafts, overlayDrafts } from './drafts';
import { readPageDocument, readStructure } from './read';
import { STRUCTURE_OUTLINE_BLOCK_CAP } from '../../engine/core/constants';

/** Whether two states of an item hold the same content (revisions aside). */
function sameContent(a: JsonObject, b: JsonObject): boolean {
  const { revision: _a, ...left } = a;
  const { revision: _b, ...right } = b;
  return sameJson(left, right);
}

/** The `cap` query parameter: 1 to STRUCTURE_OUTLINE_BLOCK_CAP, the largest when absent; else 400 naming it. */
export function outlineCap(value: string | undefined): number {
  if (value === undefined || value === '') return STRUCTURE_OUTLINE_BLOCK_CAP;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1 || n > STRUCTURE_OUTLINE_BLOCK_CAP)
    throw badRequest(`cap must be a whole number from 1 to ${STRUCTURE_OUTLINE_BLOCK_CAP}, not "${value}"`);
  return n;
}

/** What the outline reads: the drafts laid over the published items for an editor (manageEditMode), else the published items. */
export const outlineSource = (store: DocumentSource, user: PermissionContext): DocumentSource =>
  canAdminister(user, 'manageEditMode') ? draftView(store) : store;

/** The outline the caller may see, capped at `cap` blocks; with `onlyPageId`, only that page's blocks are read (the others are listed without). */
export async function readOutline(
  store: DocumentSource,
  user: PermissionContext,
  cap: number,
  onlyPageId?: Id,
): Promise<{ nodes: OutlineNode[]; truncated: boolean }> {
  const drafts = canAdminister(user, 'manageEditMode') ? await listDrafts(store) : [];
  const source = drafts.length ? overlayDrafts(store, drafts) : store;
  const status = new Map<string, OutlineStatus>();
  for (const d of drafts) {
    if (d.kind === 'order' || d.kind === 'field' || !d.data) continue;
    const stored = (await store.get<JsonObject>(d.kind, d.id))?.data;
    if (!stored) status.set(`${d.kind}:${d.id}`, 'draftNew');
    else if (!sameContent(stored, d.data)) status.set(`${d.kind}:${d.id}`, 'draftChanged');
  }
  const structure = await readStructure(source, user);
  const blocks = new Map<Id, Block[]>();
  const pages = new Map<Id, (typeof structure.modules)[number]['pages'][number]>();
  let total = 0;
  for (const module of structure.modules)
    for (const page of module.pages) {
      // Past the cap no page document is read: a huge site answers as fast as the cap allows.
      if (total > cap) break;
      if (onlyPageId && page.id !== onlyPageId) continue;
      const doc = await readPageDocument(source, page.id);
      if (!doc || doc.page.readProblem) continue;
      const seen = needsViewerFilter(doc, user) ? pageForViewer(doc, user) : doc;
      pages.set(page.id, seen.page);
      blocks.set(page.id, seen.blocks);
      total += seen.blocks.length;
    }
  const nodes = buildOutline({
    modules: structure.modules.map((m) => ({ module: m, pages: m.pages.map((p) => pages.get(p.id) ?? { ...p, children: [], positions: {} }) })),
    blocksOf: (pageId) => blocks.get(pageId),
    statusOf: (kind, id) => status.get(`${kind}:${id}`) ?? 'published',
  });
  const capped = capOutline(nodes, cap);
  return { nodes: capped.nodes, truncated: capped.truncated || total > cap };
}
