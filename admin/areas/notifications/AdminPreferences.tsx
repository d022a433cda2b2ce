/**
 * The admin preferences (GET profile/notifications/adminPreferences): one switch per admin event
 * and channel, grouped as the server groups them. A switch changes at once and saves
 * (updateUserPreferences with `admin: true`); the answer is every preference as the server holds
 * it, and that is what shows. A refusal (community §8) is logged, its message is toasted, and then
 * what the server returned is applied: the preferences sent with the refusal, else read again.
 */
import { useEffect, useState } from 'react';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from '../../../engine/core/notifications';
import type { NotificationPreference } from '../../../schemas/model/api/notifications';
import { messageOf, type NotificationsApi, type NotificationsApiError } from '../../core/notifications-api';
import { useAdminFrame } from '../../frame/frame-context';

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; preferences: NotificationPreference[] };

const keyOf = (event: string, channel: NotificationChannel) => `${event}:${channel}`;

export function AdminPreferences({ api }: { api: NotificationsApi }) {
  const { services, t } = useAdminFrame();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const [said, setSaid] = useState('');

  useEffect(() => {
    let live = true;
    api.adminPreferences().then(
      (answer) => live && setLoaded({ status: 'ready', preferences: answer.preferences }),
      (error: unknown) => live && setLoaded({ status: 'error', message: messageOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [api]);

  if (loaded.status === 'loading') return <p role="status">{t('adminAreas.inbox.preferences.loading')}</p>;
  if (loaded.status === 'error')
    return (
      <p role="alert" className="t-admin-notice--error">
        {t('adminAreas.inbox.preferences.loadError', { message: loaded.message })}
      </p>
    );

  const apply = (preferences: NotificationPreference[]) => setLoaded({ status: 'ready', preferences });
  const toggle = async (pref: NotificationPreference, channel: NotificationChannel) => {
    const key = keyOf(pref.event, channel);
    const active = !pref.channels[channel];
    setSaving((s) => new Set(s).add(key));
    setLoaded((now) =>
      now.status === 'ready'
        ? { ...now, preferences: now.preferences.map((p) => (p.event === pref.event ? { ...p, channels: { ...p.channels, [channel]: active } } : p)) }
        : now,
    );
    try {
      apply((await api.updateAdminPreference(pref.event, channel, active)).preferences);
      setSaid(
        t('adminAreas.inbox.preferences.saved', {
          event: pref.label,
          channel: t(`adminAreas.channels.${channel}`),
          state: t(`adminAreas.inbox.preferences.${active ? 'on' : 'off'}`),
        }),
      );
    } catch (error) {
      console.error('notification preference update failed', error);
      services.toast({ type: 'negative', message: t('adminAreas.inbox.preferences.failed', { message: messageOf(error) }) });
      const returned = (error as NotificationsApiError).preferences;
      if (returned) apply(returned);
      else
        await api.adminPreferences().then(
          (answer) => apply(answer.preferences),
          () => apply(loaded.preferences),
        );
    } finally {
      setSaving((s) => {
        const next = new Set(s);
        next.delete(key);
        return next;
      });
    }
  };

  const groups = [...new Set(loaded.preferences.map((p) => p.group))];
  return (
    <div className="t-admin-preferences">
      <p className="t-admin-intro">{t('adminAreas.inbox.preferences.intro')}</p>
      <p role="status" className="t-admin-notice--status">
        {said}
      </p>
      {!groups.length && <p className="t-admin-empty">{t('adminAreas.inbox.preferences.empty')}</p>}
      {groups.map((group) => (
        <table key={group} className="t-admin-preferences__table">
          <caption>{t(`adminAreas.groups.${group}`)}</caption>
          <thead>
            <tr>
              <th scope="col">{t('adminAreas.inbox.preferences.event')}</th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <th key={channel} scope="col">
                  {t(`adminAreas.channels.${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {loaded.preferences
              .filter((p) => p.group === group)
              .map((pref) => (
                <tr key={pref.event}>
                  <th scope="row">{pref.label}</th>
                  {NOTIFICATION_CHANNELS.map((channel) => {
                    const on = pref.channels[channel] === true;
                    const busy = saving.has(keyOf(pref.event, channel));
                    return (
                      <td key={channel}>
                        <button
                          type="button"
                          role="switch"
                          className="t-switch"
                          aria-checked={on}
                          aria-busy={busy || undefined}
                          aria-disabled={busy || undefined}
                          aria-label={t('adminAreas.inbox.preferences.switch', { channel: t(`adminAreas.channels.${channel}`), event: pref.label })}
                          onClick={() => busy || void toggle(pref, channel)}
                        >
                          {/* Not disabled while saving: focus stays on it; a press then waits for the save. */}
                          <span className="t-switch__track" aria-hidden="true">
                            <span className="t-switch__thumb" />
                          </span>
                          <span aria-hidden="true">{t(`adminAreas.inbox.preferences.${on ? 'on' : 'off'}`)}</span>
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
