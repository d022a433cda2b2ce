/** What every route needs: config, storage, tokens, validation, realtime, and the signed-in user. */
import type { FastifyRequest } from 'fastify';
import type { Id, ItemPermissions, ListMembership, PermissionMap, Profile } from '../schemas/model';
import type { RegistryData } from '../registry';
import { bearerToken, type SessionClaims, type TokenService } from './auth/tokens';
import type { ServerConfig } from './config';
import type { Domain } from './domain';
import { forbidden, notAuthorized } from './errors';
import type { Account } from './model';
import { accountRuleContext, isStaff, mergePermissionMaps, ruleEngineFor, type PermissionContext } from './permissions';
import type { Realtime } from './realtime';
import type { DocumentReader, DocumentStore } from './storage/documents';
import type { RequestValidator } from './validation';

export interface AppContext {
  config: ServerConfig;
  store: DocumentStore;
  tokens: TokenService;
  validator: RequestValidator;
  registry: RegistryData;
  /** The domains this app runs (server/domains.ts): what `init` and the admin sections loop over. */
  domains: readonly Domain[];
  /** Which database engine the store runs on. */
  engine: 'sqlite' | 'postgres';
  /** Reports an error of background work (never thrown at the request that caused it). */
  log(error: unknown): void;
  /** Set once the HTTP server exists. */
  realtime?: Realtime;
  /** The port the server listens on, once it does (config.port may be 0: any free port). */
  listeningPort?: number;
  /**
   * An account's list memberships: installed by the lists domain when it opens (server/lists);
   * until then, or without it, nobody is a member of anything (fail closed).
   */
  membershipsOf(accountId: Id): Promise<ListMembership[]>;
  /**
   * What these lists confer on their accepted members: `admin` when one of them is in admin mode
   * (its members are admins, as HumHub's administrator group), and the permission grants of those
   * with allow-permissions on. Installed by the lists domain when it opens; until then no list
   * confers anything (fail closed).
   */
  listPowersOf(listIds: readonly Id[]): Promise<{ admin: boolean; grants: PermissionMap[] }>;
}

export interface SignedInUser extends PermissionContext {
  claims: SessionClaims;
  token: string;
}

/** Resolves claims to a live session: the account exists and the session was not logged out. */
export async function sessionAccount(reader: DocumentReader, claims: SessionClaims): Promise<Account | undefined> {
  const account = (await reader.get<Account>('account', claims.accountId))?.data;
  if (!account || Object.hasOwn(account.revokedSessions ?? {}, claims.sid)) return undefined;
  if (account.sessionsValidFrom !== undefined && claims.issuedAt < account.sessionsValidFrom) return undefined;
  return account;
}

export async function permissionContext(
  ctx: Pick<AppContext, 'store' | 'registry' | 'membershipsOf' | 'listPowersOf'>,
  stored: Account,
): Promise<PermissionContext> {
  const reader = ctx.store;
  const memberships = await ctx.membershipsOf(stored.accountId);
  const lists = memberships.filter((m) => m.state === 'accepted').map((m) => m.userListId);
  const powers = !stored.isAdmin && lists.length ? await ctx.listPowersOf(lists) : { admin: false, grants: [] };
  // Accepted in an admin-mode list: an admin for as long as she is (not stored on her account).
  const account = powers.admin ? { ...stored, isAdmin: true } : stored;
  // Only elevated users need item permissions: admins pass everything, members write nothing.
  let itemPermissions: ItemPermissions = {};
  let basePaths: PermissionMap = account.basePaths;
  if (!account.isAdmin && account.isElevated) {
    itemPermissions = Object.fromEntries((await reader.list<{ [action: string]: boolean }>('itemPermissions')).map((d) => [d.id, d.data]));
    // The grants of the lists she is accepted in that allow permissions (server/lists).
    basePaths = mergePermissionMaps(account.basePaths, ...powers.grants);
  }
  const profile = (await reader.get<Profile>('profile', account.accountId))?.data;
  return {
    account,
    memberships,
    itemPermissions,
    basePaths,
    ruleContext: accountRuleContext(account, memberships, profile),
    evaluator: ruleEngineFor(ctx.registry),
  };
}

/** The permission context of an account by id (realtime checks, jobs), or undefined when the account is gone. */
export async function permissionContextOf(
  ctx: Pick<AppContext, 'store' | 'registry' | 'membershipsOf' | 'listPowersOf'>,
  accountId: string,
): Promise<PermissionContext | undefined> {
  const account = (await ctx.store.get<Account>('account', accountId))?.data;
  return account ? permissionContext(ctx, account) : undefined;
}

/** The signed-in user of a request, or 401 'Not authorized'. */
export async function requireUser(ctx: AppContext, req: FastifyRequest): Promise<SignedInUser> {
  const token = bearerToken(req.headers.authorization);
  if (!token) throw notAuthorized();
  const claims = await ctx.tokens.verify(token);
  if (!claims) throw notAuthorized();
  const account = await sessionAccount(ctx.store, claims);
  if (!account) throw notAuthorized();
  return { ...(await permissionContext(ctx, account)), claims, token };
}

/** The signed-in admin or elevated user, else 401 (not signed in) or 403 naming what is refused. */
export async function requireStaff(ctx: AppContext, req: FastifyRequest, what: string): Promise<SignedInUser> {
  const user = await requireUser(ctx, req);
  if (!isStaff(user.account)) throw forbidden(`${what}: for admins and elevated users only`);
  return user;
}
