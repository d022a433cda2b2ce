import { BlockChildren, ModalController, type BlockProps } from '../../engine/block-api';
import type { ModalOptions } from '../options.generated';

export type { ModalOptions };

/** Child blocks in a dialog governed by the modal rules (auto-open, show once, requiring agreement; spec 4.4). */
export default function Modal({ block, options }: BlockProps<ModalOptions>) {
  return (
    <ModalController block={block} openLabel={options.buttonLabel}>
      <BlockChildren block={block} />
    </ModalController>
  );
}
