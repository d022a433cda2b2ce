/**
 * One email of the outbox, in a panel: subject, to, state, how it went, its error, then its HTML
 * part in a frame that may run nothing and reach nothing (`sandbox=""`, the HTML as `srcdoc`) and
 * its text part.
 */
import { useEffect, useState } from 'react';
import type { EmailOutboxMessage } from '../../../schemas/model/api/email';
import { messageOf, type NotificationsApi } from '../../core/notifications-api';
import { whenText } from '../../core/When';
import { useAdminFrame } from '../../frame/frame-context';

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; email: EmailOutboxMessage };

export function OutboxMessage({ api, email }: { api: NotificationsApi; email: EmailOutboxMessage }) {
  const { services, t } = useAdminFrame();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    api.outboxMessage(email.id).then(
      (full) => live && setLoaded({ status: 'ready', email: full }),
      (error: unknown) => live && setLoaded({ status: 'error', message: messageOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [api, email.id]);

  const shown = loaded.status === 'ready' ? loaded.email : email;
  const when = (ms: number | null) => (ms ? whenText(ms, services.dates) : t('adminAreas.history.none'));
  const rows: [string, string][] = [
    ['subject', shown.subject],
    ['to', shown.to],
    ['state', t(`adminAreas.outbox.states.${shown.state}`)],
    ['transport', t(`adminAreas.outbox.detail.transports.${shown.transport}`)],
    ['template', shown.templateId],
    ['language', shown.language || t('adminAreas.history.none')],
    ['created', when(shown.createdAt)],
    ['sent', when(shown.sentAt)],
    ['error', shown.lastError || t('adminAreas.outbox.detail.noError')],
  ];
  return (
    <div className="t-admin-area t-history__email">
      <dl className="t-history__fields">
        {rows.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`adminAreas.outbox.detail.${key}`)}</dt>
            <dd className={key === 'error' && shown.lastError ? 't-admin-notice--error' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      {loaded.status === 'loading' && <p role="status">{t('adminAreas.outbox.detail.loading')}</p>}
      {loaded.status === 'error' && (
        <p role="alert" className="t-admin-notice--error">
          {t('adminAreas.outbox.detail.loadError', { message: loaded.message })}
        </p>
      )}
      {loaded.status === 'ready' && (
        <>
          <h3>{t('adminAreas.outbox.detail.html')}</h3>
          <iframe className="t-history__frame" sandbox="" srcDoc={loaded.email.html ?? ''} title={t('adminAreas.outbox.detail.htmlFrame')} />
          <h3>{t('adminAreas.outbox.detail.text')}</h3>
          {loaded.email.text ? (
            <pre className="t-history__text" tabIndex={0}>
              {loaded.email.text}
            </pre>
          ) : (
            <p>{t('adminAreas.outbox.detail.noText')}</p>
          )}
        </>
      )}
    </div>
  );
}
