/**
 * Marks the admin panel open (spec 2.5: navigation is refused while it is) for as long as any
 * admin dialog or panel is: one count per store shared by all of them, so closing one of two
 * leaves it set (a count kept outside the store would leak between apps and tests).
 */
import { atom, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { adminPanelOpenAtom } from '../edit-mode';

const openPanelsAtom = atom(0);
const countOpenPanelAtom = atom(null, (get, set, delta: 1 | -1) => {
  const open = Math.max(0, get(openPanelsAtom) + delta);
  set(openPanelsAtom, open);
  set(adminPanelOpenAtom, open > 0);
});

export function useMarkAdminPanelOpen(active: boolean): void {
  const count = useSetAtom(countOpenPanelAtom);
  useEffect(() => {
    if (!active) return;
    count(1);
    return () => count(-1);
  }, [active, count]);
}
