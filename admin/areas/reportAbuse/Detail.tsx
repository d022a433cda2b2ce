/**
 * One report (`reportAbuse/:id/:bulkReports?`): the reported content in context (a post or comment
 * under its post and parent, its HTML sanitised here again with the project's sanitiser; a chat
 * message; a profile), the moderator's actions (hide, re-enable, delete with a reason told to the
 * author, a note, a status move from ABUSE_STATUS_MOVES), the history, and who reported what
 * (every report on the item with `bulkReports`, else a link to them). Read again when the queue changes.
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ABUSE_MESSAGE_MAX, ABUSE_STATUS_MOVES } from '../../../engine/core/abuse';
import { adminHref } from '../../../engine/core/admin-areas';
import { CHAT_MARKUP, STORED_MARKUP, useSanitizedMarkup, type MarkupPolicy } from '../../../engine/react/markup-sanitizer';
import type { AbuseReportDetail, AbuseStatus } from '../../../schemas/model/api/abuse';
import type { Communication } from '../../../schemas/model/api/communications';
import type { AbuseApi } from '../../core/abuse-api';
import { countText } from '../../core/count-text';
import { toAdminApiError } from '../../core/http-api';
import { When } from '../../core/When';
import { useAdminFrame } from '../../frame/frame-context';

type Loaded = { status: 'loading' } | { status: 'error'; message: string; notFound: boolean } | { status: 'ready'; detail: AbuseReportDetail };

export function Detail({ api, reportId, showAll }: { api: AbuseApi; reportId: string; showAll: boolean }) {
  const { services, t } = useAdminFrame();
  const titleId = useId();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const load = useCallback(() => {
    let live = true;
    api.detail(reportId).then(
      (detail) => live && setLoaded({ status: 'ready', detail }),
      (error: unknown) => {
        const e = toAdminApiError(error);
        if (live) setLoaded({ status: 'error', message: e.message, notFound: e.error === 'notFound' });
      },
    );
    return () => {
      live = false;
    };
  }, [api, reportId]);
  useEffect(load, [load]);
  useEffect(() => services.onAbuseQueueChanged?.(() => void load()), [services, load]);

  return (
    <section className="t-admin-area t-abuse" aria-labelledby={titleId}>
      <Link href={adminHref('reportAbuse')} className="t-abuse__back">
        {t('adminAreas.abuse.back')}
      </Link>
      <h1 id={titleId} className="ts-page-title">
        {t('adminAreas.areas.reportAbuse.title')}
      </h1>
      {loaded.status === 'loading' && <p role="status">{t('adminAreas.abuse.loading')}</p>}
      {loaded.status === 'error' && (
        <p role="alert" className="t-admin-notice--error">
          {loaded.notFound ? t('adminAreas.abuse.notFound') : t('adminAreas.abuse.loadError', { message: loaded.message })}
        </p>
      )}
      {loaded.status === 'ready' && (
        <Report detail={loaded.detail} api={api} showAll={showAll} onChanged={(detail) => setLoaded({ status: 'ready', detail })} />
      )}
    </section>
  );
}

function Report({ detail, api, showAll, onChanged }: { detail: AbuseReportDetail; api: AbuseApi; showAll: boolean; onChanged(d: AbuseReportDetail): void }) {
  const { services, t } = useAdminFrame();
  const { report, content, history } = detail;
  const reports = detail.reports ?? [report];
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'status' | 'error'; text: string } | undefined>();
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [to, setTo] = useState<AbuseStatus | ''>('');
  const reasonId = useId();
  const noteId = useId();
  const statusId = useId();
  const moderatable = report.reportedType === 'post' || report.reportedType === 'comment';

  async function act(run: () => Promise<AbuseReportDetail>, done: string) {
    setBusy(true);
    setNotice(undefined);
    try {
      onChanged(await run());
      setNotice({ kind: 'status', text: done });
      return true;
    } catch (error) {
      setNotice({ kind: 'error', text: t('adminAreas.abuse.actionFailed', { message: toAdminApiError(error).message }) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  const remove = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return;
    if (await act(() => api.remove(report.id, reason.trim()), t('adminAreas.abuse.done.deleted'))) setReason('');
  };
  const comment = async (e: FormEvent) => {
    e.preventDefault();
    if (!note.trim()) return;
    if (await act(() => api.comment(report.id, note.trim()), t('adminAreas.abuse.done.comment'))) setNote('');
  };
  const move = async (e: FormEvent) => {
    e.preventDefault();
    if (!to) return;
    const status = to;
    if (
      await act(
        async () => {
          await api.update([report.id], status);
          return api.detail(report.id);
        },
        t('adminAreas.abuse.done.status', { status: t(`adminAreas.abuse.statuses.${status}`) }),
      )
    )
      setTo('');
  };

  return (
    <>
      <h2 className="t-abuse__title">{t('adminAreas.abuse.detailTitle', { type: t(`adminAreas.abuse.types.${report.reportedType}`) })}</h2>
      <dl className="t-abuse__facts-list">
        <dt>{t('adminAreas.abuse.fields.status')}</dt>
        <dd>
          <span className={`t-admin-pill t-abuse__status--${report.status}`}>{t(`adminAreas.abuse.statuses.${report.status}`)}</span>
        </dd>
        <dt>{t('adminAreas.abuse.fields.content')}</dt>
        <dd>
          <span className={`t-admin-pill t-abuse__state--${content.contentState}`}>{t(`adminAreas.abuse.content.${content.contentState}`)}</span>
        </dd>
        <dt>{t('adminAreas.abuse.fields.category')}</dt>
        <dd>{t(`adminAreas.abuse.categories.${report.category}`)}</dd>
        <dt>{t('adminAreas.abuse.fields.reporter')}</dt>
        <dd>{report.reporterId}</dd>
        <dt>{t('adminAreas.abuse.fields.author')}</dt>
        <dd>{report.authorId ?? '—'}</dd>
        <dt>{t('adminAreas.abuse.fields.date')}</dt>
        <dd>
          <When ms={report.created} dates={services.dates} />
        </dd>
        {report.data.reason && (
          <>
            <dt>{t('adminAreas.abuse.fields.reason')}</dt>
            <dd className="t-abuse__reason">{report.data.reason}</dd>
          </>
        )}
      </dl>

      <h3>{t('adminAreas.abuse.contentTitle')}</h3>
      <div className="t-abuse__content">
        {content.contentState === 'missing' && <p className="t-admin-empty">{t('adminAreas.abuse.noExcerpt.missing')}</p>}
        {content.post && <CommunicationView item={content.post} label={t('adminAreas.abuse.context.post')} />}
        {content.parent && <CommunicationView item={content.parent} label={t('adminAreas.abuse.context.parent')} />}
        {content.communication && <CommunicationView item={content.communication} label={t('adminAreas.abuse.context.reported')} reported />}
        {content.chatMessage && (
          <article className="t-abuse__item t-abuse__item--reported" aria-label={t('adminAreas.abuse.context.reported')}>
            <p className="t-admin-meta">
              {t('adminAreas.abuse.chatFrom', { from: content.chatMessage.from })} · <When ms={content.chatMessage.date} dates={services.dates} />
            </p>
            <Markup html={content.chatMessage.message} policy={CHAT_MARKUP} />
          </article>
        )}
        {content.profile && <p>{t('adminAreas.abuse.profileOf', { name: content.profile.name, id: content.profile.accountId })}</p>}
        {content.href && (
          <a href={`/app${content.href}`} className="t-abuse__open" target="_blank" rel="noopener noreferrer">
            {t('adminAreas.abuse.openInApp')}
          </a>
        )}
      </div>

      <h3>{t('adminAreas.abuse.actionsTitle')}</h3>
      <p role="status" className="t-admin-notice--status">
        {notice?.kind === 'status' ? notice.text : ''}
      </p>
      {notice?.kind === 'error' && (
        <p role="alert" className="t-admin-notice--error">
          {notice.text}
        </p>
      )}
      {moderatable && content.contentState !== 'deleted' && content.contentState !== 'missing' && (
        <div className="t-admin-actions t-abuse__actions">
          {content.contentState === 'hidden' ? (
            <button
              type="button"
              className="ts-button"
              disabled={busy}
              onClick={() => void act(() => api.enable(report.id), t('adminAreas.abuse.done.enabled'))}
            >
              {t('adminAreas.abuse.actions.enable')}
            </button>
          ) : (
            <button
              type="button"
              className="ts-button ts-button--primary"
              disabled={busy}
              onClick={() => void act(() => api.hide(report.id), t('adminAreas.abuse.done.hidden'))}
            >
              {t('adminAreas.abuse.actions.hide')}
            </button>
          )}
        </div>
      )}
      {moderatable && content.contentState !== 'deleted' && content.contentState !== 'missing' && (
        <form className="t-abuse__form" onSubmit={(e) => void remove(e)}>
          <label htmlFor={reasonId}>{t('adminAreas.abuse.deleteReason')}</label>
          <textarea id={reasonId} rows={2} maxLength={ABUSE_MESSAGE_MAX} value={reason} onChange={(e) => setReason(e.target.value)} required />
          <div className="t-admin-actions">
            <button type="submit" className="ts-button" disabled={busy || !reason.trim()}>
              {t('adminAreas.abuse.actions.delete')}
            </button>
          </div>
        </form>
      )}
      <form className="t-abuse__form" onSubmit={(e) => void move(e)}>
        <label htmlFor={statusId}>{t('adminAreas.abuse.moveTo')}</label>
        <div className="t-admin-actions">
          <select id={statusId} value={to} onChange={(e) => setTo(e.target.value as AbuseStatus | '')}>
            <option value="">{t('adminAreas.abuse.chooseStatus')}</option>
            {ABUSE_STATUS_MOVES[report.status].map((s) => (
              <option key={s} value={s}>
                {t(`adminAreas.abuse.statuses.${s}`)}
              </option>
            ))}
          </select>
          <button type="submit" className="ts-button" disabled={busy || !to}>
            {t('adminAreas.abuse.actions.status')}
          </button>
        </div>
      </form>
      <form className="t-abuse__form" onSubmit={(e) => void comment(e)}>
        <label htmlFor={noteId}>{t('adminAreas.abuse.note')}</label>
        <textarea id={noteId} rows={2} maxLength={ABUSE_MESSAGE_MAX} value={note} onChange={(e) => setNote(e.target.value)} required />
        <div className="t-admin-actions">
          <button type="submit" className="ts-button" disabled={busy || !note.trim()}>
            {t('adminAreas.abuse.actions.comment')}
          </button>
        </div>
      </form>

      <h3>{t('adminAreas.abuse.historyTitle')}</h3>
      <ol className="t-abuse__history">
        {history.map((h, i) => (
          <li key={i}>
            <When ms={h.date} dates={services.dates} /> · {h.by} · {t(`adminAreas.abuse.history.${h.action}`)}
            {h.status && ` (${t(`adminAreas.abuse.statuses.${h.status}`)})`}
            {h.message && <span className="t-abuse__message">{h.message}</span>}
          </li>
        ))}
      </ol>

      <h3>{countText(t, services.locale, 'adminAreas.abuse.reportsTitle', reports.length)}</h3>
      {showAll ? (
        <ul className="t-abuse__reports">
          {reports.map((r) => (
            <li key={r.id}>
              <strong>{r.reporterId}</strong> · {t(`adminAreas.abuse.categories.${r.category}`)} · {t(`adminAreas.abuse.statuses.${r.status}`)} ·{' '}
              <When ms={r.created} dates={services.dates} />
              {r.data.reason && <span className="t-abuse__message">{r.data.reason}</span>}
            </li>
          ))}
        </ul>
      ) : (
        <Link href={adminHref('editReportAbuse', { id: report.id, bulkReports: 'bulkReports' })}>
          {countText(t, services.locale, 'adminAreas.abuse.showAll', reports.length)}
        </Link>
      )}
    </>
  );
}

function CommunicationView({ item, label, reported }: { item: Communication; label: string; reported?: boolean }) {
  const { services, t } = useAdminFrame();
  return (
    <article className={`t-abuse__item${reported ? ' t-abuse__item--reported' : ''}`} aria-label={label}>
      <p className="t-admin-meta">
        {label} · {item.from} · <When ms={item.created} dates={services.dates} />
        {item.hidden && ` · ${t('adminAreas.abuse.content.hidden')}`}
        {item.deleted && ` · ${t('adminAreas.abuse.content.deleted')}`}
      </p>
      {item.title && <p className="t-abuse__item-title">{item.title}</p>}
      <Markup html={item.html} policy={STORED_MARKUP} />
    </article>
  );
}

/** Stored HTML sanitised again in the browser before it is shown. */
function Markup({ html, policy }: { html: string; policy: MarkupPolicy }) {
  const { t } = useAdminFrame();
  const safe = useSanitizedMarkup(html, policy);
  if (!safe) return <p role="status">{t('adminAreas.abuse.loading')}</p>;
  if (!safe.ok) return <p className="t-admin-notice--error">{safe.error}</p>;
  // Sanitised just above.
  return <div className="t-abuse__html" dangerouslySetInnerHTML={{ __html: safe.html }} />;
}
