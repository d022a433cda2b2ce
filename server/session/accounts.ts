/** The signed-in user's account as the app sees it, and account writes shared by the session and admin calls. */
import { readableDataPrivacy } from '../../engine/core/profile-privacy';
import type { DataPrivacy, Id, UserState } from '../../schemas/model';
import type { AppContext, SignedInUser } from '../context';
import { notAuthorized } from '../errors';
import type { Account } from '../model';
import { visibleItemPermissions } from '../structure/viewer';

/** The privacy its owner is shown: as stored, or every item private when it cannot be read (what others see meanwhile). */
export function ownDataPrivacy(user: SignedInUser): DataPrivacy[] {
  return readableDataPrivacy(user.account.dataPrivacy, user.ruleContext.profile?.data?.profile);
}

/** The user's account as the app sees it; `devices`: ids of its devices (session presence). */
export function userState(user: SignedInUser, devices: string[]): UserState {
  const a = user.account;
  return {
    accountId: a.accountId,
    loggedIn: true,
    jwt: user.token,
    isAdmin: a.isAdmin,
    isElevated: a.isElevated,
    notificationsEnabled: a.notificationsEnabled ?? false,
    userDeviceTokens: devices,
    listMemberships: user.memberships,
    dataPrivacy: ownDataPrivacy(user),
    permissions: a.permissions,
    basePaths: user.basePaths,
    serviceId: user.claims.serviceId,
    ...(a.frameworkData ? { frameworkData: a.frameworkData } : {}),
  };
}

/** Item permissions keyed by the items the user may see (never the ids of hidden pages). */
export async function itemPermissionsOf(ctx: AppContext, user: SignedInUser) {
  if (!user.account.isAdmin) return visibleItemPermissions(ctx.store, user, user.itemPermissions);
  return Object.fromEntries((await ctx.store.list<Record<string, boolean>>('itemPermissions')).map((d) => [d.id, d.data]));
}

export async function updateAccount(ctx: AppContext, accountId: Id, change: (a: Account) => Account): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const account = await tx.get<Account>('account', accountId);
    if (!account) throw notAuthorized();
    await tx.put('account', accountId, change(account.data));
  });
}

/** How many accounts there are (the admin dashboard's members count): counted in the database, by the documents' primary key. */
export async function countAccounts(ctx: AppContext): Promise<number> {
  const row = await ctx.store.kysely
    .selectFrom('documents')
    .where('kind', '=', 'account')
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
