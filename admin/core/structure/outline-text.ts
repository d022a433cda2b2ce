/** The structure outline in words, for the admin areas `layouts` and `blocks`. */
import { shownToAll } from '../../../engine/core/structure/outline';
import type { OutlineNode, OutlineVisibility } from '../../../schemas/model/api/structure-admin';
import { fullRegistry } from '../full-registry';
import type { Translate } from '../../frame/types';

/** A block type's title in the registry (undefined for a type it does not know). */
export const blockTypeTitle = (type: string): string | undefined => fullRegistry.blocks[type]?.title;

/** The visibility of a row in words: who sees it, or "everyone". */
export function visibilityText(v: OutlineVisibility, t: Translate): string {
  if (shownToAll(v)) return t('layoutsAdmin.visibility.everyone');
  const parts: string[] = [];
  if (v.lists) parts.push(t('layoutsAdmin.visibility.lists', { count: v.lists }));
  if (v.rules) parts.push(t('layoutsAdmin.visibility.rules'));
  if (v.hiddenOn?.length)
    parts.push(t('layoutsAdmin.visibility.hiddenOn', { where: v.hiddenOn.map((w) => t(`layoutsAdmin.visibility.where.${w}`)).join(', ') }));
  if (v.hiddenFromNav) parts.push(t('layoutsAdmin.visibility.hiddenFromNav'));
  return parts.join('; ');
}

/** How many children a row holds, in words ("3 pages", "1 block"). */
export function countText(node: OutlineNode, t: Translate): string {
  const n = node.children.length;
  return node.kind === 'module' ? t('layoutsAdmin.count.pages', { count: n }) : t('layoutsAdmin.count.blocks', { count: n });
}
