/**
 * The header's system notification bell and chat icon (core §2.7) with their unseen badges (9+
 * above 9), live from the realtime events (engine/react/notification-state). The bell opens the
 * notification centre, a lazy chunk: the member's first download carries only these two buttons.
 */
import { BellIcon, ChatIcon } from '../../engine/react/line-icons';
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
        <ChatIcon />
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
        <BellIcon />
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
