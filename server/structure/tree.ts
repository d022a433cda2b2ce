/**
 * The server's tree edits, by the one column layout rule of engine/core/structure/layout.ts (the rule
 * the engine renders by): ids in positions but not in children are not children, children in no
 * column go to the end of col-0, positions and children are written in step.
 */
import { childAt, childBlockIds, insertChildren, removeChildFrom } from '../../engine/core/structure/layout';
import type { Id } from '../../schemas/model';

export { childAt, childBlockIds };

type Parent = { children?: Id[]; positions?: Record<string, Id[]>; columns?: number[] };

export function insertChild<T extends Parent>(item: T, childId: Id, col = 0, index?: number): T {
  return insertChildren(item, [childId], col, index);
}

export function removeChild<T extends Parent>(item: T, childId: Id): T {
  return removeChildFrom(item, childId);
}
