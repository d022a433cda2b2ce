/**
 * The notification history, newest first by cursor: title, event, lists, channels, recipients,
 * stored, read, emails sent, state, by whom and when. While any shown entry is still sending its
 * figures are read again every few seconds (the fan-out runs as jobs; the server sends no event
 * for it), until none is.
 */
import { useCallback, useEffect } from 'react';
import { NOTIFICATION_CHANNELS } from '../../../engine/core/notifications';
import type { NotificationHistoryEntry } from '../../../schemas/model/api/notifications';
import { MoreButton } from '../../core/MoreButton';
import { ScrollRegion } from '../../core/ScrollRegion';
import type { NotificationsApi } from '../../core/notifications-api';
import { useCursorPages } from '../../core/use-cursor-pages';
import { When } from '../../core/When';
import { useAdminFrame } from '../../frame/frame-context';

export const HISTORY_POLL_MS = 2000;

export function HistoryTable({ api }: { api: NotificationsApi }) {
  const { services, t } = useAdminFrame();
  const load = useCallback((cursor: string | undefined) => api.history(cursor), [api]);
  const { listing, more, refresh } = useCursorPages<NotificationHistoryEntry>(load);
  const sending = listing.status === 'ready' && listing.items.some((e) => e.state === 'sending');

  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => void refresh().catch(() => undefined), HISTORY_POLL_MS);
    return () => clearInterval(timer);
  }, [sending, refresh]);

  if (listing.status === 'loading') return <p role="status">{t('adminAreas.history.loading')}</p>;
  if (listing.status === 'error')
    return (
      <p role="alert" className="t-admin-notice--error">
        {t('adminAreas.history.loadError', { message: listing.message })}
      </p>
    );
  const none = t('adminAreas.history.none');
  const columns = ['title', 'event', 'lists', 'channels', 'recipients', 'stored', 'read', 'emails', 'state', 'by', 'date'] as const;
  const numeric = new Set<string>(['recipients', 'stored', 'read', 'emails']);
  return (
    <div className="t-history__sent">
      <p className="t-admin-intro">{t('adminAreas.history.intro')}</p>
      {sending && (
        <p role="status" className="t-admin-meta">
          {t('adminAreas.history.updating')}
        </p>
      )}
      {!listing.items.length ? (
        <p className="t-admin-empty">{t('adminAreas.history.empty')}</p>
      ) : (
        <ScrollRegion label={t('adminAreas.history.scroll')}>
          <table className="t-admin-table t-history__table">
            <caption>{t('adminAreas.history.caption')}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col" className={numeric.has(c) ? 't-admin-num' : undefined}>
                    {t(`adminAreas.history.columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {listing.items.map((e) => (
                <tr key={e.id}>
                  <th scope="row" className="t-history__title">
                    {e.title}
                  </th>
                  <td>{t(`adminAreas.events.${e.event}`)}</td>
                  <td>{e.lists.length ? e.lists.map((l) => l.name).join(', ') : none}</td>
                  <td>
                    {NOTIFICATION_CHANNELS.filter((c) => e.channels[c])
                      .map((c) => t(`adminAreas.channels.${c}`))
                      .join(', ') || none}
                  </td>
                  <td className="t-admin-num">{e.recipients}</td>
                  <td className="t-admin-num">{e.stored}</td>
                  <td className="t-admin-num">{e.read}</td>
                  <td className="t-admin-num">{e.channels.email ? t('adminAreas.history.emails', { sent: e.emailsSent, queued: e.emailsQueued }) : none}</td>
                  <td>
                    <span className={`t-admin-pill t-admin-pill--${e.state}`}>{t(`adminAreas.history.states.${e.state}`)}</span>
                  </td>
                  <td>{e.by?.name ?? none}</td>
                  <td className="t-history__date">
                    <When ms={e.date} dates={services.dates} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <MoreButton
        listing={listing}
        label={t('adminAreas.history.more')}
        errorText={(message) => t('adminAreas.history.loadError', { message })}
        onMore={() => void more()}
      />
    </div>
  );
}
