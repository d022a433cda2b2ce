import { ChildBlock, ModalController, useBlockMeta, useChildBlocks, type Block, type BlockProps } from '../../engine/block-api';
import { useEffect, useState } from 'react';

/** Each child block in a dialog of its own, one after another. A step already agreed is skipped. */
export default function ModalChain({ block }: BlockProps) {
  const steps = useChildBlocks(block);
  const [done, setDone] = useState(0);
  const step = steps[done];
  if (!step) return null;
  return <ChainStep key={step.id} chain={block} step={step} onDone={() => setDone((n) => n + 1)} />;
}

function ChainStep({ chain, step, onDone }: { chain: Block; step: Block; onDone: () => void }) {
  const [meta] = useBlockMeta(step.id);
  const agreed = Boolean(meta?.agreed);
  useEffect(() => {
    if (agreed) onDone();
  }, [agreed]); // eslint-disable-line react-hooks/exhaustive-deps -- onDone advances the chain once per step
  if (agreed) return null;
  // The chain's modal behaviour (requiring agreement, no auto-open) applies to every step.
  const stepBlock: Block = {
    ...step,
    requiresAgreeing: step.requiresAgreeing ?? chain.requiresAgreeing,
    noAutoOpen: chain.noAutoOpen,
    modalProps: step.modalProps ?? chain.modalProps,
  };
  return (
    <ModalController block={stepBlock} onConfirmed={onDone}>
      <ChildBlock id={step.id} />
    </ModalController>
  );
}
