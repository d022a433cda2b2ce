/**
 * Notification preferences of the settings page (community §4, §7): every event the member can be
 * notified of, grouped, with a switch per channel (in the app, by email). A switch turns at once
 * (optimistic); when the server refuses (§8) the error is logged, its message shown in a toast and
 * the preferences read again, so the page shows what the server kept. Admins allowed to see admin
 * notifications (showAdminNotifications) get the admin events too (adminPreferences).
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { NOTIFICATION_CHANNELS, NOTIFICATION_EVENT_INFO, isNotificationEvent, type NotificationChannel } from '../../engine/core/notifications';
import { canAdminister } from '../../engine/core/permissions';
import type { NotificationPreference, NotificationPreferencesResponse } from '../../schemas/model/api/notifications';
import { useT } from '../i18n/use-t';
import { useApi } from '../shell/services';
import { pushToastAtom, sessionAtom } from '../shell/shell-state';
import { useShowToast } from '../shell/use-toast';
import { Switch } from './Switch';

const BASE = 'profile/notifications';
/** Groups in the order the events are declared (engine/core/notifications). */
const GROUP_ORDER = [...new Set(Object.values(NOTIFICATION_EVENT_INFO).map((info) => info.group))];

/** Well-formed known events only (read tolerantly). */
function preferencesOf(answer: NotificationPreferencesResponse | undefined): NotificationPreference[] {
  return (Array.isArray(answer?.preferences) ? answer.preferences : []).filter(
    (p) => p && isNotificationEvent(p.event) && p.channels && typeof p.channels === 'object',
  );
}
const groupOf = (p: NotificationPreference) => NOTIFICATION_EVENT_INFO[p.event].group;

export function NotificationPreferences() {
  const t = useT();
  const user = useAtomValue(sessionAtom)?.user;
  return (
    <>
      <h3 id="settings-notification-events">{t('shell.settings.notifications.events')}</h3>
      <p>{t('shell.settings.notifications.intro')}</p>
      <PreferenceSet admin={false} />
      {canAdminister(user, 'showAdminNotifications') && (
        <>
          <h3 id="settings-notification-admin">{t('shell.settings.notifications.adminEvents')}</h3>
          <PreferenceSet admin />
        </>
      )}
    </>
  );
}

function PreferenceSet({ admin }: { admin: boolean }) {
  const t = useT();
  const api = useApi();
  const toast = useSetAtom(pushToastAtom);
  const showToast = useShowToast();
  const [prefs, setPrefs] = useState<NotificationPreference[] | 'loading' | 'failed'>('loading');
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const load = useCallback(
    () =>
      api.get<NotificationPreferencesResponse>(`${BASE}/${admin ? 'adminPreferences' : 'userPreferences'}`, { quiet: true }).then(
        (answer) => setPrefs(preferencesOf(answer)),
        (error: unknown) => {
          console.error(error);
          setPrefs((p) => (Array.isArray(p) ? p : 'failed'));
        },
      ),
    [api, admin],
  );
  useEffect(() => void load(), [load]);

  if (prefs === 'loading') return <p role="status">{t('shell.settings.notifications.loadingPreferences')}</p>;
  if (prefs === 'failed') return <p role="alert">{t('shell.settings.notifications.preferencesFailed')}</p>;

  const setChannel = (event: string, channel: NotificationChannel, active: boolean) =>
    setPrefs((current) =>
      Array.isArray(current) ? current.map((p) => (p.event === event ? { ...p, channels: { ...p.channels, [channel]: active } } : p)) : current,
    );
  const toggle = (pref: NotificationPreference, channel: NotificationChannel, active: boolean) => {
    const key = `${pref.event}:${channel}`;
    setChannel(pref.event, channel, active);
    setPending((s) => new Set(s).add(key));
    api
      .post<NotificationPreferencesResponse>(
        `${BASE}/updateUserPreferences`,
        { event: pref.event, type: channel, active, ...(admin ? { admin: true } : {}) },
        { quiet: true },
      )
      .then(
        (answer) => {
          // The server's word for the events shown here (its answer may list the other set's).
          const kept = new Map(preferencesOf(answer).map((p) => [p.event, p.channels]));
          setPrefs((current) =>
            Array.isArray(current) ? current.map((p) => (kept.has(p.event) ? { ...p, channels: { ...p.channels, ...kept.get(p.event) } } : p)) : current,
          );
          toast({ type: 'positive', message: t('shell.settings.notifications.saved') });
        },
        async (error: unknown) => {
          console.error(error);
          const message = (error as { message?: unknown })?.message;
          showToast({ type: 'negative', key: 'shell.settings.notifications.preferenceFailed', ...(typeof message === 'string' && message ? { message } : {}) });
          await load();
        },
      )
      .finally(() =>
        setPending((s) => {
          const next = new Set(s);
          next.delete(key);
          return next;
        }),
      );
  };

  const groups = GROUP_ORDER.map((group) => ({ group, items: prefs.filter((p) => groupOf(p) === group) })).filter((g) => g.items.length);
  return (
    <div className="ts-settings__notification-groups">
      {groups.map(({ group, items }) => {
        const id = `settings-notifications-${admin ? 'admin-' : ''}${group}`;
        return (
          <section key={group} className="ts-settings__notification-group" aria-labelledby={id}>
            <h4 id={id}>{t(`shell.settings.notifications.groups.${group}`)}</h4>
            <ul className="ts-settings__notification-events">
              {items.map((pref) => (
                <li key={pref.event}>
                  <span className="ts-settings__notification-event">{pref.label || pref.event}</span>
                  <span className="ts-settings__notification-channels">
                    {NOTIFICATION_CHANNELS.map((channel) => {
                      const label = t(`shell.settings.notifications.channels.${channel}`);
                      return (
                        <Switch
                          key={channel}
                          label={label}
                          name={t('shell.settings.notifications.switchLabel', { channel: label, event: pref.label || pref.event })}
                          checked={pref.channels[channel] === true}
                          disabled={pending.has(`${pref.event}:${channel}`)}
                          onChange={(active) => toggle(pref, channel, active)}
                        />
                      );
                    })}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
