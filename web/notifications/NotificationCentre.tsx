/**
 * The notification centre (core §1, §9): a floating panel from the header's bell with the chat and
 * system notifications, NOTIFICATION_CENTER_SPLIT of each and "show more"; opening it marks both
 * seen, following one marks it read and goes to its link. A lazy chunk with floating-ui.
 */
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { NOTIFICATION_CENTER_SPLIT } from '../../engine/core/notifications';
import { NotificationList } from '../../engine/react/notification-list';
import { useT } from '../i18n/use-t';
import { APP_BASE } from '../routes/route-table';
import FloatingPanel from '../shell/FloatingPanel';
import { useApi } from '../shell/services';
import { localeAtom } from '../shell/shell-state';
import { createNotificationService } from './notification-service';

const CENTRE_TYPES = ['chat', 'system'] as const;
const hrefOf = (path: string) => `${APP_BASE}${path}`;

export default function NotificationCentre({ anchor, onClose }: { anchor: HTMLElement; onClose: () => void }) {
  const t = useT();
  const api = useApi();
  const locale = useAtomValue(localeAtom);
  const [, navigate] = useLocation();
  const service = useMemo(() => createNotificationService(api), [api]);
  return (
    <FloatingPanel anchor={anchor} onClose={onClose} role="dialog" label={t('shell.notifications.title')} className="ts-popover ts-notification-centre">
      <div className="ts-notification-centre__head">
        <h2 className="ts-notification-centre__title">{t('shell.notifications.title')}</h2>
        <Link href="/settings?section=notifications" onClick={onClose}>
          {t('shell.notifications.settings')}
        </Link>
      </div>
      <NotificationList
        service={service}
        t={t}
        locale={locale}
        types={CENTRE_TYPES}
        pageSize={NOTIFICATION_CENTER_SPLIT}
        markSeen
        headingLevel={3}
        hrefOf={hrefOf}
        navigate={navigate}
        onFollow={onClose}
        idPrefix="notification-centre"
      />
    </FloatingPanel>
  );
}
