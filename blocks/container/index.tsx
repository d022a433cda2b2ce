import { BlockChildren } from '../../engine/react/block-children';
import type { BlockProps } from '../../engine/react/block-props';
import type { ContainerOptions } from '../options.generated';

export type { ContainerOptions };

/** Groups child blocks with an optional maximum width and padding. */
export default function Container({ block, options }: BlockProps<ContainerOptions>) {
  return (
    <div
      className="t-container"
      style={{ maxWidth: options.maxWidthPx, padding: options.paddingPx ?? 0, marginInline: options.align === 'start' ? undefined : 'auto' }}
    >
      <BlockChildren block={block} />
    </div>
  );
}
