import { BlockChildren } from '../../engine/react/block-children';
import type { BlockProps } from '../../engine/react/block-props';
import type { ColumnsOptions } from '../options.generated';

export type { ColumnsOptions };

/**
 * Child blocks side by side. `block.columns` holds the widths; BlockChildren enforces at most 12
 * widths summing to 12 and shows the configuration-needed state otherwise.
 */
export default function Columns({ block, options }: BlockProps<ColumnsOptions>) {
  return (
    <div className="t-columns-block" style={{ ['--t-gap' as string]: `${options.gapPx ?? 16}px` }}>
      <BlockChildren block={block} />
    </div>
  );
}
