/**
 * Navigation from inside an admin dialog: the shell refuses navigation while a dialog is open
 * (core 2.5, panel-open.ts), so the caller closes its dialog and asks for the path in the same
 * update; the navigation runs in the effect after the dialog has unmounted.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';

export function useNavigateAfterClose(): (path: string) => void {
  const [, navigate] = useLocation();
  const [target, setTarget] = useState<string>();
  useEffect(() => {
    if (target) navigate(target);
  }, [target, navigate]);
  return setTarget;
}
