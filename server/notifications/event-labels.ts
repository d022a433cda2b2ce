/**
 * Event labels in the reader's language (the preferences lists): the account's language of
 * profile meta when published, else the site's default (engine/core/i18n/languages), from the
 * server-only `notifications` namespace; an event the catalogue lacks reads from its name.
 */
import { createTranslator, messages } from '../../engine/core/i18n';
import { accountLocale } from '../../engine/core/i18n/languages';
import type { NotificationEvent } from '../../engine/core/notifications';
import type { Profile, Settings } from '../../schemas/model';
import type { AppContext } from '../context';
import { eventLabel } from './preferences';

export async function eventLabelsFor(ctx: AppContext, accountId: string): Promise<(event: NotificationEvent) => string> {
  const [settings, profile] = await Promise.all([ctx.store.get<Settings>('settings', 'app'), ctx.store.get<Profile>('profile', accountId)]);
  const { t, has } = createTranslator(messages, accountLocale(settings?.data ?? {}, profile?.data?.data?.meta?.language));
  return (event) => (has(`notifications.events.${event}`) ? t(`notifications.events.${event}`) : eventLabel(event));
}
