import { useState } from 'react';
import { ChildBlock, useChildBlocks, useEngine, useReportStepperProgress, type BlockProps } from '../../engine/block-api';
import type { StepperOptions } from '../options.generated';

export type { StepperOptions };

/**
 * Each child block is a step labelled by its name. A step is complete once the user moves on
 * from it (Next, or Finish on the last). Progress is reported to an enclosing modal, whose
 * confirm button requires every step complete.
 */
export default function Stepper({ block, options }: BlockProps<StepperOptions>) {
  const { t } = useEngine();
  const steps = useChildBlocks(block);
  const [current, setCurrent] = useState(0);
  const [completed, setCompleted] = useState<Set<string>>(() => new Set());
  useReportStepperProgress(block.id, steps.length, steps.filter((s) => completed.has(s.id)).length);
  if (!steps.length) return null;
  const index = Math.min(current, steps.length - 1);
  const step = steps[index];
  const complete = () => setCompleted((done) => new Set(done).add(step.id));
  const linear = options.linear !== false;
  return (
    <div className="t-stepper">
      <ol className="t-stepper__steps">
        {steps.map((s, i) => (
          <li key={s.id} aria-current={i === index ? 'step' : undefined} data-complete={completed.has(s.id) || undefined}>
            <button type="button" disabled={linear && i > index && !completed.has(steps[i - 1].id)} onClick={() => setCurrent(i)}>
              {s.name || t('blocks.stepper.step', { n: i + 1 })}
            </button>
          </li>
        ))}
      </ol>
      <p className="t-stepper__position" aria-live="polite">
        {t('blocks.stepper.position', { n: index + 1, m: steps.length })}
      </p>
      <div className="t-stepper__panel">
        <ChildBlock id={step.id} />
      </div>
      <div className="t-stepper__actions">
        <button type="button" disabled={index === 0} onClick={() => setCurrent(index - 1)}>
          {t('blocks.stepper.back')}
        </button>
        {index < steps.length - 1 ? (
          <button type="button" onClick={() => (complete(), setCurrent(index + 1))}>
            {t('blocks.stepper.next')}
          </button>
        ) : (
          <button type="button" onClick={complete} disabled={completed.has(step.id)}>
            {t('blocks.stepper.finish')}
          </button>
        )}
      </div>
    </div>
  );
}
