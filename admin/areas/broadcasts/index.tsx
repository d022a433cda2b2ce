/**
 * The area `broadcasts` (community §2, permission broadcast on notifications): a message to
 * everyone in one or more lists, in the app and by email. The form counts the recipients as the
 * lists change (POST admin/broadcasts/preview, debounced) and shows the notification as members
 * will see it; Send asks for a confirmation naming the count, then POST admin/broadcasts answers
 * at once (the fan-out runs as jobs) and a toast says how many it goes to, with a way to the
 * history. The link must be an app path (engine/core isAppPath, the server's rule too).
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { adminHref } from '../../../engine/core/admin-areas';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from '../../../engine/core/notifications';
import type { UserListSummary } from '../../core/api';
import { Dialog } from '../../core/Dialog';
import { countText } from '../../core/count-text';
import { createNotificationsApi, messageOf } from '../../core/notifications-api';
import { useAdminFrame } from '../../frame/frame-context';
import { BroadcastPreview } from './BroadcastPreview';
import { broadcastProblems, type BroadcastDraft, type BroadcastField } from './broadcast-problems';
import '../../core/area.css';
import './broadcasts.css';

const PREVIEW_DEBOUNCE_MS = 300;
const FIELD_ORDER: readonly BroadcastField[] = ['lists', 'title', 'message', 'link', 'channels'];

type Lists = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; lists: UserListSummary[] };
type Reach = { status: 'none' } | { status: 'counting' } | { status: 'ready'; count: number } | { status: 'error'; message: string };

const EMPTY: BroadcastDraft = { lists: [], title: '', message: '', link: '', channels: { inApp: true, email: true } };

export default function BroadcastsArea() {
  const { services, t } = useAdminFrame();
  const [, navigate] = useLocation();
  const api = useMemo(() => createNotificationsApi(services.request), [services.request]);
  const id = useId();
  const [lists, setLists] = useState<Lists>({ status: 'loading' });
  const [draft, setDraft] = useState<BroadcastDraft>(EMPTY);
  const [touched, setTouched] = useState<ReadonlySet<BroadcastField>>(new Set());
  const [reach, setReach] = useState<Reach>({ status: 'none' });
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    let live = true;
    api.userLists().then(
      (found) => live && setLists({ status: 'ready', lists: found }),
      (error: unknown) => live && setLists({ status: 'error', message: messageOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [api]);

  // The recipient count follows the chosen lists, counted once they stop changing.
  const chosenKey = draft.lists.join('\n');
  useEffect(() => {
    const chosen = chosenKey ? chosenKey.split('\n') : [];
    if (!chosen.length) return setReach({ status: 'none' });
    let live = true;
    setReach({ status: 'counting' });
    const timer = setTimeout(() => {
      api.broadcastPreview(chosen).then(
        (answer) => live && setReach({ status: 'ready', count: answer.recipients }),
        (error: unknown) => live && setReach({ status: 'error', message: messageOf(error) }),
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, chosenKey]);

  const problems = broadcastProblems(draft);
  const shown = (field: BroadcastField) => (touched.has(field) && problems[field] ? t(`adminAreas.broadcast.problems.${problems[field]}`) : undefined);
  const touch = (field: BroadcastField) => setTouched((s) => (s.has(field) ? s : new Set(s).add(field)));
  const set = <K extends keyof BroadcastDraft>(key: K, value: BroadcastDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const listNames = lists.status === 'ready' ? lists.lists.filter((l) => draft.lists.includes(l.id)).map((l) => l.name) : [];
  const channelWords = NOTIFICATION_CHANNELS.filter((c) => draft.channels[c]).map((c) => t(`adminAreas.broadcast.confirm.channels.${c}`));
  const errorId = (field: BroadcastField) => `${id}-${field}-error`;

  // The confirmation names the count as it is now: counted again at Send (the preview may be a moment old).
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(new Set(FIELD_ORDER));
    setRefusal(undefined);
    const first = FIELD_ORDER.find((f) => problems[f]);
    if (first) return form.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
    try {
      const { recipients } = await api.broadcastPreview(draft.lists);
      setReach({ status: 'ready', count: recipients });
      if (recipients === 0) return setRefusal(t('adminAreas.broadcast.problems.noRecipients'));
      setConfirming(true);
    } catch (error) {
      setRefusal(t('adminAreas.broadcast.refused', { message: messageOf(error) }));
    }
  };

  const send = async () => {
    setSending(true);
    try {
      const url = draft.link.trim();
      const sent = await api.broadcast({
        lists: draft.lists,
        title: draft.title.trim(),
        message: draft.message.trim(),
        ...(url ? { url } : {}),
        channels: draft.channels,
      });
      setConfirming(false);
      services.toast({
        type: 'positive',
        message: countText(t, services.locale, 'adminAreas.broadcast.sent', sent.recipients, { title: draft.title.trim() }),
        action: { label: t('adminAreas.broadcast.openHistory'), onClick: () => navigate(adminHref('notificationHistory')) },
      });
      setDraft((d) => ({ ...EMPTY, lists: d.lists, channels: d.channels }));
      setTouched(new Set());
    } catch (error) {
      setConfirming(false);
      setRefusal(t('adminAreas.broadcast.refused', { message: messageOf(error) }));
    } finally {
      setSending(false);
    }
  };

  const count = reach.status === 'ready' ? reach.count : 0;
  return (
    <div className="t-admin-area t-broadcasts">
      <h1 className="ts-page-title">{t('adminAreas.areas.broadcasts.title')}</h1>
      <p className="t-admin-intro">{t('adminAreas.broadcast.intro')}</p>
      <div className="t-broadcasts__layout">
        <form ref={form} className="t-broadcasts__form" noValidate onSubmit={(e) => void submit(e)} aria-label={t('adminAreas.areas.broadcasts.title')}>
          <fieldset
            className="t-broadcasts__lists"
            data-field="lists"
            tabIndex={-1}
            aria-describedby={`${id}-lists-hint${shown('lists') ? ` ${errorId('lists')}` : ''}`}
            aria-invalid={shown('lists') ? true : undefined}
          >
            <legend>{t('adminAreas.broadcast.lists')}</legend>
            <p id={`${id}-lists-hint`} className="t-admin-meta">
              {t('adminAreas.broadcast.listsHint')}
            </p>
            {lists.status === 'loading' && <p role="status">{t('adminAreas.broadcast.listsLoading')}</p>}
            {lists.status === 'error' && (
              <p role="alert" className="t-admin-notice--error">
                {t('adminAreas.broadcast.listsError', { message: lists.message })}
              </p>
            )}
            {lists.status === 'ready' && !lists.lists.length && <p>{t('adminAreas.broadcast.noLists')}</p>}
            {lists.status === 'ready' &&
              lists.lists.map((list) => (
                <label key={list.id} className="t-broadcasts__check">
                  <input
                    type="checkbox"
                    checked={draft.lists.includes(list.id)}
                    onChange={(e) => {
                      touch('lists');
                      set('lists', e.target.checked ? [...draft.lists, list.id] : draft.lists.filter((l) => l !== list.id));
                    }}
                  />
                  {list.name}
                </label>
              ))}
            <FieldError id={errorId('lists')} text={shown('lists')} />
          </fieldset>
          <p role="status" className="t-broadcasts__reach" aria-live="polite">
            {reach.status === 'none' && t('adminAreas.broadcast.recipients.choose')}
            {reach.status === 'counting' && t('adminAreas.broadcast.recipients.counting')}
            {reach.status === 'ready' && countText(t, services.locale, 'adminAreas.broadcast.recipients', reach.count)}
            {reach.status === 'error' && t('adminAreas.broadcast.recipients.error', { message: reach.message })}
          </p>

          <label htmlFor={`${id}-title`}>{t('adminAreas.broadcast.title')}</label>
          <input
            id={`${id}-title`}
            data-field="title"
            type="text"
            required
            maxLength={200}
            value={draft.title}
            aria-invalid={shown('title') ? true : undefined}
            aria-describedby={shown('title') ? errorId('title') : undefined}
            onChange={(e) => set('title', e.target.value)}
            onBlur={() => touch('title')}
          />
          <FieldError id={errorId('title')} text={shown('title')} />

          <label htmlFor={`${id}-message`}>{t('adminAreas.broadcast.message')}</label>
          <textarea
            id={`${id}-message`}
            data-field="message"
            required
            rows={5}
            maxLength={5000}
            value={draft.message}
            aria-invalid={shown('message') ? true : undefined}
            aria-describedby={shown('message') ? errorId('message') : undefined}
            onChange={(e) => set('message', e.target.value)}
            onBlur={() => touch('message')}
          />
          <FieldError id={errorId('message')} text={shown('message')} />

          <label htmlFor={`${id}-link`}>{t('adminAreas.broadcast.link')}</label>
          <input
            id={`${id}-link`}
            data-field="link"
            type="text"
            inputMode="url"
            maxLength={2048}
            placeholder="/events"
            value={draft.link}
            aria-invalid={shown('link') ? true : undefined}
            aria-describedby={`${id}-link-hint${shown('link') ? ` ${errorId('link')}` : ''}`}
            onChange={(e) => set('link', e.target.value)}
            onBlur={() => touch('link')}
          />
          <p id={`${id}-link-hint`} className="t-admin-meta">
            {t('adminAreas.broadcast.linkHint')}
          </p>
          <FieldError id={errorId('link')} text={shown('link')} />

          <fieldset
            className="t-broadcasts__channels"
            data-field="channels"
            tabIndex={-1}
            aria-invalid={shown('channels') ? true : undefined}
            aria-describedby={shown('channels') ? errorId('channels') : undefined}
          >
            <legend>{t('adminAreas.broadcast.channels')}</legend>
            {NOTIFICATION_CHANNELS.map((channel: NotificationChannel) => (
              <label key={channel} className="t-broadcasts__check">
                <input
                  type="checkbox"
                  checked={draft.channels[channel]}
                  onChange={(e) => {
                    touch('channels');
                    set('channels', { ...draft.channels, [channel]: e.target.checked });
                  }}
                />
                {t(`adminAreas.channels.${channel}`)}
              </label>
            ))}
            <FieldError id={errorId('channels')} text={shown('channels')} />
          </fieldset>

          {refusal && (
            <p role="alert" className="t-admin-notice--error">
              {refusal}
            </p>
          )}
          <div className="t-admin-actions">
            <button type="submit" className="ts-button ts-button--primary" disabled={sending} aria-haspopup="dialog">
              {sending ? t('adminAreas.broadcast.sending') : t('adminAreas.broadcast.send')}
            </button>
          </div>
        </form>
        <BroadcastPreview title={draft.title} message={draft.message} link={draft.link} />
      </div>
      {confirming && (
        <Dialog
          title={t('adminAreas.broadcast.confirm.title')}
          size="small"
          busy={sending}
          onClose={() => setConfirming(false)}
          description={countText(t, services.locale, 'adminAreas.broadcast.confirm', count, {
            title: draft.title.trim(),
            lists: listNames.join(', '),
            channels: channelWords.join(t('adminAreas.broadcast.confirm.and')),
          })}
          actions={
            <>
              <button type="button" className="ts-button" disabled={sending} onClick={() => setConfirming(false)}>
                {t('adminAreas.broadcast.confirm.cancel')}
              </button>
              <button type="button" className="ts-button ts-button--primary" disabled={sending} aria-busy={sending || undefined} onClick={() => void send()}>
                {sending ? t('adminAreas.broadcast.sending') : t('adminAreas.broadcast.confirm.send', { count })}
              </button>
            </>
          }
          className="t-admin-area"
        >
          {null}
        </Dialog>
      )}
    </div>
  );
}

function FieldError({ id, text }: { id: string; text?: string }) {
  if (!text) return null;
  return (
    <p id={id} className="t-admin-notice--error t-broadcasts__error">
      {text}
    </p>
  );
}
