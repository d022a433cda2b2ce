import { ChildBlock, useChildBlocks, type BlockProps } from '../../engine/block-api';
import type { MasonryOptions } from '../options.generated';

export type { MasonryOptions };

/** Child blocks flowed top to bottom into columns of uneven height (CSS multi-column). */
export default function Masonry({ block, options }: BlockProps<MasonryOptions>) {
  const children = useChildBlocks(block);
  const gap = options.gapPx ?? 16;
  return (
    <div className="t-masonry" style={{ columnCount: options.columns ?? 3, columnGap: gap }}>
      {children.map((child) => (
        <div key={child.id} className="t-masonry__item" style={{ breakInside: 'avoid', marginBottom: gap }}>
          <ChildBlock id={child.id} />
        </div>
      ))}
    </div>
  );
}
