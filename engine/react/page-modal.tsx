/**
 * A page's own modal (`relatedBlocks.modal`): the block inside the modal controller (spec 4.4).
 * Its own module so the modal code loads only for pages that have one (PageRenderer imports it
 * lazily): most pages have none.
 */
import { useAtomValue } from 'jotai';
import type { Id } from '../../schemas/model';
import { BlockRenderer } from './block-renderer';
import { ModalController } from './modal';
import { blockAtom } from './structure-store';

export default function PageModal({ blockId }: { blockId: Id }) {
  const block = useAtomValue(blockAtom(blockId));
  if (!block || typeof block !== 'object' || block.wasDeleted) return null;
  return (
    <ModalController block={block}>
      <BlockRenderer id={blockId} />
    </ModalController>
  );
}
