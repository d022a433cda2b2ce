/**
 * The header's system notification bell and chat icon (core §2.7) with their unseen badges (9+
 * above 9), live from the realtime events (engine/react/notification-state). The bell opens the
 * notification centre, a lazy chunk: the member's first download carries only these two buttons.
 */
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Link } from 'wouter';
import { badgeLabel } from '../../engine/core/notification-badge';
import { notificationCountsAtom } from '../../engine/react/notification-state';
import { useT } from '../i18n/use-t';
import { sessionAtom } from '../shell/shell-state';

const NotificationCentre = lazy(() => import('./NotificationCentre'));

function Badge({ count }: { count: number }) {
  const label = badgeLabel(count);
  return label ? (
    <span className="ts-badge ts-header-icon__badge" aria-hidden="true">
      {label}
    </span>
  ) : null;
}

export function HeaderNotifications() {
  const t = useT();
  const session = useAtomValue(sessionAtom);
  const counts = useAtomValue(notificationCountsAtom);
  const [open, setOpen] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  if (!session) return null;
  // The name carries what the badge shows ("9+"), so the visible text is in it (WCAG 2.5.3).
  const unseen = (count: number) => badgeLabel(count) || '0';
  return (
    <>
      <Link href="/chat/" className="ts-header-icon" aria-label={t('shell.notifications.chatLabel', { count: unseen(counts.chat) })}>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="22"
          height="22"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12z" />
        </svg>
        <Badge count={counts.chat} />
      </Link>
      <button
        type="button"
        ref={bell}
        className="ts-header-icon"
        aria-label={t('shell.notifications.bellLabel', { count: unseen(counts.system) })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="22"
          height="22"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.9 1.9 0 0 0 3.4 0" />
        </svg>
        <Badge count={counts.system} />
      </button>
      {open && bell.current && (
        <Suspense fallback={null}>
          <NotificationCentre anchor={bell.current} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
