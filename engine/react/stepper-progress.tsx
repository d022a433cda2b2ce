/**
 * Steppers inside a modal report their progress, so confirming the modal can require every step
 * to be complete ('N step(s) remaining of M', spec 4.4).
 */
import { createContext, useContext, useEffect } from 'react';
import type { Id } from '../../schemas/model';

export interface StepperProgress {
  total: number;
  completed: number;
}

export interface StepperProgressRegistry {
  report(blockId: Id, progress: StepperProgress): void;
  remove(blockId: Id): void;
}

export const StepperProgressContext = createContext<StepperProgressRegistry | null>(null);

/** Called by stepper blocks: reports how many of their steps are complete to the enclosing modal, if any. */
export function useReportStepperProgress(blockId: Id, total: number, completed: number): void {
  const registry = useContext(StepperProgressContext);
  useEffect(() => {
    registry?.report(blockId, { total, completed });
  }, [registry, blockId, total, completed]);
  useEffect(() => () => registry?.remove(blockId), [registry, blockId]);
}
