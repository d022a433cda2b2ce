/** Session calls of spec 7.1: sign-in trade, token refresh, init, the user's own account, logout. */
import type { FastifyInstance } from 'fastify';
import type { DeviceKeepaliveRequest, RefreshRequest, SetNotificationsRequest, TradeSecretRequest, ViewAsRequest } from '../../schemas/model/api/session';
import { setViewAs } from '../staff/view-as';
import { requireUser, sessionAccount, type AppContext } from '../context';
import { badRequest, forbidden, notAuthorized } from '../errors';
import type { LoginSecret } from '../model';
import { isStaff } from '../permissions';
import { sendJsonAnswer, type JsonAnswer } from '../http/compression';
import { itemPermissionsOf, updateAccount, userState } from './accounts';
import { initAnswer, type InitOpts } from './init-answer';
import { devicesOf, recordKeepalive } from './presence';

export function sessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const v = ctx.validator;

  app.post('/auth/tradeSecret', async (req) => {
    const { secret, serviceId } = v.body<TradeSecretRequest>('trade-secret-request', req.body);
    const accountId = await ctx.store.transaction(async (tx) => {
      const stored = await tx.get<LoginSecret>('loginSecret', secret);
      if (!stored) return undefined;
      await tx.remove('loginSecret', secret); // single use
      if ((stored.expiresAt ?? 0) <= Date.now() || stored.data.serviceId !== serviceId) return undefined;
      return stored.data.accountId;
    });
    if (!accountId) throw notAuthorized();
    return { jwt: await ctx.tokens.issue(accountId, serviceId) };
  });

  app.post('/auth/refresh', async (req) => {
    const { jwt } = v.body<RefreshRequest>('refresh-request', req.body);
    const claims = await ctx.tokens.verify(jwt);
    if (!claims || !(await sessionAccount(ctx.store, claims))) throw notAuthorized();
    return { jwt: await ctx.tokens.issue(claims.accountId, claims.serviceId, claims.sid) };
  });

  app.get<{ Querystring: { badge?: string } }>('/checkFrameworkBadge', async (req) => {
    const user = await requireUser(ctx, req);
    // The badge names the service the app was opened for; a token of another service fails the check.
    if (req.query.badge !== undefined && req.query.badge !== user.claims.serviceId) throw forbidden(`badge "${req.query.badge}" does not match this session`);
    return { valid: true };
  });

  // Init answers depend only on the stored state, the session and opts: they are kept per
  // (session, opts) until documents change (DocumentStore.generation), with their compressed
  // bytes (made once per encoding). Bounded, and dropped on every write.
  let initMemo: { generation: number; answers: Map<string, JsonAnswer> } | undefined;
  const INIT_MEMO_SIZE = 1000;

  app.get<{ Querystring: { opts?: string } }>('/init', async (req, reply) => {
    const user = await requireUser(ctx, req);
    const generation = await ctx.store.currentGeneration();
    // Devices are presence, not documents: a new one changes the answer without moving the generation.
    const devices = await devicesOf(ctx.store.kysely, user.account.accountId);
    const memoKey = `${user.token}\n${req.query.opts ?? ''}\n${devices.join('\n')}`;
    if (generation !== undefined) {
      if (initMemo?.generation !== generation) initMemo = { generation, answers: new Map() };
      const hit = initMemo.answers.get(memoKey);
      if (hit) return sendJsonAnswer(req, reply, hit);
    }
    const answer = await initAnswer(ctx, user, parseInitOpts(req.query.opts), devices);
    if (generation !== undefined && ctx.store.generation === generation && initMemo) {
      if (initMemo.answers.size >= INIT_MEMO_SIZE) initMemo.answers.clear();
      initMemo.answers.set(memoKey, answer);
    }
    return sendJsonAnswer(req, reply, answer);
  });

  app.post('/user/deviceKeepalive', async (req) => {
    const user = await requireUser(ctx, req);
    const { deviceId } = v.body<DeviceKeepaliveRequest>('device-keepalive-request', req.body);
    const now = Date.now();
    // One row of presence: no document, search entry or shared cache is touched (presence.ts).
    await recordKeepalive(ctx.store.kysely, user.account.accountId, deviceId, now);
    return { keepaliveTimestamp: now };
  });

  app.get('/user', async (req) => {
    const user = await requireUser(ctx, req);
    return userState(user, await devicesOf(ctx.store.kysely, user.account.accountId));
  });

  app.post('/user/setNotifications', async (req) => {
    const user = await requireUser(ctx, req);
    const { enabled } = v.body<SetNotificationsRequest>('set-notifications-request', req.body);
    await updateAccount(ctx, user.account.accountId, (a) => ({ ...a, notificationsEnabled: enabled }));
    return { notificationsEnabled: enabled };
  });

  app.get('/logout', async (req) => {
    const user = await requireUser(ctx, req);
    await updateAccount(ctx, user.account.accountId, (a) => {
      // Drop records of sessions that have expired anyway, keep this one revoked until it would.
      const now = Date.now() / 1000;
      const kept = Object.fromEntries(Object.entries(a.revokedSessions ?? {}).filter(([, exp]) => exp > now));
      return { ...a, revokedSessions: { ...kept, [user.claims.sid]: user.claims.expiresAt } };
    });
    // The session's sockets end with it, in every process.
    ctx.realtime?.endSession(user.claims.sid);
    return { loggedOut: true, redirectTo: ctx.config.loginUrl ?? '/login' };
  });

  app.post('/user/viewAs', async (req) => {
    const user = await requireUser(ctx, req);
    const { userListIds } = v.body<ViewAsRequest>('view-as-request', req.body);
    return setViewAs(ctx, user, userListIds);
  });

  app.get('/user/listMemberships', async (req) => (await requireUser(ctx, req)).memberships);

  app.get('/user/permissions', async (req) => {
    const user = await requireUser(ctx, req);
    return {
      permissions: user.account.permissions,
      basePaths: user.basePaths,
      itemPermissions: isStaff(user.account) ? await itemPermissionsOf(ctx, user) : {},
    };
  });
}

function parseInitOpts(text: string | undefined): InitOpts {
  if (!text) return {};
  let opts: unknown;
  try {
    opts = JSON.parse(text);
  } catch {
    throw badRequest('opts must be JSON, e.g. {"pageId":"..."} or {"moduleSlug":"...","pageSlug":"..."}');
  }
  if (!opts || typeof opts !== 'object') throw badRequest('opts must be a JSON object');
  return opts as InitOpts;
}
