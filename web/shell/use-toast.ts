import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useT } from '../i18n/use-t';
import type { ToastRequest } from '../routes/guards';
import { pushToastAtom } from './shell-state';

/** Shows a ToastRequest: the server message if any, else the translated key. */
export function useShowToast() {
  const push = useSetAtom(pushToastAtom);
  const t = useT();
  return useCallback((req: ToastRequest) => push({ type: req.type, message: req.message ?? (req.key ? t(req.key, req.params) : '') }), [push, t]);
}
