/** Settings (spec 7.2), brands and theme (7.3). */
import { isPrototypeKey, ownValue, setOwn } from '../../engine/core/own';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Brand, JsonObject, JsonValue, Settings, ThemeStyle } from '../../schemas/model';
import type {
  BrandActivateResponse,
  BrandImageRequest,
  BrandNameRequest,
  GeneralSettingsRequest,
  GlobalCssRequest,
  GlobalCssResponse,
  SearchSettingsRequest,
  SecretState,
  SecretWriteRequest,
  SettingsUpdateRequest,
  ThemeStylesRequest,
} from '../../schemas/model/api/settings';
import { brandColourErrors, globalCssProblem } from '../../engine/core/brand-theme';
import { webManifestOf } from '../../engine/core/web-app';
import { requireAdminArea } from '../admin-area';
import { recordAudit } from '../audit';
import { requireUser, type AppContext, type SignedInUser } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import { can } from '../permissions';
import { filesOf } from '../files';
import { activeBrand, DEFAULT_THEME, themeCss } from './brands';
import { emitSettingsUpdated } from './settings-events';
import { storedFileHeaders } from '../http/security-headers';
import { discard } from '../files/store';
import { Readable } from 'node:stream';
import { resolveImageOptions } from '../../engine/core/files';
import type { DocumentTx } from '../storage/documents';

function needSettings(user: SignedInUser): void {
  if (!can(user, 'update', 'settings')) throw forbidden('You may not change settings');
}

function isObject(v: unknown): v is JsonObject {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

// Keys below come from the request: own reads and own writes only (see engine/core/own.ts).
function deepMerge(base: JsonValue | undefined, changes: JsonValue): JsonValue {
  if (!isObject(base) || !isObject(changes)) return changes;
  const out: JsonObject = { ...base };
  for (const [k, v] of Object.entries(changes)) setOwn(out, k, deepMerge(ownValue(base, k), v));
  return out;
}

function setPath(target: JsonObject, dotted: string, value: JsonValue | undefined): void {
  const parts = dotted.split('.');
  let node: JsonObject = target;
  for (const p of parts.slice(0, -1)) {
    const next = ownValue(node, p);
    if (isObject(next)) node = next;
    else {
      const created: JsonObject = {};
      setOwn(node, p, created);
      node = created;
    }
  }
  const last = parts[parts.length - 1];
  if (value === undefined) delete node[last];
  else setOwn(node, last, value);
}

function getPath(source: JsonValue, dotted: string): JsonValue | undefined {
  let node: JsonValue | undefined = source;
  for (const p of dotted.split('.')) node = isObject(node) ? ownValue(node, p) : undefined;
  return node;
}

/** The product's icon (built into the app), for a brand without a favicon. */
const DEFAULT_FAVICON = '/app/icon.svg';
const CSS_UNSAFE = /[{}<>]|\/\*|@import|expression\(|javascript:/i;

export function settingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const v = ctx.validator;
  const settingsOf = async () => (await ctx.store.get<Settings>('settings', 'app'))?.data ?? {};

  app.get('/settings', async (req) => {
    await requireUser(ctx, req);
    return settingsOf();
  });

  async function updateSettings(user: SignedInUser, name: string, body: SettingsUpdateRequest): Promise<Settings> {
    needSettings(user);
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name) || name === 'structure' || name === 'webApp' || isPrototypeKey(name))
      throw badRequest(`settings section "${name}" cannot be changed here`);
    const next = await ctx.store.transaction(async (tx) => {
      const current = ((await tx.get<Settings>('settings', 'app'))?.data ?? {}) as JsonObject;
      const section = ownValue(current, name);
      const updated: JsonValue = body.merge ? deepMerge(section, body.changes) : body.changes;
      if (body.merge && body.overwritePaths?.length && isObject(updated)) {
        for (const p of body.overwritePaths) setPath(updated, p, getPath(body.changes, p));
      }
      const candidate = { ...current, [name]: updated } as Settings;
      v.model('settings.schema.json', candidate, 'settings');
      await tx.put('settings', 'app', candidate);
      return candidate;
    });
    await emitSettingsUpdated(ctx, name);
    return next;
  }

  app.post('/settings/searchSettings', async (req) => {
    const user = await requireUser(ctx, req);
    const { changes } = v.body<SearchSettingsRequest>('search-settings-request', req.body);
    return updateSettings(user, 'search', { changes, merge: true });
  });

  app.get('/settings/updateManifest', async (req) => {
    await requireUser(ctx, req);
    // The manifest the app serves (/app/manifest.webmanifest), from the web app settings of /admin/apps.
    const settings = await settingsOf();
    return webManifestOf(settings.webApp, settings.siteName);
  });

  // Secrets (API keys of other services): write-only. No route ever answers a value; the domains
  // that use one read the document themselves. Admins only, inside the settings area.
  const secretName = (raw: string) => {
    if (!/^[A-Za-z][A-Za-z0-9_.-]{0,99}$/.test(raw)) throw badRequest(`secret name "${raw}" must be a letter then letters, digits, _ . or - (at most 100)`);
    return raw;
  };
  async function needSecretsAdmin(req: Parameters<typeof requireUser>[1]): Promise<SignedInUser> {
    const user = await requireAdminArea(ctx, req, 'settings');
    if (!user.account.isAdmin) throw forbidden('secrets are for admins');
    return user;
  }
  app.get('/settings/secrets', async (req): Promise<SecretState[]> => {
    await needSecretsAdmin(req);
    return (await ctx.store.list<{ value: JsonValue }>('secret'))
      .map((d) => ({ name: d.id, set: true }))
      .sort((a, b) => a.name.localeCompare(b.name))
      .slice(0, 500);
  });
  app.get<{ Params: { name: string } }>('/settings/secret/:name', async (req): Promise<SecretState> => {
    await needSecretsAdmin(req);
    const name = secretName(req.params.name);
    return { name, set: !!(await ctx.store.get<{ value: JsonValue }>('secret', name)) };
  });
  app.post<{ Params: { name: string } }>('/settings/secret/:name', async (req): Promise<SecretState> => {
    const user = await needSecretsAdmin(req);
    const name = secretName(req.params.name);
    const { value } = v.body<SecretWriteRequest>('secret-write-request', req.body);
    await ctx.store.transaction((tx) => tx.put('secret', name, { value }));
    // The name only: an audit row must never hold the value.
    await recordAudit(ctx, { accountId: user.account.accountId, logType: 'settings.secret', subject: name });
    return { name, set: true };
  });

  app.put('/settings/general', async (req): Promise<Settings> => {
    const user = await requireAdminArea(ctx, req, 'settings');
    needSettings(user);
    const changes = v.body<GeneralSettingsRequest>('general-settings-request', req.body);
    const next = await ctx.store.transaction(async (tx) => {
      const candidate = { ...((await tx.get<Settings>('settings', 'app'))?.data ?? {}), ...changes };
      v.model('settings.schema.json', candidate, 'settings');
      await tx.put('settings', 'app', candidate);
      return candidate;
    });
    await recordAudit(ctx, { accountId: user.account.accountId, logType: 'settings.general', subject: Object.keys(changes).join(',') || 'none' });
    await emitSettingsUpdated(ctx, 'general');
    return next;
  });

  // Global CSS (core §6): checked by one rule, stored apart from settings (settings go to every
  // client in init and realtime; the sheet is fetched as a style sheet), served to every app.
  const globalCssOf = async () => (await ctx.store.get<GlobalCssResponse>('globalCss', 'app'))?.data.css ?? '';
  app.get('/settings/globalCss', async (req): Promise<GlobalCssResponse> => {
    await requireAdminArea(ctx, req, 'settings');
    return { css: await globalCssOf() };
  });
  app.put('/settings/globalCss', async (req): Promise<GlobalCssResponse> => {
    const user = await requireAdminArea(ctx, req, 'settings');
    needSettings(user);
    const { css } = v.body<GlobalCssRequest>('global-css-request', req.body);
    const problem = globalCssProblem(css);
    if (problem) throw badRequest(problem);
    await ctx.store.transaction((tx) => tx.put('globalCss', 'app', { css }));
    await recordAudit(ctx, { accountId: user.account.accountId, logType: 'settings.globalCss', subject: 'globalCss', extra: { length: css.length } });
    await emitSettingsUpdated(ctx, 'globalCss');
    return { css };
  });
  // Loaded through <link> by every app, without a token, like the brand theme.
  app.get('/service/globalCss.css', async (_req, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await globalCssOf()),
  );

  app.post<{ Params: { name: string } }>('/settings/:name', async (req) => {
    const user = await requireUser(ctx, req);
    return updateSettings(user, req.params.name, v.body<SettingsUpdateRequest>('settings-update-request', req.body));
  });

  // Brands and theme.
  const brandId = (raw: string) => {
    if (!/^\d+$/.test(raw)) throw badRequest(`brand id must be a number, got "${raw}"`);
    return raw;
  };
  async function brand(raw: string): Promise<Brand> {
    const b = (await ctx.store.get<Brand>('brand', brandId(raw)))?.data;
    if (!b) throw notFound(`brand "${raw}" does not exist`);
    return b;
  }
  /**
   * Changes a brand: the permission first, then the brand must exist, and only then anything is
   * written (`before` runs in the same transaction, so an image is stored only with its brand).
   */
  async function changeBrand(user: SignedInUser, raw: string, change: (b: Brand) => Brand, before?: (tx: DocumentTx) => Promise<void>): Promise<Brand> {
    needSettings(user);
    const id = brandId(raw);
    const next = await ctx.store.transaction(async (tx) => {
      const current = (await tx.get<Brand>('brand', id))?.data;
      if (!current) throw notFound(`brand "${raw}" does not exist`);
      await before?.(tx);
      const updated = change(current);
      await tx.put('brand', id, updated);
      return updated;
    });
    await recordAudit(ctx, { accountId: user.account.accountId, logType: 'settings.brandChanged', subject: id });
    await emitSettingsUpdated(ctx, 'brand');
    return next;
  }

  app.get('/service/brands', async (req) => {
    await requireUser(ctx, req);
    return (await ctx.store.list<Brand>('brand')).map((b) => b.data).sort((a, b) => Number(a.brandId) - Number(b.brandId));
  });
  app.get('/service/brands/all/settings', async (req) => {
    await requireUser(ctx, req);
    return Object.fromEntries((await ctx.store.list<Brand>('brand')).map((b) => [b.id, b.data.settings ?? {}]));
  });
  app.get('/service/brands/all/themeStyles', async (req) => {
    await requireUser(ctx, req);
    return Object.fromEntries((await ctx.store.list<Brand>('brand')).map((b) => [b.id, b.data.themeStyles ?? []]));
  });
  app.get<{ Params: { id: string } }>('/service/brands/:id', async (req) => {
    await requireUser(ctx, req);
    return brand(req.params.id);
  });
  app.post('/service/brands', async (req) => {
    const user = await requireUser(ctx, req);
    const { brandName } = v.body<BrandNameRequest>('brand-name-request', req.body);
    needSettings(user);
    const created = await ctx.store.transaction(async (tx) => {
      const ids = (await tx.list<Brand>('brand')).map((b) => Number(b.id));
      const next: Brand = { brandId: String(Math.max(0, ...ids) + 1), brandName, settings: {}, themeStyles: [] };
      await tx.put('brand', next.brandId, next);
      return next;
    });
    await recordAudit(ctx, { accountId: user.account.accountId, logType: 'settings.brandCreated', subject: created.brandId });
    return created;
  });
  app.put<{ Params: { id: string } }>('/service/brands/:id/name', async (req) => {
    const user = await requireUser(ctx, req);
    const { brandName } = v.body<BrandNameRequest>('brand-name-request', req.body);
    return changeBrand(user, req.params.id, (b) => ({ ...b, brandName }));
  });
  // The brand every app shows (core §4.2); previewing one is the admin's browser's own state (web/theme).
  app.post<{ Params: { id: string } }>('/service/brands/:id/activate', async (req): Promise<BrandActivateResponse> => {
    const user = await requireAdminArea(ctx, req, 'settings');
    needSettings(user);
    const id = brandId(req.params.id);
    await ctx.store.transaction(async (tx) => {
      if (!(await tx.get<Brand>('brand', id))) throw notFound(`brand "${id}" does not exist`);
      const current = (await tx.get<Settings>('settings', 'app'))?.data ?? {};
      await tx.put('settings', 'app', { ...current, brand: { ...(current.brand ?? {}), id } });
    });
    await recordAudit(ctx, { accountId: user.account.accountId, logType: 'settings.brandActivated', subject: id });
    await emitSettingsUpdated(ctx, 'brand');
    return { activeBrandId: id };
  });
  app.get<{ Params: { id: string } }>('/service/brands/:id/settings', async (req) => {
    await requireUser(ctx, req);
    return (await brand(req.params.id)).settings ?? {};
  });
  app.put<{ Params: { id: string } }>('/service/brands/:id/themeStyles', async (req) => {
    const user = await requireUser(ctx, req);
    const { styles } = v.body<ThemeStylesRequest>('theme-styles-request', req.body);
    styles.forEach((s, i) => {
      if (CSS_UNSAFE.test(s.rule) || !s.rule.trim()) throw badRequest(`styles[${i}].rule "${s.rule}" is not a plain selector or variable`);
      for (const [p, val] of Object.entries(s.values)) {
        if (!/^-{0,2}[a-zA-Z][\w-]*$/.test(p)) throw badRequest(`styles[${i}].values: "${p}" is not a CSS property name`);
        if (CSS_UNSAFE.test(val) || /;/.test(val)) throw badRequest(`styles[${i}].values.${p}: "${val}" is not a plain CSS value`);
      }
    });
    const colourErrors = brandColourErrors(styles);
    if (colourErrors.length) throw badRequest(`styles: ${colourErrors.join('; ')}`);
    return changeBrand(user, req.params.id, (b) => ({ ...b, themeStyles: styles }));
  });
  app.post<{ Params: { id: string; kind: string } }>('/service/brands/:id/:kind', async (req) => {
    const user = await requireUser(ctx, req);
    if (req.params.kind !== 'logo' && req.params.kind !== 'favicon') throw notFound(`unknown brand image "${req.params.kind}": expected logo or favicon`);
    const { changes } = v.body<BrandImageRequest>('brand-image-request', req.body);
    const match = /^data:image\/(png|jpeg|gif|webp|svg\+xml|x-icon|vnd\.microsoft\.icon);base64,([A-Za-z0-9+/=]+)$/.exec(changes.image);
    if (!match) throw badRequest('changes.image must be a base64 data URL of a png, jpeg, gif, webp, svg or ico image');
    // The permission, then the brand, and only then the file store: a refused call stores nothing.
    needSettings(user);
    await brand(req.params.id);
    const key = req.params.kind === 'logo' ? 'logoId' : 'faviconId';
    // The file store checks the bytes themselves; raster images become png (logos keep transparency), SVG stays SVG and is never served inline.
    const file = await filesOf(ctx).files.receive(
      {
        stream: Readable.from([Buffer.from(match[2], 'base64')]),
        filename: `${req.params.kind}.${match[1].replace('+xml', '').replace(/^(x-|vnd\.microsoft\.)icon$/, 'ico')}`,
      },
      { ownerId: user.account.accountId, imagesOnly: true, claimed: true, contextId: `brand:${req.params.id}`, image: resolveImageOptions({ type: 'png' }) },
    );
    try {
      await changeBrand(user, req.params.id, (b) => ({ ...b, settings: { ...(b.settings ?? {}), [key]: file.id } }));
    } catch (error) {
      await filesOf(ctx).files.remove([file.id]);
      throw error;
    }
    return { id: file.id };
  });

  async function themeStylesOf(which: string): Promise<ThemeStyle[]> {
    if (which === 'default') return DEFAULT_THEME;
    if (which === 'active') return [...DEFAULT_THEME, ...((await activeBrand(ctx, await settingsOf()))?.themeStyles ?? [])];
    return [...DEFAULT_THEME, ...((await brand(which)).themeStyles ?? [])];
  }
  const sendCss = async (reply: FastifyReply, which: string) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(themeCss(await themeStylesOf(which)));
  // Style sheets load through <link>, without a bearer token: theme colours are not secret.
  app.get<{ Params: { id: string } }>('/service/brands/:id/theme.css', async (req, reply) => sendCss(reply, req.params.id));
  app.get<{ Params: { id: string } }>('/service/brands/:id/getThemeStyles', async (req) => {
    await requireUser(ctx, req);
    return themeStylesOf(req.params.id);
  });

  // Favicons load through <link rel=icon>, without a token: public, like the theme. A brand
  // without a favicon (or whose favicon is gone) has the product's icon, so the browser never gets a 404.
  app.get<{ Params: { timestamp: string } }>('/favicon/:timestamp', async (req, reply) => {
    const b = await activeBrand(ctx, await settingsOf());
    const id = b?.settings?.faviconId;
    const file = typeof id === 'string' ? await filesOf(ctx).files.get(id) : undefined;
    const bytes = file?.kind === 'image' ? await filesOf(ctx).files.bytes(file, {}) : undefined;
    if (!file || !bytes) return reply.header('cache-control', 'no-cache').redirect(DEFAULT_FAVICON, 302);
    reply.headers({ ...storedFileHeaders(file.mime, 'favicon'), 'cache-control': 'no-cache', etag: bytes.etag });
    if (req.headers['if-none-match'] === bytes.etag) {
      discard(bytes);
      return reply.code(304).send();
    }
    return reply.send(bytes.body);
  });
}
