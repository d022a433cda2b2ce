/**
 * The moderation queue: one row per reported item (excerpt, type, categories, report count, content
 * state, newest report), filtered by status and type, read by cursor ("Load more"), read again when
 * the server says the queue changed (`abuse:queueChanged`). Rows are chosen with checkboxes for the
 * bulk moves (in review, resolved, dismissed), each applied to every report on the chosen items
 * that ABUSE_STATUS_MOVES lets move. Rows are cards in a list, so they stack on a narrow screen.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ABUSE_REPORTED_TYPES, mayMoveAbuseStatus } from '../../../engine/core/abuse';
import { adminHref } from '../../../engine/core/admin-areas';
import type { AbuseQueueItem, AbuseReportedType, AbuseStatus } from '../../../schemas/model/api/abuse';
import type { AbuseApi } from '../../core/abuse-api';
import { countText } from '../../core/count-text';
import { toAdminApiError } from '../../core/http-api';
import { When } from '../../core/When';
import { useAdminFrame } from '../../frame/frame-context';

/** The filter's choices: what waits (open and in review) first, then each status. */
const FILTERS: Record<string, readonly AbuseStatus[]> = {
  waiting: ['open', 'inReview'],
  open: ['open'],
  inReview: ['inReview'],
  resolved: ['resolved'],
  dismissed: ['dismissed'],
};
const BULK: readonly AbuseStatus[] = ['inReview', 'resolved', 'dismissed'];
const PAGE = 20;

type Listing =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: AbuseQueueItem[]; cursor?: string; more: boolean; openCount: number };

const keyOf = (item: AbuseQueueItem) => `${item.report.reportedType}|${item.report.reportedId}`;

export function Queue({ api }: { api: AbuseApi }) {
  const { services, t } = useAdminFrame();
  const titleId = useId();
  const statusId = useId();
  const typeId = useId();
  const [filter, setFilter] = useState('waiting');
  const [type, setType] = useState<AbuseReportedType | ''>('');
  const [listing, setListing] = useState<Listing>({ status: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'status' | 'error'; text: string } | undefined>();
  const generation = useRef(0);

  const load = useCallback(() => {
    const mine = ++generation.current;
    api.search({ statuses: FILTERS[filter], ...(type ? { type } : {}), limit: PAGE }).then(
      (page) =>
        mine === generation.current && setListing({ status: 'ready', items: page.items, cursor: page.cursor, more: page.more, openCount: page.openCount }),
      (error: unknown) => mine === generation.current && setListing({ status: 'error', message: toAdminApiError(error).message }),
    );
  }, [api, filter, type]);

  useEffect(() => {
    setListing({ status: 'loading' });
    setSelected(new Set());
    load();
  }, [load]);
  // Live: another moderator's action or a new report reads the first page again.
  useEffect(() => services.onAbuseQueueChanged?.(() => load()), [services, load]);

  const more = () => {
    if (listing.status !== 'ready' || !listing.cursor) return;
    setLoadingMore(true);
    const mine = generation.current;
    api.search({ statuses: FILTERS[filter], ...(type ? { type } : {}), limit: PAGE, cursor: listing.cursor }).then(
      (page) => {
        setLoadingMore(false);
        if (mine !== generation.current) return;
        setListing((now) => {
          if (now.status !== 'ready') return now;
          const seen = new Set(now.items.map(keyOf));
          return {
            ...now,
            items: [...now.items, ...page.items.filter((i) => !seen.has(keyOf(i)))],
            cursor: page.cursor,
            more: page.more,
            openCount: page.openCount,
          };
        });
      },
      (error: unknown) => {
        setLoadingMore(false);
        setNotice({ kind: 'error', text: t('adminAreas.abuse.loadError', { message: toAdminApiError(error).message }) });
      },
    );
  };

  const toggle = (key: string, on: boolean) =>
    setSelected((now) => {
      const next = new Set(now);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const items = listing.status === 'ready' ? listing.items : [];
  const chosen = items.filter((i) => selected.has(keyOf(i)));

  async function bulk(to: AbuseStatus) {
    setBusy(true);
    setNotice(undefined);
    try {
      // Every report on each chosen item that may make this move (the row shows the newest only).
      const details = await Promise.all(chosen.map((i) => api.detail(i.report.id)));
      const ids = details.flatMap((d) => (d.reports ?? [d.report]).filter((r) => r.status !== to && mayMoveAbuseStatus(r.status, to)).map((r) => r.id));
      if (!ids.length) setNotice({ kind: 'status', text: t('adminAreas.abuse.bulkNothing', { status: t(`adminAreas.abuse.statuses.${to}`) }) });
      else {
        const done = await api.update(ids, to);
        setNotice({
          kind: 'status',
          text: countText(t, services.locale, 'adminAreas.abuse.bulkDone', done.updated.length, { status: t(`adminAreas.abuse.statuses.${to}`) }),
        });
      }
      setSelected(new Set());
      load();
    } catch (error) {
      setNotice({ kind: 'error', text: t('adminAreas.abuse.actionFailed', { message: toAdminApiError(error).message }) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="t-admin-area t-abuse" aria-labelledby={titleId}>
      <h1 id={titleId} className="ts-page-title">
        {t('adminAreas.areas.reportAbuse.title')}
      </h1>
      <p className="t-admin-intro">{t('adminAreas.abuse.intro')}</p>
      <div className="t-abuse__filters">
        <div className="t-abuse__filter">
          <label htmlFor={statusId}>{t('adminAreas.abuse.filterStatus')}</label>
          <select id={statusId} value={filter} onChange={(e) => setFilter(e.target.value)}>
            {Object.keys(FILTERS).map((f) => (
              <option key={f} value={f}>
                {t(`adminAreas.abuse.filters.${f}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="t-abuse__filter">
          <label htmlFor={typeId}>{t('adminAreas.abuse.filterType')}</label>
          <select id={typeId} value={type} onChange={(e) => setType(e.target.value as AbuseReportedType | '')}>
            <option value="">{t('adminAreas.abuse.allTypes')}</option>
            {ABUSE_REPORTED_TYPES.map((ty) => (
              <option key={ty} value={ty}>
                {t(`adminAreas.abuse.types.${ty}`)}
              </option>
            ))}
          </select>
        </div>
        {listing.status === 'ready' && <p className="t-admin-meta">{t('adminAreas.abuse.openCount', { count: listing.openCount })}</p>}
      </div>
      <div className="t-admin-actions t-abuse__bulk" role="group" aria-label={t('adminAreas.abuse.bulkLabel')}>
        <span className="t-admin-meta">{t('adminAreas.abuse.selected', { count: chosen.length })}</span>
        {BULK.map((to) => (
          <button key={to} type="button" className="ts-button" disabled={!chosen.length || busy} onClick={() => void bulk(to)}>
            {t(`adminAreas.abuse.bulk.${to}`)}
          </button>
        ))}
      </div>
      <p role="status" className="t-admin-notice--status">
        {notice?.kind === 'status' ? notice.text : ''}
      </p>
      {notice?.kind === 'error' && (
        <p role="alert" className="t-admin-notice--error">
          {notice.text}
        </p>
      )}
      {listing.status === 'loading' && <p role="status">{t('adminAreas.abuse.loading')}</p>}
      {listing.status === 'error' && (
        <p role="alert" className="t-admin-notice--error">
          {t('adminAreas.abuse.loadError', { message: listing.message })}
        </p>
      )}
      {listing.status === 'ready' && !items.length && <p className="t-admin-empty">{t('adminAreas.abuse.empty')}</p>}
      {items.length > 0 && (
        <ul className="t-abuse__rows" aria-label={t('adminAreas.abuse.rowsLabel')}>
          {items.map((item) => {
            const key = keyOf(item);
            const excerpt = item.excerpt || t(`adminAreas.abuse.noExcerpt.${item.contentState}`);
            return (
              <li key={key} className="t-abuse__row">
                <input
                  type="checkbox"
                  className="t-abuse__check"
                  checked={selected.has(key)}
                  onChange={(e) => toggle(key, e.target.checked)}
                  aria-label={t('adminAreas.abuse.select', { excerpt })}
                />
                <div className="t-abuse__main">
                  <Link href={adminHref('editReportAbuse', { id: item.report.id })} className="t-abuse__excerpt">
                    {excerpt}
                  </Link>
                  <p className="t-admin-meta">
                    {t(`adminAreas.abuse.types.${item.report.reportedType}`)} · {item.categories.map((c) => t(`adminAreas.abuse.categories.${c}`)).join(', ')}
                  </p>
                </div>
                <div className="t-abuse__facts">
                  <span className={`t-admin-pill t-abuse__state--${item.contentState}`}>{t(`adminAreas.abuse.content.${item.contentState}`)}</span>
                  <span className={`t-admin-pill t-abuse__status--${item.report.status}`}>{t(`adminAreas.abuse.statuses.${item.report.status}`)}</span>
                  <span className="t-admin-meta">{countText(t, services.locale, 'adminAreas.abuse.reportCount', item.reportCount)}</span>
                  <span className="t-admin-meta">
                    <When ms={item.report.created} dates={services.dates} />
                  </span>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {listing.status === 'ready' && listing.more && (
        <div className="t-admin-more">
          <button type="button" className="ts-button" onClick={more} disabled={loadingMore}>
            {loadingMore ? t('adminAreas.abuse.loading') : t('adminAreas.abuse.more')}
          </button>
        </div>
      )}
    </section>
  );
}
