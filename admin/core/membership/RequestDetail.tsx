/**
 * One membership request as an admin decides it (GET applications/membershipRequests/admin/{id}):
 * the applicant, the application and list, the answers labelled by their fields, the history with
 * the admins' messages, and one button for each move the server lists in `moves` (engine/core
 * membershipMoves) with a message to the member, an email template instead of the application's
 * and whether to send notifications at all. A decision sends the state the admin saw (`changedFrom`):
 * when someone decided meanwhile the server refuses and the screen reads the request again.
 */
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { MembershipState } from '../../../schemas/model';
import type { MembershipRequestDetail } from '../../../schemas/model/api/applications';
import type { EmailTemplate } from '../../../schemas/model/api/email';
import { useAdminFrame } from '../../frame/frame-context';
import { isListFull, type ListsApi, type ListsApiError } from '../lists-api';
import { When } from '../When';
import { answerText, fieldLabel } from './answer-text';
import { StatePill } from './StatePill';
import './membership.css';

type Loaded = { status: 'loading' } | { status: 'error'; message: string; notFound: boolean } | { status: 'ready'; request: MembershipRequestDetail };

export function RequestDetail({ api, requestId, onDecided }: { api: ListsApi; requestId: string; onDecided?(request: MembershipRequestDetail): void }) {
  const { services, t } = useAdminFrame();
  const id = useId();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [templates, setTemplates] = useState<EmailTemplate[]>([]);
  const [message, setMessage] = useState('');
  const [template, setTemplate] = useState('');
  const [notify, setNotify] = useState(true);
  const [busy, setBusy] = useState<MembershipState>();
  const [refusal, setRefusal] = useState<string>();

  const load = useCallback(
    () =>
      api.request(requestId).then(
        (request) => setLoaded({ status: 'ready', request }),
        (error: ListsApiError) => setLoaded({ status: 'error', message: error.message, notFound: error.status === 404 || error.error === 'notFound' }),
      ),
    [api, requestId],
  );
  useEffect(() => void load(), [load]);
  // The override choices; without the email templates area the select offers the application's own only.
  useEffect(() => {
    let live = true;
    api.emailTemplates().then(
      (found) => live && setTemplates(found.templates.filter((tpl, i, all) => all.findIndex((o) => o.templateId === tpl.templateId) === i)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);

  const fields = useMemo(() => (loaded.status === 'ready' ? new Map(loaded.request.fields.map((f) => [f.id, f])) : new Map()), [loaded]);

  if (loaded.status === 'loading') return <p role="status">{t('adminAreas.requests.loading')}</p>;
  if (loaded.status === 'error')
    return (
      <p role="alert" className="t-admin-notice--error">
        {loaded.notFound ? t('adminAreas.requests.notFound') : t('adminAreas.requests.loadError', { message: loaded.message })}
      </p>
    );
  const request = loaded.request;

  const decide = async (state: MembershipState) => {
    setBusy(state);
    setRefusal(undefined);
    try {
      const decided = await api.decide(request.id, state, {
        membershipId: request.listMembershipId,
        changedFrom: request.state,
        ...(message.trim() ? { message: message.trim() } : {}),
        ...(template ? { emailTemplateOverride: template } : {}),
        shouldSendNotifications: notify,
      });
      setLoaded({ status: 'ready', request: decided });
      setMessage('');
      services.toast({ type: 'positive', message: t(`adminAreas.requests.decided.${state}`, { name: request.name }) });
      onDecided?.(decided);
    } catch (error) {
      const e = error as ListsApiError;
      setRefusal(isListFull(e) ? t('adminAreas.lists.full') : t('adminAreas.requests.refused', { message: e.message }));
      if (e.error === 'conflict') void load();
    } finally {
      setBusy(undefined);
    }
  };

  const answered = request.fields.filter((f) => Object.hasOwn(request.answers, f.id));
  const unknown = Object.keys(request.answers).filter((key) => !fields.has(key));
  return (
    <div className="t-membership-request">
      <section className="t-membership-card" aria-labelledby={`${id}-who`}>
        <h3 id={`${id}-who`} className="t-membership-request__name">
          {request.name}
        </h3>
        <dl className="t-membership-facts">
          <dt>{t('adminAreas.requests.columns.application')}</dt>
          <dd>{request.applicationLabel}</dd>
          <dt>{t('adminAreas.requests.columns.state')}</dt>
          <dd>
            <StatePill state={request.state} />
          </dd>
          <dt>{t('adminAreas.requests.columns.date')}</dt>
          <dd>
            <When ms={request.createdAt} dates={services.dates} />
          </dd>
        </dl>
      </section>

      <section className="t-membership-section" aria-labelledby={`${id}-answers`}>
        <h3 id={`${id}-answers`}>{t('adminAreas.requests.answers')}</h3>
        {!answered.length && !unknown.length ? (
          <p className="t-admin-empty">{t('adminAreas.requests.noAnswers')}</p>
        ) : (
          <dl className="t-membership-facts t-membership-answers">
            {answered.map((field) => (
              <div key={field.id} className="t-membership-pair">
                <dt>{fieldLabel(field)}</dt>
                <dd>{answerText(field, request.answers[field.id], t)}</dd>
              </div>
            ))}
            {unknown.map((key) => (
              <div key={key} className="t-membership-pair">
                <dt>{key}</dt>
                <dd>{answerText(undefined, request.answers[key], t)}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <section className="t-membership-section" aria-labelledby={`${id}-history`}>
        <h3 id={`${id}-history`}>{t('adminAreas.requests.history')}</h3>
        {!request.history.length ? (
          <p className="t-admin-empty">{t('adminAreas.requests.noHistory')}</p>
        ) : (
          <ol className="t-membership-history">
            {request.history.map((event, i) => (
              <li key={`${event.at}-${i}`}>
                <When ms={event.at} dates={services.dates} />{' '}
                {t(event.from ? 'adminAreas.requests.moved' : 'adminAreas.requests.started', {
                  from: event.from ? t(`adminAreas.membership.states.${event.from}`) : '',
                  to: t(`adminAreas.membership.states.${event.to}`),
                  by: event.byName,
                })}
                {event.message && <blockquote>{event.message}</blockquote>}
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="t-membership-section" aria-labelledby={`${id}-decide`}>
        <h3 id={`${id}-decide`}>{t('adminAreas.requests.decide')}</h3>
        {!request.moves.length ? (
          <p className="t-admin-empty">{t('adminAreas.requests.noMoves')}</p>
        ) : (
          <div className="t-membership-form">
            <label htmlFor={`${id}-message`}>{t('adminAreas.requests.message')}</label>
            <textarea
              id={`${id}-message`}
              rows={4}
              maxLength={2000}
              value={message}
              aria-describedby={`${id}-message-hint`}
              onChange={(e) => setMessage(e.target.value)}
            />
            <p id={`${id}-message-hint`} className="t-admin-meta">
              {t('adminAreas.requests.messageHint')}
            </p>
            <label htmlFor={`${id}-template`}>{t('adminAreas.requests.template')}</label>
            <select id={`${id}-template`} value={template} onChange={(e) => setTemplate(e.target.value)}>
              <option value="">{t('adminAreas.requests.templateDefault')}</option>
              {templates.map((tpl) => (
                <option key={tpl.templateId} value={tpl.templateId}>
                  {tpl.templateId}
                </option>
              ))}
            </select>
            <label className="t-membership-check">
              <input type="checkbox" checked={notify} onChange={(e) => setNotify(e.target.checked)} />
              {t('adminAreas.requests.notify')}
            </label>
            {refusal && (
              <p role="alert" className="t-admin-notice--error">
                {refusal}
              </p>
            )}
            <div className="t-membership-moves">
              {request.moves.map((state) => (
                <button
                  key={state}
                  type="button"
                  className={`ts-button${state === 'accepted' ? ' ts-button--primary' : ''}`}
                  disabled={busy !== undefined}
                  aria-busy={busy === state || undefined}
                  onClick={() => void decide(state)}
                >
                  {t(`adminAreas.requests.moves.${state}`)}
                </button>
              ))}
            </div>
          </div>
        )}
      </section>
    </div>
  );
}
