/**
 * The member's notifications, one section per type (chat, system, admin), each a page of
 * `pageSize` newest first with "show more" by cursor (core §9: the centre splits at 20). Used by
 * the header's notification centre and the `notificationCenter` block. Showing a section can mark
 * its type seen; following an item marks it read (every open tab hears `notifications:read`) and
 * goes to its link. Unknown typeIds are skipped and logged (community §8).
 */
import { useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { badgeLabel, isNotificationTypeId, type NotificationType } from '../core/notifications';
import { RelativeTime } from './relative-time';
import type { NotificationItem } from '../../schemas/model/api/notifications';
import {
  markNotificationsRead,
  notificationArrivalsAtom,
  notificationCountsAtom,
  notificationReadIdsAtom,
  setNotificationCounts,
  type NotificationService,
} from './notification-state';

type T = (key: string, params?: Record<string, string | number>) => string;

export interface NotificationListProps {
  service: NotificationService;
  t: T;
  locale: string;
  types: readonly NotificationType[];
  pageSize: number;
  /** Marks each type seen when its section first shows (the centre's "seen on open"). */
  markSeen?: boolean;
  /** Following an item marks it read (default true). */
  markReadOnOpen?: boolean;
  /** The unseen count beside each section's heading (9+ above 9). */
  showBadge?: boolean;
  /** Replaces each section's empty text. */
  emptyText?: string;
  headingLevel?: 2 | 3;
  /** The href of an in-app path (new tabs work); `navigate` goes there in place. */
  hrefOf(path: string): string;
  navigate(path: string): void;
  /** After an item with a link was followed (the panel closes). */
  onFollow?(): void;
  /** Makes the section ids unique on a page. */
  idPrefix: string;
}

/** Items whose typeId is known; the others are logged once each and never shown. */
const warned = new Set<string>();
export function knownNotifications(items: readonly NotificationItem[]): NotificationItem[] {
  return items.filter((item) => {
    if (isNotificationTypeId(item?.typeId)) return true;
    const id = String(item?.id);
    if (!warned.has(id)) {
      warned.add(id);
      console.warn(`Notification ${id} has an unknown typeId (${String(item?.typeId)}); not shown.`);
    }
    return false;
  });
}

export function NotificationList(props: NotificationListProps) {
  return (
    <div className="t-notifications">
      {props.types.map((type) => (
        <NotificationSection key={type} {...props} type={type} />
      ))}
    </div>
  );
}

type SectionState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: NotificationItem[]; next?: string; more?: 'loading' | 'error' };

function NotificationSection({
  type,
  service,
  t,
  locale,
  pageSize,
  markSeen,
  markReadOnOpen = true,
  showBadge = true,
  emptyText,
  headingLevel = 2,
  hrefOf,
  navigate,
  onFollow,
  idPrefix,
}: NotificationListProps & { type: NotificationType }) {
  const store = useStore();
  const count = useAtomValue(notificationCountsAtom)[type];
  const readIds = useAtomValue(notificationReadIdsAtom);
  const arrivals = useAtomValue(notificationArrivalsAtom);
  const [state, setState] = useState<SectionState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    service.list(type, { limit: pageSize }).then(
      (page) => live && setState({ status: 'ready', items: knownNotifications(page?.items ?? []), next: page?.next }),
      (error: unknown) => {
        console.error(error);
        if (live) setState({ status: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [service, type, pageSize, attempt]);

  useEffect(() => {
    if (!markSeen) return;
    service.seen(type).then(
      (answer) => setNotificationCounts(store, { [type]: answer?.count ?? 0 }),
      (error: unknown) => console.error(error),
    );
  }, [markSeen, service, type, store]);

  const more = useCallback(() => {
    if (state.status !== 'ready' || !state.next) return;
    const cursor = state.next;
    setState({ ...state, more: 'loading' });
    service.list(type, { cursor, limit: pageSize }).then(
      (page) =>
        setState((s) => (s.status === 'ready' ? { status: 'ready', items: [...s.items, ...knownNotifications(page?.items ?? [])], next: page?.next } : s)),
      (error: unknown) => {
        console.error(error);
        setState((s) => (s.status === 'ready' ? { ...s, more: 'error' } : s));
      },
    );
  }, [state, service, type, pageSize]);

  const follow = (item: NotificationItem, read: boolean) => {
    if (markReadOnOpen && !read) {
      markNotificationsRead(store, [item.id]);
      service.read([item.id]).catch((error: unknown) => {
        console.error(error);
        // Not kept: it shows unread again.
        const next = new Set(store.get(notificationReadIdsAtom));
        next.delete(item.id);
        store.set(notificationReadIdsAtom, next);
      });
    }
    if (!item.link) return; // Marked read in place: nothing to go to.
    navigate(item.link);
    onFollow?.();
  };

  const headingId = `${idPrefix}-${type}`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const badge = showBadge ? badgeLabel(count) : '';
  const typeName = t(`shell.notifications.types.${type}`);
  let body;
  if (state.status === 'loading') body = <p role="status">{t('shell.notifications.loading')}</p>;
  else if (state.status === 'error')
    body = (
      <div role="alert" className="t-notifications__error">
        <p>{t('shell.notifications.loadFailed')}</p>
        <button type="button" className="ts-button" onClick={() => setAttempt((a) => a + 1)}>
          {t('shell.notifications.retry')}
        </button>
      </div>
    );
  else {
    // Live ones first (those the page already has are not repeated); a replaced admin one goes.
    const loaded = new Set(state.items.map((n) => n.id));
    const live = knownNotifications(arrivals).filter((n) => n.type === type && !loaded.has(n.id));
    const replaced = new Set(live.map((n) => n.replaces).filter(Boolean));
    const items = [...live, ...state.items.filter((n) => !replaced.has(n.id))];
    body = !items.length ? (
      <p className="t-notifications__empty">{emptyText || t(`shell.notifications.empty.${type}`)}</p>
    ) : (
      <>
        <ul className="t-notifications__items" aria-labelledby={headingId}>
          {items.map((item) => {
            const read = item.read || readIds.has(item.id);
            const content = (
              <>
                {!read && (
                  <span className="t-notifications__dot" aria-hidden="true">
                    ●
                  </span>
                )}
                {/* Spaces between the parts are text of their own, so the link's name reads with them. */}
                <span className="t-notifications__text">
                  <span className="t-notifications__title">
                    {!read && <span className="ts-visually-hidden">{t('shell.notifications.unread')}</span>} {item.title || item.from?.name || typeName}
                  </span>{' '}
                  {item.message && (
                    // A whole sentence in the reader's language (the notifying domain names the sender in it).
                    <span className="t-notifications__message">{item.message}</span>
                  )}{' '}
                  <RelativeTime className="t-notifications__date" at={item.date} locale={locale} />
                </span>
              </>
            );
            const className = `t-notifications__item${read ? '' : ' t-notifications__item--unread'}`;
            return (
              <li key={item.id}>
                {item.link ? (
                  <a
                    className={className}
                    href={hrefOf(item.link)}
                    onClick={(e) => {
                      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                      e.preventDefault();
                      follow(item, read);
                    }}
                  >
                    {content}
                  </a>
                ) : (
                  <button type="button" className={className} onClick={() => follow(item, read)}>
                    {content}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        {state.more === 'error' && <p role="alert">{t('shell.notifications.loadFailed')}</p>}
        {state.next && (
          <button type="button" className="ts-button t-notifications__more" disabled={state.more === 'loading'} onClick={more}>
            {t('shell.notifications.showMore', { section: typeName })}
          </button>
        )}
      </>
    );
  }
  return (
    <section className="t-notifications__section" aria-labelledby={headingId} aria-busy={state.status === 'loading'}>
      {/* The section is named by its kind alone; the badge beside it says how many are unseen. */}
      <Heading className="t-notifications__heading">
        <span id={headingId}>{typeName}</span>
        {badge && (
          <span className="ts-badge">
            {badge}
            <span className="ts-visually-hidden"> {t('shell.notifications.unseen')}</span>
          </span>
        )}
      </Heading>
      {body}
    </section>
  );
}
