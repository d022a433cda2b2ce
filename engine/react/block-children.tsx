/**
 * How blocks render their children. `BlockChildren` lays a block's children out in its columns
 * (`positions`, widths from `columns`); `useChildBlocks` gives the child blocks themselves to
 * blocks that present each child differently (tabs, stepper, carousel).
 */
import { atom, useAtomValue } from 'jotai';
import { memo, useMemo, type ReactNode } from 'react';
import type { Block, Id } from '../../schemas/model';
import { checkColumnWidths, childrenByColumn } from '../core/structure/layout';
import { BlockRenderer } from './block-renderer';
import { BlockState } from './block-states';
import { useEngine, type AddBlockSlot } from './engine-context';
import { blockAtom } from './structure-store';
import { blockRuns, type BlockRunNode } from './block-runs';
import { translatedBlock } from './content-text';

/** A block's child ids in display order: column by column. */
export function orderedChildIds(block: Pick<Block, 'children' | 'positions'>): Id[] {
  return childrenByColumn(block.children, block.positions).flat();
}

/**
 * The child blocks (those that exist) of a block, in display order, their names (tab and step
 * labels) in the member's language outside edit mode; re-renders when any of them changes.
 */
export function useChildBlocks(block: Pick<Block, 'children' | 'positions'>): Block[] {
  const { translator, editMode } = useEngine();
  const key = orderedChildIds(block).join('\u0000');
  const listAtom = useMemo(() => {
    const ids = key ? key.split('\u0000') : [];
    return atom((get) => ids.map((id) => get(blockAtom(id))).filter((b): b is Block => Boolean(b) && typeof b === 'object' && !b!.wasDeleted));
  }, [key]);
  const children = useAtomValue(listAtom);
  return useMemo(() => (editMode ? children : children.map((child) => translatedBlock(child, translator))), [children, editMode, translator]);
}

/** Columns of up to this many blocks render flat: an ordinary page is never split into runs. */
const FLAT = 64;

function sameIds(a: readonly Id[], b: readonly Id[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * A run of sibling blocks (engine/react/block-runs.ts): memoised on the ids under it, so when its
 * column changes only the runs whose blocks changed render again, and every block keeps its place
 * in the fiber tree unless it moved from one run to another.
 */
const BlockRun = memo(
  // Not named BlockRun: inside a named function expression that name is the function itself, and the inner runs would skip the memo.
  function Run({ run }: { run: BlockRunNode }) {
    if (!run.runs) return run.ids.map((id) => <BlockRenderer key={id} id={id} />);
    return run.runs.map((r) => <BlockRun key={r.key} run={r} />);
  },
  (a, b) => sameIds(a.run.ids, b.run.ids),
);

function AddBlock({ slot }: { slot: AddBlockSlot }) {
  const { editMode, renderAddBlock } = useEngine();
  if (!editMode || !renderAddBlock) return null;
  return <div className="t-add-block">{renderAddBlock(slot)}</div>;
}

export interface ColumnsLayoutProps {
  parentKind: 'page' | 'block';
  parentId: Id;
  children: unknown;
  positions: unknown;
  /** Column widths out of 12; equal columns when absent. */
  widths?: unknown;
}

/** Columns of block ids on a 12-column grid, with an add-block slot per column in edit mode. */
export function ColumnsLayout({ parentKind, parentId, children, positions, widths }: ColumnsLayoutProps) {
  const columns = childrenByColumn(children, positions);
  const check = checkColumnWidths(widths, columns.length);
  if (!check.ok) return <BlockState kind="configurationNeeded" adminDetail={`columns: ${check.problem} (${check.detail})`} />;
  const count = Math.max(columns.length, check.widths.length);
  const cells: ReactNode[] = [];
  for (let i = 0; i < count; i++) {
    cells.push(
      <div key={i} className="t-column" data-column={i} style={{ gridColumn: `span ${check.widths[i] ?? 12}` }}>
        {blockRuns(columns[i] ?? [], FLAT).map((run) => (
          <BlockRun key={run.key} run={run} />
        ))}
        <AddBlock slot={{ parentKind, parentId, column: i }} />
      </div>,
    );
  }
  return (
    <div className="t-columns" style={{ display: 'grid', gridTemplateColumns: 'repeat(12, minmax(0, 1fr))', gap: 'var(--t-gap, 0px)' }}>
      {cells}
    </div>
  );
}

/** A block's children in its columns (positions, `columns` widths). */
export function BlockChildren({ block }: { block: Block }) {
  return <ColumnsLayout parentKind="block" parentId={block.id} children={block.children} positions={block.positions} widths={block.columns} />;
}

/** One child block by id (for blocks that place each child themselves). */
export { BlockRenderer as ChildBlock };
