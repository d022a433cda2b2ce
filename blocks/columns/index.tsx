import { BlockChildren, ConfigurationNeeded, MAX_COLUMNS, type BlockProps } from '../../engine';

export interface ColumnsOptions {
  gapPx?: number;
}

/** Child blocks side by side; `block.columns` holds the widths (at most 12, summing to 12). */
export default function Columns({ block, options }: BlockProps<ColumnsOptions>) {
  if (block.columns !== undefined && (!Array.isArray(block.columns) || block.columns.length > MAX_COLUMNS)) {
    return <ConfigurationNeeded reason={`columns: at most ${MAX_COLUMNS} widths summing to ${MAX_COLUMNS}`} />;
  }
  return (
    <div className="t-columns-block" style={{ ['--t-gap' as string]: `${options.gapPx ?? 16}px` }}>
      <BlockChildren block={block} />
    </div>
  );
}
