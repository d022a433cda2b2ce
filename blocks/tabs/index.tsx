import { useId, useRef, type KeyboardEvent } from 'react';
import { ChildBlock, useChildBlocks, useTabSelection, type BlockProps } from '../../engine/block-api';
import type { TabsOptions } from '../options.generated';

export type { TabsOptions };

/**
 * Each child block is a tab labelled by its name. The selection lives in the `tab` query
 * parameter (so it survives reloads and links) and every change is remembered for going back.
 * Keyboard: arrow keys move between tabs (WAI-ARIA tabs pattern), Home/End jump.
 */
export default function Tabs({ block, options }: BlockProps<TabsOptions>) {
  const children = useChildBlocks(block);
  const ids = children.map((c) => c.slug || c.id);
  const [selected, select] = useTabSelection(block.id, ids);
  const base = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const vertical = (options.style ?? block.tabStyle) === 'vertical';
  const onKey = (e: KeyboardEvent, index: number) => {
    const keys = vertical ? ['ArrowUp', 'ArrowDown'] : ['ArrowLeft', 'ArrowRight'];
    let next = -1;
    if (e.key === keys[0]) next = (index - 1 + ids.length) % ids.length;
    else if (e.key === keys[1]) next = (index + 1) % ids.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = ids.length - 1;
    if (next < 0) return;
    e.preventDefault();
    select(ids[next]);
    listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div className={`t-tabs t-tabs--${vertical ? 'vertical' : 'horizontal'}`}>
      <div ref={listRef} role="tablist" aria-orientation={vertical ? 'vertical' : 'horizontal'} aria-label={block.name}>
        {children.map((child, i) => (
          <button
            key={child.id}
            type="button"
            role="tab"
            id={`${base}-tab-${i}`}
            aria-selected={ids[i] === selected}
            aria-controls={`${base}-panel-${i}`}
            tabIndex={ids[i] === selected ? 0 : -1}
            onClick={() => select(ids[i])}
            onKeyDown={(e) => onKey(e, i)}
          >
            {child.name || child.id}
          </button>
        ))}
      </div>
      {children.map((child, i) =>
        ids[i] === selected ? (
          <div key={child.id} role="tabpanel" id={`${base}-panel-${i}`} aria-labelledby={`${base}-tab-${i}`} tabIndex={0}>
            <ChildBlock id={child.id} />
          </div>
        ) : null,
      )}
    </div>
  );
}
