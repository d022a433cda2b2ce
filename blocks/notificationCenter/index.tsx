import { useEngine, type BlockProps } from '../../engine/block-api';
import { NotificationList } from '../../engine/react/notification-list';
import type { NotificationCenterOptions } from '../options.generated';

export type { NotificationCenterOptions };

/**
 * The member's notifications on a page: the header's notification centre list (the same
 * component) with the block's kinds, page size, badges and read-on-open; showing it marks its
 * kinds seen. Admin notifications show only to those allowed to read them.
 */
export default function NotificationCenter({ block, options }: BlockProps<NotificationCenterOptions>) {
  const { t, translator, services, user } = useEngine();
  const service = services.notifications;
  if (!user) return null;
  if (!service)
    return (
      <p role="status" className="t-notifications__empty">
        {t('shell.notifications.loadFailed')}
      </p>
    );
  const kinds = options.notificationTypes?.length ? options.notificationTypes : service.readable;
  const types = kinds.filter((type) => service.readable.includes(type));
  return (
    <section className="t-notification-center" aria-label={t('shell.notifications.title')}>
      <NotificationList
        service={service}
        t={t}
        locale={translator.locale}
        types={types}
        pageSize={options.pageSize ?? 20}
        markSeen
        markReadOnOpen={options.markAsReadOnOpen !== false}
        showBadge={options.showBadge !== false}
        emptyText={options.emptyText}
        headingLevel={2}
        hrefOf={(path) => `/app${path}`}
        navigate={(path) => services.navigate?.(path)}
        idPrefix={`notifications-${block.id}`}
      />
    </section>
  );
}
