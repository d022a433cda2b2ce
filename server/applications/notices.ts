/**
 * What a request's move tells people (community §4): the member hears her membership event
 * (`<state>OnMembership`: the application's label, the admin's message or a sentence in her
 * language, a link to the application's landing page), and on `applied` the list's admins hear
 * `newApplication`. "The list's admins" are the accounts that may open the admin area
 * `applications` (the permission context the area's calls check). An admin's decision may send an
 * email template of its own (the override, else the application's); the member's notification
 * then goes in-app only, so she gets one email, not two.
 */
import { adminHref, mayOpenAdminArea } from '../../engine/core/admin-areas';
import { createTranslator, messages } from '../../engine/core/i18n';
import { accountLocale } from '../../engine/core/i18n/languages';
import { membershipEvent } from '../../engine/core/membership-moves';
import type { MembershipState, Profile, Settings } from '../../schemas/model';
import { permissionContextOf, type AppContext } from '../context';
import { isStaff, permissionHolder } from '../permissions';
import type { Account } from '../model';
import { notify } from '../notifications/notify';
import { sendersOf } from '../notifications/notification-rows';
import type { ApplicationRecord } from './records';

export interface MoveNotice {
  application: ApplicationRecord;
  requestId: string;
  /** Unique per move: the notifications' idempotency keys. */
  eventId: string;
  accountId: string;
  to: MembershipState;
  /** Who moved it (the member herself, or the admin). */
  by: string;
  message?: string;
  /** An email template sent for this move: the notification's own email is left out. */
  emailed: boolean;
}

/** Where the member's notification leads: the application's landing page, else home. */
export const memberLink = (app: ApplicationRecord) => app.landingPage ?? '/home';

async function translatorFor(ctx: AppContext, accountId: string) {
  const [settings, profile] = await Promise.all([ctx.store.get<Settings>('settings', 'app'), ctx.store.get<Profile>('profile', accountId)]);
  return createTranslator(messages, accountLocale(settings?.data ?? {}, profile?.data?.data?.meta?.language)).t;
}

/** The sentence the member reads when the admin wrote none. */
export async function moveSentence(ctx: AppContext, accountId: string, to: MembershipState, application: string): Promise<string> {
  return (await translatorFor(ctx, accountId))(`notifications.membership.${to}`, { application });
}

/** The applicant's public name, else her account's name (a profile not made yet: the demo seeds applications first). */
async function applicantName(ctx: AppContext, accountId: string): Promise<string> {
  const name = (await sendersOf(ctx, [accountId])).get(accountId)?.name;
  if (name && name !== accountId) return name;
  const account = (await ctx.store.get<Account>('account', accountId))?.data;
  return (account && `${account.firstName ?? ''} ${account.lastName ?? ''}`.trim()) || accountId;
}

/** Accounts that may process this application's requests (admin area applications). */
export async function applicationAdmins(ctx: AppContext): Promise<string[]> {
  const staff = (await ctx.store.list<Account>('account')).filter((a) => a.data && isStaff(a.data));
  const allowed = await Promise.all(
    staff.map(async (a) => {
      const holder = await permissionContextOf(ctx, a.id);
      return holder && mayOpenAdminArea(permissionHolder(holder), 'applications') ? a.id : undefined;
    }),
  );
  return allowed.filter((id): id is string => !!id);
}

/** Sends a move's notifications; a failure is logged, never the caller's (the move is committed). */
export async function announceMove(ctx: AppContext, notice: MoveNotice): Promise<void> {
  const { application: app } = notice;
  try {
    const own = notice.by === notice.accountId;
    await notify(
      ctx,
      membershipEvent(notice.to),
      { accounts: [notice.accountId] },
      {
        title: app.label,
        message: notice.message || (await moveSentence(ctx, notice.accountId, notice.to, app.label)),
        data: { userListId: app.listId, url: memberLink(app) },
        ...(own ? {} : { fromAccountId: notice.by }),
        ...(notice.emailed ? { channels: { inApp: true, email: false } } : {}),
        key: `membership:${notice.eventId}`,
      },
    );
    if (notice.to !== 'applied') return;
    const admins = (await applicationAdmins(ctx)).filter((id) => id !== notice.accountId);
    if (!admins.length) return;
    const name = await applicantName(ctx, notice.accountId);
    const t = createTranslator(messages, 'en').t;
    await notify(
      ctx,
      'newApplication',
      { accounts: admins },
      {
        title: app.label,
        message: t('notifications.membership.newApplication', { name, application: app.label }),
        data: { userListId: app.listId, url: adminHref('membershipRequest', { requestId: notice.requestId }) },
        fromAccountId: notice.accountId,
        key: `newApplication:${notice.eventId}`,
      },
    );
  } catch (error) {
    ctx.log(error);
  }
}
