/**
 * The admin's admin notifications: the first page, then older ones by cursor. Once the first page
 * is in, every unseen one is marked seen (POST seen/admin), so the page still shows which were new.
 * Opening one marks it read; so does its "Mark read" button, and "Mark all shown read".
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { isAppPath } from '../../../engine/core/notifications';
import type { NotificationItem } from '../../../schemas/model/api/notifications';
import { MoreButton } from '../../core/MoreButton';
import { messageOf, type NotificationsApi } from '../../core/notifications-api';
import { useCursorPages } from '../../core/use-cursor-pages';
import { When } from '../../core/When';
import { useAdminFrame } from '../../frame/frame-context';

/** The server's read call takes at most this many ids. */
const READ_BATCH = 100;

export function AdminInbox({ api }: { api: NotificationsApi }) {
  const { services, t } = useAdminFrame();
  const load = useCallback((cursor: string | undefined, page: number) => api.adminNotifications(page, cursor), [api]);
  const { listing, more, update } = useCursorPages<NotificationItem>(load);
  const [notice, setNotice] = useState<{ text: string; kind: 'status' | 'error' }>();
  const seenSent = useRef(false);

  useEffect(() => {
    if (listing.status !== 'ready' || seenSent.current) return;
    seenSent.current = true;
    api.seenAdmin().catch((error: unknown) => setNotice({ text: t('adminAreas.inbox.seenError', { message: messageOf(error) }), kind: 'error' }));
  }, [listing.status, api, t]);

  const markRead = async (ids: string[], announce: boolean) => {
    if (!ids.length) return;
    try {
      const read = new Set<string>();
      for (let i = 0; i < ids.length; i += READ_BATCH) for (const id of (await api.read(ids.slice(i, i + READ_BATCH))).read) read.add(id);
      update((items) => items.map((n) => (read.has(n.id) ? { ...n, read: true, seen: true } : n)));
      if (announce) setNotice({ text: t('adminAreas.inbox.markedRead', { count: read.size }), kind: 'status' });
    } catch (error) {
      setNotice({ text: t('adminAreas.inbox.readError', { message: messageOf(error) }), kind: 'error' });
    }
  };

  if (listing.status === 'loading') return <p role="status">{t('adminAreas.inbox.loading')}</p>;
  if (listing.status === 'error')
    return (
      <p role="alert" className="t-admin-notice--error">
        {t('adminAreas.inbox.loadError', { message: listing.message })}
      </p>
    );
  const unread = listing.items.filter((n) => !n.read).map((n) => n.id);
  return (
    <div className="t-admin-inbox">
      <p className="t-admin-intro">{t('adminAreas.inbox.intro')}</p>
      <div className="t-admin-notice-slot">
        {notice && (
          <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`t-admin-notice--${notice.kind}`}>
            {notice.text}
          </p>
        )}
      </div>
      {!listing.items.length ? (
        <p className="t-admin-empty">{t('adminAreas.inbox.empty')}</p>
      ) : (
        <>
          {unread.length > 0 && (
            <button type="button" className="ts-button" onClick={() => void markRead(unread, true)}>
              {t('adminAreas.inbox.markAllRead')}
            </button>
          )}
          <ul className="t-admin-cards t-admin-inbox__list" aria-label={t('adminAreas.inbox.listLabel')}>
            {listing.items.map((n) => (
              <li key={n.id} className={`t-admin-card${n.read ? '' : ' t-admin-inbox__item--unread'}`}>
                <div className="t-admin-card__head">
                  <span className="t-admin-inbox__title">{n.title}</span>
                  {!n.seen && <span className="t-admin-pill t-admin-pill--new">{t('adminAreas.inbox.new')}</span>}
                  {!n.read && <span className="t-admin-pill">{t('adminAreas.inbox.unread')}</span>}
                </div>
                {n.message && <p className="t-admin-inbox__message">{n.message}</p>}
                <p className="t-admin-meta">
                  {n.from ? `${t('adminAreas.inbox.from', { name: n.from.name })} · ` : ''}
                  <When ms={n.date} dates={services.dates} />
                </p>
                <div className="t-admin-actions">
                  {isAppPath(n.link) && (
                    <Link href={n.link} className="ts-button" onClick={() => void (n.read ? undefined : markRead([n.id], false))}>
                      {t('adminAreas.inbox.open', { title: n.title })}
                    </Link>
                  )}
                  {!n.read && (
                    <button type="button" className="ts-button" onClick={() => void markRead([n.id], false)}>
                      {t('adminAreas.inbox.markRead', { title: n.title })}
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <MoreButton
        listing={listing}
        label={t('adminAreas.inbox.more')}
        errorText={(message) => t('adminAreas.inbox.loadError', { message })}
        onMore={() => void more()}
      />
    </div>
  );
}
