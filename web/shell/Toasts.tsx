/** Toasts at bottom-right (spec 8): negative, warning, positive, info. Negative ones are alerts. */
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useT } from '../i18n/use-t';
import { dismissToastAtom, toastsAtom, type Toast } from './shell-state';

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useSetAtom(dismissToastAtom);
  const t = useT();
  useEffect(() => {
    if (toast.timeoutMs === null) return;
    const timer = setTimeout(() => dismiss(toast.id), toast.timeoutMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.timeoutMs, dismiss]);
  return (
    <div className={`ts-toast ts-toast--${toast.type}`} role={toast.type === 'negative' ? 'alert' : 'status'} data-toast-type={toast.type}>
      <span className="ts-toast__message">{toast.message}</span>
      <span className="ts-toast__actions">
        {(toast.actions ?? []).map((a) => (
          <button
            key={a.label}
            type="button"
            onClick={() => {
              dismiss(toast.id);
              a.onClick();
            }}
          >
            {a.label}
          </button>
        ))}
        {!toast.actions?.length && (
          <button type="button" className="ts-toast__close" aria-label={t('common.actions.dismiss')} onClick={() => dismiss(toast.id)}>
            ×
          </button>
        )}
      </span>
    </div>
  );
}

export function Toasts() {
  const toasts = useAtomValue(toastsAtom);
  const t = useT();
  return (
    <section className="ts-toasts" aria-label={t('toasts.region')}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </section>
  );
}
