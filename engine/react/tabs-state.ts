/**
 * Tab selections live in the URL `tab` query parameter (blockhash_tabhash pairs, spec 2.6), with
 * a visited history so a modal closed without agreeing can go back to the previous tab (4.4).
 */
import { atom, useAtom, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { formatTabParam, parseTabParam, selectedTabHash, tabHash } from '../core/blocks/tab-query';

function readParam(): string {
  return typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('tab') ?? '');
}

function writeParam(value: string, mode: 'push' | 'replace'): void {
  if (typeof window === 'undefined') return;
  const url = new URL(window.location.href);
  if (value) url.searchParams.set('tab', value);
  else url.searchParams.delete('tab');
  window.history[mode === 'push' ? 'pushState' : 'replaceState'](window.history.state, '', url.toString());
}

/** The current `tab` parameter value. */
export const tabParamAtom = atom<string>(readParam());
/** Previously selected `tab` values, most recent last. */
export const tabHistoryAtom = atom<string[]>([]);

/** Keeps the tab atom in step with browser back and forward. Mounted once by PageRenderer. */
export function useTabParamSync(): void {
  const set = useSetAtom(tabParamAtom);
  useEffect(() => {
    set(readParam());
    const onPop = () => set(readParam());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [set]);
}

/** The selected tab id of a tabs block (`tabIds` in order; the first when none is selected) and a selector. */
export function useTabSelection(blockId: string, tabIds: string[]): [string | undefined, (tabId: string) => void] {
  const [param, setParam] = useAtom(tabParamAtom);
  const setHistory = useSetAtom(tabHistoryAtom);
  const blockKey = tabHash(blockId);
  const selectedHash = selectedTabHash(param, blockKey, tabIds.map(tabHash));
  const selected = tabIds.find((id) => tabHash(id) === selectedHash) ?? tabIds[0];
  const select = useCallback(
    (tabId: string) => {
      const selections = parseTabParam(param);
      if (selections.get(blockKey) === tabHash(tabId)) return;
      selections.set(blockKey, tabHash(tabId));
      const next = formatTabParam(selections);
      setHistory((h) => [...h, param]);
      setParam(next);
      writeParam(next, 'push');
    },
    [param, blockKey, setHistory, setParam],
  );
  return [selected, select];
}

/** Goes back to the previously visited tab; false when there is none. */
export function useGoToPreviousTab(): { hasPrevious: boolean; goBack: () => boolean } {
  const [history, setHistory] = useAtom(tabHistoryAtom);
  const setParam = useSetAtom(tabParamAtom);
  const goBack = useCallback(() => {
    if (!history.length) return false;
    const previous = history[history.length - 1];
    setHistory(history.slice(0, -1));
    setParam(previous);
    writeParam(previous, 'replace');
    return true;
  }, [history, setHistory, setParam]);
  return { hasPrevious: history.length > 0, goBack };
}
