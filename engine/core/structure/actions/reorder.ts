/** reorder: a new order of one column's children; the inverse restores the old one. */
import { childrenByColumn, copyColumns, withColumns } from '../layout';
import { requireDoc, requireParent, StructureActionError, withParent, type PageDocs } from '../document';
import type { ActionResult, ReorderAction } from './types';

export function reorder(docs: PageDocs, action: ReorderAction): ActionResult<ReorderAction> {
  const doc = requireDoc(docs, action.pageId);
  const parent = requireParent(doc, action);
  const columns = copyColumns(childrenByColumn(parent.children, parent.positions));
  while (columns.length <= action.colIndex) columns.push([]);
  const current = columns[action.colIndex];
  const same = action.order.length === current.length && new Set(action.order).size === current.length && action.order.every((id) => current.includes(id));
  if (!same)
    throw new StructureActionError(
      'badOrder',
      `order must list each block of column ${action.colIndex} of ${action.parentType} "${action.parentId}" exactly once: ${current.join(', ')}`,
    );
  columns[action.colIndex] = [...action.order];
  return {
    docs: { ...docs, [action.pageId]: withParent(doc, withColumns(parent, columns), action.parentType) },
    inverse: { ...action, order: [...current] },
  };
}
