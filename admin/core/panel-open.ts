/**
 * Marks the admin panel open (spec 2.5: navigation is refused while it is) for as long as any
 * admin dialog or panel is: one count shared by all of them, so closing one of two leaves it set.
 */
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { adminPanelOpenAtom } from '../edit-mode';

let open = 0;

export function useMarkAdminPanelOpen(active: boolean): void {
  const setPanelOpen = useSetAtom(adminPanelOpenAtom);
  useEffect(() => {
    if (!active) return;
    open++;
    setPanelOpen(true);
    return () => {
      open--;
      if (open === 0) setPanelOpen(false);
    };
  }, [active, setPanelOpen]);
}
