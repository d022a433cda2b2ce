/**
 * Who hears of the queue: the moderators (the accounts that may open the admin area `reportAbuse`,
 * so read on abuseReports) get `abuseReported` for a new report (keyed by the reported item, so the
 * admin notification replacement rule keeps one notification per item) and `abuse:queueChanged`
 * with the waiting count in their account rooms after every change; the author of a post or comment
 * a moderator hid or deleted gets `contentModerated` with the reason. Failures are logged, never the
 * caller's: the change is committed.
 */
import { adminHref, mayOpenAdminArea } from '../../engine/core/admin-areas';
import { createTranslator, messages } from '../../engine/core/i18n';
import { accountLocale } from '../../engine/core/i18n/languages';
import type { AbuseQueueEvent, AbuseReport } from '../../schemas/model/api/abuse';
import type { Profile, Settings } from '../../schemas/model';
import { permissionContextOf, type AppContext } from '../context';
import type { Account } from '../model';
import { sendersOf } from '../notifications/notification-rows';
import { notify } from '../notifications/notify';
import { isStaff, permissionHolder } from '../permissions';
import { countWaitingItems } from './reports';

/** Accounts that may open the moderation queue. */
export async function moderators(ctx: AppContext): Promise<string[]> {
  const staff = (await ctx.store.list<Account>('account')).filter((a) => a.data && isStaff(a.data));
  const allowed = await Promise.all(
    staff.map(async (a) => {
      const holder = await permissionContextOf(ctx, a.id);
      return holder && mayOpenAdminArea(permissionHolder(holder), 'reportAbuse') ? a.id : undefined;
    }),
  );
  return allowed.filter((id): id is string => !!id);
}

/** `abuse:queueChanged` with the waiting count to every moderator's account room. */
export async function announceQueueChanged(ctx: AppContext): Promise<void> {
  try {
    const realtime = ctx.realtime;
    if (!realtime) return;
    const [ids, openCount] = await Promise.all([moderators(ctx), countWaitingItems(ctx.store.kysely)]);
    const event: AbuseQueueEvent = { openCount };
    await realtime.toAccounts(ids, 'abuse:queueChanged', async () => event);
  } catch (error) {
    ctx.log(error);
  }
}

/** A new report: the moderators (but the reporter) hear `abuseReported`. */
export async function announceReport(ctx: AppContext, report: AbuseReport, excerpt: string): Promise<void> {
  try {
    const recipients = (await moderators(ctx)).filter((id) => id !== report.reporterId);
    if (!recipients.length) return;
    const name = (await sendersOf(ctx, [report.reporterId])).get(report.reporterId)?.name ?? report.reporterId;
    const t = createTranslator(messages, 'en').t;
    const what = t(`notifications.moderation.types.${report.reportedType}`);
    await notify(
      ctx,
      'abuseReported',
      { accounts: recipients },
      {
        title: t('notifications.events.abuseReported'),
        message: excerpt ? t('notifications.moderation.reported', { name, what, excerpt }) : t('notifications.moderation.reportedNoText', { name, what }),
        // The replacement rule keys admin notifications by entity: one notification per reported item.
        data: {
          entityId: `abuse:${report.reportedType}:${report.reportedId}`,
          url: adminHref('editReportAbuse', { id: report.id, bulkReports: 'bulkReports' }),
        },
        fromAccountId: report.reporterId,
        key: `abuseReported:${report.id}`,
      },
    );
  } catch (error) {
    ctx.log(error);
  }
}

/** The author of a hidden or deleted post or comment hears why, in her language. */
export async function announceModerated(
  ctx: AppContext,
  input: { authorId: string; type: 'post' | 'comment'; action: 'hidden' | 'deleted'; reason?: string; by: string; key: string; url?: string },
): Promise<void> {
  try {
    const [settings, profile] = await Promise.all([ctx.store.get<Settings>('settings', 'app'), ctx.store.get<Profile>('profile', input.authorId)]);
    const t = createTranslator(messages, accountLocale(settings?.data ?? {}, profile?.data?.data?.meta?.language)).t;
    const reason = input.reason?.trim() || t('notifications.moderation.noReason');
    await notify(
      ctx,
      'contentModerated',
      { accounts: [input.authorId] },
      {
        title: t('notifications.events.contentModerated'),
        message: t(`notifications.moderation.${input.action}`, { what: t(`notifications.moderation.what.${input.type}`), reason }),
        ...(input.url ? { data: { url: input.url } } : {}),
        key: `contentModerated:${input.key}`,
      },
    );
  } catch (error) {
    ctx.log(error);
  }
}
