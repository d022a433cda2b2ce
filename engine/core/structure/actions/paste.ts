/**
 * paste: the clipboard's copies (blocks with ids new to every page, from `copyBlocks`) placed side
 * by side from `at` (spec 5.3: the parent must resolve, else `notFound`). Every pasted block must be
 * a root or lie under one, and no id may be taken already. The inverse removes the roots.
 */
import type { Id } from '../../../../schemas/model';
import { insertAt, requireDoc, requireParent, StructureActionError, type ActionContext, type PageDocs } from '../document';
import { childBlockIds } from '../layout';
import { assertNewIds } from './insert';
import type { ActionResult, PasteAction, RemoveAction } from './types';

/** Refuses a snapshot whose roots are missing or whose blocks do not all hang under a root. */
function assertTrees(action: PasteAction): void {
  const byId = new Map(action.blocks.map((b) => [b.id, b]));
  if (!action.roots.length) throw new StructureActionError('badPaste', 'paste needs at least one root block');
  const reached = new Set<Id>();
  const stack = [...action.roots];
  for (const id of action.roots) if (!byId.has(id)) throw new StructureActionError('badPaste', `root "${id}" is not among the pasted blocks`);
  while (stack.length) {
    const id = stack.pop()!;
    if (reached.has(id)) continue;
    reached.add(id);
    for (const child of childBlockIds(byId.get(id) ?? {})) {
      if (!byId.has(child)) throw new StructureActionError('badPaste', `block "${id}" refers to block "${child}", which is not pasted with it`);
      stack.push(child);
    }
  }
  const loose = action.blocks.find((b) => !reached.has(b.id));
  if (loose) throw new StructureActionError('badPaste', `block "${loose.id}" is under none of the pasted roots`);
}

export function paste(docs: PageDocs, action: PasteAction, ctx: ActionContext = {}): ActionResult<RemoveAction> {
  const doc = requireDoc(docs, action.pageId);
  requireParent(doc, action.at, ctx);
  assertTrees(action);
  assertNewIds(
    docs,
    action.blocks.map((b) => b.id),
  );
  const takenFields = new Set(Object.values(docs).flatMap((d) => (d.fields ?? []).map((f) => f.id)));
  const field = (action.fields ?? []).find((f, i, all) => takenFields.has(f.id) || all.findIndex((g) => g.id === f.id) !== i);
  if (field) throw new StructureActionError('exists', `field "${field.id}" already exists`);
  const withBlocks = {
    ...doc,
    blocks: [...doc.blocks, ...action.blocks],
    ...(action.fields?.length ? { fields: [...(doc.fields ?? []), ...action.fields] } : {}),
  };
  const next = insertAt(withBlocks, action.at, action.roots, ctx);
  return {
    docs: { ...docs, [action.pageId]: next },
    inverse: { kind: 'remove', pageId: action.pageId, blockIds: [...action.roots] },
  };
}
