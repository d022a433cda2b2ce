/**
 * Notification preferences (community §7 userPreferences, adminPreferences, updateUserPreferences):
 * one row per account, event and channel the member switched; an event never switched has its
 * defaults of engine/core NOTIFICATION_EVENT_INFO.
 */
import type { Kysely } from 'kysely';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENT_INFO,
  NOTIFICATION_EVENTS,
  type NotificationChannel,
  type NotificationEvent,
} from '../../engine/core/notifications';
import type { NotificationPreference } from '../../schemas/model/api/notifications';
import type { DB } from '../storage/database';
import type { NotificationsTables } from './notifications-table';

const prefsDb = (db: Kysely<DB>) => db.withTables<NotificationsTables>();

export type Channels = Record<NotificationChannel, boolean>;

/** "newConnectionRequest" -> "New connection request": the label until the client translates the event. */
export function eventLabel(event: NotificationEvent): string {
  const words = event.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isChannel = (c: string): c is NotificationChannel => (NOTIFICATION_CHANNELS as readonly string[]).includes(c);

/** The member's preferences for the member events (admin false) or the admin events (admin true), defaults filled in, labelled by `label` (the reader's language). */
export async function preferencesOf(
  db: Kysely<DB>,
  accountId: string,
  admin: boolean,
  label: (event: NotificationEvent) => string = eventLabel,
): Promise<NotificationPreference[]> {
  const rows = await prefsDb(db).selectFrom('notification_preferences').selectAll().where('account_id', '=', accountId).execute();
  const chosen = new Map(rows.map((r) => [`${r.event} ${r.channel}`, Number(r.active) === 1]));
  return NOTIFICATION_EVENTS.filter((event) => NOTIFICATION_EVENT_INFO[event].admin === admin).map((event) => {
    const info = NOTIFICATION_EVENT_INFO[event];
    const channels = Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, chosen.get(`${event} ${c}`) ?? info.defaults[c]])) as Channels;
    return { event, group: info.group, label: label(event), channels };
  });
}

/** Each account's channels for one event (its switches over the event's defaults), read in one query per 500 accounts. */
export async function channelsFor(db: Kysely<DB>, accountIds: readonly string[], event: NotificationEvent): Promise<Map<string, Channels>> {
  const defaults = NOTIFICATION_EVENT_INFO[event].defaults;
  const out = new Map(accountIds.map((id) => [id, { ...defaults }]));
  for (let i = 0; i < accountIds.length; i += 500) {
    const rows = await prefsDb(db)
      .selectFrom('notification_preferences')
      .select(['account_id', 'channel', 'active'])
      .where('event', '=', event)
      .where('account_id', 'in', accountIds.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      const channels = out.get(r.account_id);
      if (channels && isChannel(r.channel)) channels[r.channel] = Number(r.active) === 1;
    }
  }
  return out;
}

/** Switches one channel of one event for an account. */
export async function setPreference(db: Kysely<DB>, accountId: string, event: NotificationEvent, channel: NotificationChannel, active: boolean): Promise<void> {
  const now = Date.now();
  await prefsDb(db)
    .insertInto('notification_preferences')
    .values({ account_id: accountId, event, channel, active: active ? 1 : 0, updated_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'event', 'channel']).doUpdateSet({ active: active ? 1 : 0, updated_at: now }))
    .execute();
}
