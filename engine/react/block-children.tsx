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

/** A block's child ids in display order: column by column. */
export function orderedChildIds(block: Pick<Block, 'children' | 'positions'>): Id[] {
  return childrenByColumn(block.children, block.positions).flat();
}

/** The child blocks (those that exist) of a block, in display order; re-renders when any of them changes. */
export function useChildBlocks(block: Pick<Block, 'children' | 'positions'>): Block[] {
  const key = orderedChildIds(block).join('\u0000');
  const listAtom = useMemo(() => {
    const ids = key ? key.split('\u0000') : [];
    return atom((get) => ids.map((id) => get(blockAtom(id))).filter((b): b is Block => Boolean(b) && typeof b === 'object' && !b!.wasDeleted));
  }, [key]);
  return useAtomValue(listAtom);
}

/** Columns of up to this many blocks render flat: an ordinary page is never split into runs. */
const FLAT = 64;

/**
 * Blocks per run, in a longer column split into a tree of runs. On an update React clones every
 * sibling at each level of the path and, completing each, reads each sibling's own children: about
 * RUN x RUN per level. With runs of 64 a one-block update still grew with the page; runs of 8 keep
 * it flat (engine.update `vs100` in docs/benchmarks.md).
 */
const RUN = 8;

/**
 * A run of sibling blocks. React compares siblings one by one when a parent re-renders or a
 * child updates, so a flat list of 5,000 blocks makes every single-block update walk all 5,000.
 * Nesting them in memoised runs keeps that walk to a few fibers per level. A block that moves
 * across a run boundary remounts.
 */
const BlockRun = memo(function BlockRun({ ids, start, end }: { ids: Id[]; start: number; end: number }) {
  const span = end - start;
  const out: ReactNode[] = [];
  if (span <= RUN || ids.length <= FLAT) {
    for (let i = start; i < end; i++) out.push(<BlockRenderer key={ids[i]} id={ids[i]} />);
    return out;
  }
  let chunk = RUN;
  while (chunk * RUN < span) chunk *= RUN;
  for (let s = start; s < end; s += chunk) out.push(<BlockRun key={s} ids={ids} start={s} end={Math.min(s + chunk, end)} />);
  return out;
});

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
        <BlockRun ids={columns[i] ?? []} start={0} end={(columns[i] ?? []).length} />
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
