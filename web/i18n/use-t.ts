import { useAtomValue } from 'jotai';
import { translatorAtom } from '../shell/shell-state';

/** The current translator's `t`. */
export function useT() {
  return useAtomValue(translatorAtom).t;
}
