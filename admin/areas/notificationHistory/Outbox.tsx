/**
 * The email outbox (GET admin/email/outbox): every email newest first by cursor, filtered by
 * state; each opens in a panel (OutboxMessage) with what was sent.
 */
import { useCallback, useId, useState } from 'react';
import type { EmailOutboxMessage, EmailState } from '../../../schemas/model/api/email';
import { MoreButton } from '../../core/MoreButton';
import { ScrollRegion } from '../../core/ScrollRegion';
import type { NotificationsApi } from '../../core/notifications-api';
import { useCursorPages } from '../../core/use-cursor-pages';
import { When } from '../../core/When';
import { useAdminFrame } from '../../frame/frame-context';
import { usePanelStack } from '../../frame/panel-stack';
import { OutboxMessage } from './OutboxMessage';

const STATES: readonly EmailState[] = ['queued', 'sent', 'failed'];

export function Outbox({ api }: { api: NotificationsApi }) {
  const { services, t } = useAdminFrame();
  const panels = usePanelStack();
  const filterId = useId();
  const [state, setState] = useState<EmailState | ''>('');
  const load = useCallback((cursor: string | undefined) => api.outbox({ state: state || undefined, cursor }), [api, state]);
  const { listing, more } = useCursorPages<EmailOutboxMessage>(load);

  const open = (email: EmailOutboxMessage) =>
    panels.open({
      title: t('adminAreas.outbox.detail.title', { subject: email.subject }),
      render: () => <OutboxMessage api={api} email={email} />,
    });

  return (
    <div className="t-history__outbox">
      <p className="t-admin-intro">{t('adminAreas.outbox.intro')}</p>
      <div className="t-history__filter">
        <label htmlFor={filterId}>{t('adminAreas.outbox.filter')}</label>
        <select id={filterId} value={state} onChange={(e) => setState(e.target.value as EmailState | '')}>
          <option value="">{t('adminAreas.outbox.all')}</option>
          {STATES.map((s) => (
            <option key={s} value={s}>
              {t(`adminAreas.outbox.states.${s}`)}
            </option>
          ))}
        </select>
      </div>
      {listing.status === 'loading' && <p role="status">{t('adminAreas.outbox.loading')}</p>}
      {listing.status === 'error' && (
        <p role="alert" className="t-admin-notice--error">
          {t('adminAreas.outbox.loadError', { message: listing.message })}
        </p>
      )}
      {listing.status === 'ready' && !listing.items.length && <p className="t-admin-empty">{t('adminAreas.outbox.empty')}</p>}
      {listing.status === 'ready' && listing.items.length > 0 && (
        <ScrollRegion label={t('adminAreas.outbox.scroll')}>
          <table className="t-admin-table t-history__table">
            <caption>{t('adminAreas.outbox.caption')}</caption>
            <thead>
              <tr>
                {(['subject', 'to', 'state', 'date'] as const).map((c) => (
                  <th key={c} scope="col">
                    {t(`adminAreas.outbox.columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {listing.items.map((email) => (
                <tr key={email.id}>
                  <th scope="row" className="t-history__title">
                    <button
                      type="button"
                      className="t-history__open"
                      aria-haspopup="dialog"
                      aria-label={t('adminAreas.outbox.view', { subject: email.subject, to: email.to })}
                      onClick={() => open(email)}
                    >
                      {email.subject}
                    </button>
                  </th>
                  <td className="t-history__to">{email.to}</td>
                  <td>
                    <span className={`t-admin-pill t-admin-pill--${email.state}`}>{t(`adminAreas.outbox.states.${email.state}`)}</span>
                  </td>
                  <td className="t-history__date">
                    <When ms={email.createdAt} dates={services.dates} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <MoreButton
        listing={listing}
        label={t('adminAreas.outbox.more')}
        errorText={(message) => t('adminAreas.outbox.loadError', { message })}
        onMore={() => void more()}
      />
    </div>
  );
}
