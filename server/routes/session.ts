/** Session and init calls of spec 7.1. */
import { ownValue, setOwn } from '../../engine/core/own';
import type { FastifyInstance } from 'fastify';
import type { Brand, DataPrivacy, Id, JsonValue, Page, Profile, Settings, UserState } from '../../schemas/model';
import type {
  ConnectivityPrivacyRequest,
  DefaultPagesViewPermissionRequest,
  DeviceKeepaliveRequest,
  FavouriteAddRequest,
  FavouriteRemoveRequest,
  I18nBatchRequest,
  I18nOverrideRequest,
  InitResponse,
  RefreshRequest,
  SetNotificationsRequest,
  TradeSecretRequest,
  ViewAsRequest,
} from '../../schemas/model/api';
import { DEFAULT_LOCALE } from '../../engine/core/constants';
import { requireUser, sessionAccount, type AppContext, type SignedInUser } from '../context';
import { badRequest, forbidden, notAuthorized, notFound } from '../errors';
import type { Account, LoginSecret } from '../model';
import { canAdminister, canViewPage } from '../permissions';
import { readPageDocumentWithJson, readStructureWithJson } from '../structure/read';
import { needsViewerFilter, pageForViewer } from '../structure/block-visibility';
import { visibleItemPermissions } from '../structure/viewer';
import { setViewAs } from './admin';

export function userState(user: SignedInUser): UserState {
  const a = user.account;
  return {
    accountId: a.accountId,
    loggedIn: true,
    jwt: user.token,
    isAdmin: a.isAdmin,
    isElevated: a.isElevated,
    notificationsEnabled: a.notificationsEnabled ?? false,
    userDeviceTokens: Object.keys(a.devices ?? {}),
    listMemberships: a.listMemberships,
    dataPrivacy: a.dataPrivacy ?? [],
    permissions: a.permissions,
    basePaths: user.basePaths,
    serviceId: user.claims.serviceId,
    ...(a.frameworkData ? { frameworkData: a.frameworkData } : {}),
  };
}

/** Profile data another user may see: values whose data schema is private are left out (public by default). */
function visibleProfile(profile: Profile, owner: Account | undefined, viewer: SignedInUser): Profile {
  if (viewer.account.accountId === profile.accountId || viewer.account.isAdmin) return profile;
  const hidden = new Set((owner?.dataPrivacy ?? []).filter((p) => p.state !== 'public').map((p) => p.dataSchemaId));
  const data = Object.fromEntries(Object.entries(profile.data.profile).filter(([key]) => !hidden.has(key)));
  return { accountId: profile.accountId, data: { profile: data, meta: {} }, keepaliveTimestamp: profile.keepaliveTimestamp };
}

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

  // Init answers depend only on the stored state, the session and opts: on the embedded database
  // they are kept per (session, opts) until the next commit. Bounded, and dropped on every write.
  let initMemo: { generation: number; answers: Map<string, string> } | undefined;
  const INIT_MEMO_SIZE = 1000;

  app.get<{ Querystring: { opts?: string } }>('/init', async (req, reply) => {
    const user = await requireUser(ctx, req);
    const generation = ctx.store.generation;
    const memoKey = `${user.token}\n${req.query.opts ?? ''}`;
    if (generation !== undefined) {
      if (initMemo?.generation !== generation) initMemo = { generation, answers: new Map() };
      const hit = initMemo.answers.get(memoKey);
      if (hit) return reply.type('application/json; charset=utf-8').send(hit);
    }
    let opts: { pageId?: Id; moduleSlug?: string; pageSlug?: string } = {};
    if (req.query.opts) {
      try {
        opts = JSON.parse(req.query.opts);
      } catch {
        throw badRequest('opts must be JSON, e.g. {"pageId":"..."} or {"moduleSlug":"...","pageSlug":"..."}');
      }
      if (!opts || typeof opts !== 'object') throw badRequest('opts must be a JSON object');
    }
    const [settingsDoc, structureEntry, profileDoc] = await Promise.all([
      ctx.store.get<Settings>('settings', 'app'),
      readStructureWithJson(ctx.store, user),
      ctx.store.get<Profile>('profile', user.account.accountId),
    ]);
    const settings = settingsDoc?.data ?? {};
    const published = settings.languages?.published ?? [settings.languages?.default ?? DEFAULT_LOCALE];
    const wanted = profileDoc?.data.data.meta.language;
    const locale = wanted && published.includes(wanted) ? wanted : (settings.languages?.default ?? DEFAULT_LOCALE);
    const [overrides, brand] = await Promise.all([ctx.store.get<Record<string, string>>('i18n', locale), activeBrand(ctx, settings)]);
    const structure = structureEntry.value;
    let pageId = opts.pageId;
    if (!pageId && opts.moduleSlug) {
      const module = structure.modules.find((m) => m.slug === opts.moduleSlug);
      pageId = module?.pages.find((p) => p.slug === (opts.pageSlug ?? p.slug))?.id;
    }
    const viewable = pageId ? structure.modules.some((m) => m.pages.some((p) => p.id === pageId)) : false;
    const page = viewable && pageId ? await readPageDocumentWithJson(ctx.store, pageId) : undefined;
    // The structure and page parts are serialised once per write, not once per request.
    const response: Omit<InitResponse, 'structure' | 'page'> = {
      user: userState(user),
      settings,
      viewAs: { active: !!user.account.viewAs?.userListIds.length, userListIds: user.account.viewAs?.userListIds ?? [] },
      i18n: { locale, published, overrides: overrides?.data ?? {} },
      dataPrivacy: user.account.dataPrivacy ?? [],
      permissions: user.account.permissions,
      visiblePermissions: user.account.isAdmin || user.account.isElevated ? await allItemPermissions(ctx, user) : {},
      basePaths: user.basePaths,
      activeBrandSettings: brand
        ? { brandId: brand.brandId, brandName: brand.brandName, settings: brand.settings ?? {}, themeCssUrl: '/api/v1/service/brands/active/theme.css' }
        : null,
      generalAccessPermitted: true,
    };
    const head = JSON.stringify(response);
    const pageJson = page && needsViewerFilter(page.value, user) ? JSON.stringify(pageForViewer(page.value, user)) : page?.json;
    const json = `${head.slice(0, -1)},"structure":${structureEntry.json},"page":${pageJson ?? 'null'}}`;
    if (generation !== undefined && ctx.store.generation === generation && initMemo) {
      if (initMemo.answers.size >= INIT_MEMO_SIZE) initMemo.answers.clear();
      initMemo.answers.set(memoKey, json);
    }
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.post('/user/deviceKeepalive', async (req) => {
    const user = await requireUser(ctx, req);
    const { deviceId } = v.body<DeviceKeepaliveRequest>('device-keepalive-request', req.body);
    const now = Date.now();
    await ctx.store.transaction(async (tx) => {
      const account = (await tx.get<Account>('account', user.account.accountId))!.data;
      await tx.put('account', account.accountId, { ...account, devices: { ...(account.devices ?? {}), [deviceId]: now } });
      const profile = (await tx.get<Profile>('profile', account.accountId))?.data ?? emptyProfile(account.accountId);
      await tx.put('profile', account.accountId, { ...profile, keepaliveTimestamp: now });
    });
    return { keepaliveTimestamp: now };
  });

  app.get('/user', async (req) => userState(await requireUser(ctx, req)));

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

  // Two forms of the inline text edit: POST i18n/{locale} {key, value} and the spec's
  // POST i18n?iso={locale} [{key, data}]. Both answer the locale's overrides.
  app.post<{ Params: { locale: string } }>('/i18n/:locale', async (req) => {
    const user = await requireUser(ctx, req);
    const { key, value } = v.body<I18nOverrideRequest>('i18n-override-request', req.body);
    return saveI18nOverrides(ctx, user, req.params.locale, [{ key, data: value }]);
  });

  app.post<{ Querystring: { iso?: string } }>('/i18n', async (req) => {
    const user = await requireUser(ctx, req);
    const items = v.body<I18nBatchRequest>('i18n-batch-request', req.body);
    if (!req.query.iso) throw badRequest('the iso query parameter is missing: POST i18n?iso=<locale>');
    return saveI18nOverrides(ctx, user, req.query.iso, items);
  });

  app.get('/user/listMemberships', async (req) => (await requireUser(ctx, req)).account.listMemberships);

  app.get('/user/permissions', async (req) => {
    const user = await requireUser(ctx, req);
    return {
      permissions: user.account.permissions,
      basePaths: user.basePaths,
      itemPermissions: user.account.isAdmin || user.account.isElevated ? await allItemPermissions(ctx, user) : {},
    };
  });

  app.get<{ Params: { id: string } }>('/profile/:id', async (req) => {
    const user = await requireUser(ctx, req);
    const profile = (await ctx.store.get<Profile>('profile', req.params.id))?.data;
    if (!profile) throw notFound(`profile "${req.params.id}" does not exist`);
    const owner = (await ctx.store.get<Account>('account', req.params.id))?.data;
    return visibleProfile(profile, owner, user);
  });

  app.put('/profile/favourites/add', async (req) => {
    const user = await requireUser(ctx, req);
    const { type, value } = v.body<FavouriteAddRequest>('favourite-add-request', req.body);
    return updateProfileMeta(ctx, user.account.accountId, (meta) => {
      const list = favouritesOf(meta, type);
      return { ...meta, favourites: withFavourites(meta, type, list.includes(value) ? list : [...list, value]) };
    });
  });

  app.delete('/profile/favourites', async (req) => {
    const user = await requireUser(ctx, req);
    const { type, targetId } = v.body<FavouriteRemoveRequest>('favourite-remove-request', req.body);
    return updateProfileMeta(ctx, user.account.accountId, (meta) => ({
      ...meta,
      favourites: withFavourites(
        meta,
        type,
        favouritesOf(meta, type).filter((id) => id !== targetId),
      ),
    }));
  });

  app.post('/profile/meta/privacy/connectivity', async (req) => {
    const user = await requireUser(ctx, req);
    const { isConnectivityPrivate } = v.body<ConnectivityPrivacyRequest>('connectivity-privacy-request', req.body);
    return updateProfileMeta(ctx, user.account.accountId, (meta) => ({
      ...meta,
      settings: { ...(meta.settings ?? {}), privacy: { ...(meta.settings?.privacy ?? {}), isConnectivityPrivate } },
    }));
  });

  app.post('/settings/permission/getDefaultPagesViewPermission', async (req) => {
    const user = await requireUser(ctx, req);
    const { defaultPageNames } = v.body<DefaultPagesViewPermissionRequest>('default-pages-view-permission-request', req.body);
    const pages = (await ctx.store.list<Page>('page')).map((p) => p.data);
    return Object.fromEntries(
      defaultPageNames.map((name) => {
        const page = pages.find((p) => p.slug === name || p.name === name);
        return [name, !!page && canViewPage(user, page)];
      }),
    );
  });
}

/** The favourites of one type (its own list only: types are user input, `toString` included). */
function favouritesOf(meta: Profile['data']['meta'], type: string): Id[] {
  const list = ownValue(meta.favourites, type);
  return Array.isArray(list) ? list.filter((id): id is Id => typeof id === 'string') : [];
}

/** The favourites with one type's list replaced; the type stays a plain own property, whatever its name. */
function withFavourites(meta: Profile['data']['meta'], type: string, list: Id[]): NonNullable<Profile['data']['meta']['favourites']> {
  const favourites = Object.fromEntries(Object.entries(meta.favourites ?? {}));
  setOwn(favourites, type, list);
  return favourites;
}

/** Item permissions keyed by the items the user may see (never the ids of hidden pages). */
async function allItemPermissions(ctx: AppContext, user: SignedInUser) {
  if (!user.account.isAdmin) return visibleItemPermissions(ctx.store, user, user.itemPermissions);
  return Object.fromEntries((await ctx.store.list<Record<string, boolean>>('itemPermissions')).map((d) => [d.id, d.data]));
}

export async function activeBrand(ctx: AppContext, settings: Settings): Promise<Brand | undefined> {
  const id = settings.brand?.id;
  return (id ? (await ctx.store.get<Brand>('brand', id))?.data : undefined) ?? (await ctx.store.list<Brand>('brand'))[0]?.data;
}

export function emptyProfile(accountId: Id): Profile {
  return { accountId, data: { profile: {}, meta: {} } };
}

export async function updateAccount(ctx: AppContext, accountId: Id, change: (a: Account) => Account): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const account = await tx.get<Account>('account', accountId);
    if (!account) throw notAuthorized();
    await tx.put('account', accountId, change(account.data));
  });
}

export async function updateProfileMeta(
  ctx: AppContext,
  accountId: Id,
  change: (meta: Profile['data']['meta']) => Profile['data']['meta'],
): Promise<Profile['data']['meta']> {
  const meta = await ctx.store.transaction(async (tx) => {
    const profile = (await tx.get<Profile>('profile', accountId))?.data ?? emptyProfile(accountId);
    const next = { ...profile, data: { ...profile.data, meta: change(profile.data.meta ?? {}) } };
    await tx.put('profile', accountId, next);
    return next.data.meta;
  });
  ctx.realtime?.toAccount(accountId, 'profile:update', { accountId, meta: meta as unknown as JsonValue });
  return meta;
}

/** Writes inline-edited labels of a published locale (null removes one) and tells every client. */
async function saveI18nOverrides(ctx: AppContext, user: SignedInUser, locale: string, items: I18nBatchRequest): Promise<Record<string, string>> {
  if (!canAdminister(user, 'manageTextEdit')) throw forbidden('You may not edit texts (manageTextEdit)');
  const settings = (await ctx.store.get<Settings>('settings', 'app'))?.data ?? {};
  const published = settings.languages?.published ?? [settings.languages?.default ?? DEFAULT_LOCALE];
  if (!published.includes(locale)) throw badRequest(`locale "${locale}" is not published (${published.join(', ')})`);
  const overrides = await ctx.store.transaction(async (tx) => {
    // A Map: keys are user input, and `__proto__` must stay a plain name.
    const next = new Map(Object.entries((await tx.get<Record<string, string>>('i18n', locale))?.data ?? {}));
    for (const { key, data } of items) {
      if (data === null) next.delete(key);
      else next.set(key, data);
    }
    const stored = Object.fromEntries(next);
    await tx.put('i18n', locale, stored);
    return stored;
  });
  const changed = Object.fromEntries(items.map(({ key, data }) => [key, data]));
  // `iso` + `overrides` is what the shell applies; `locale`/`key`/`value` name a single edit.
  const single = items.length === 1 ? { key: items[0].key, value: items[0].data } : {};
  ctx.realtime?.broadcast('i18n:update', { locale, iso: locale, overrides: changed, ...single });
  return overrides;
}

export type { DataPrivacy };
