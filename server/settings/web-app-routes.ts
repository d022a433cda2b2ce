/**
 * The installable web app (/admin/apps; schemas/model/api/apps.ts): its settings, kept in the
 * settings document's `webApp` section (so they reach every app in init and `settings:updated`,
 * which the member app's install prompt reads), checked by engine/core/web-app.ts, and the
 * manifest built from them on every request, so a change shows on the browser's next fetch.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Settings, WebAppSettings } from '../../schemas/model';
import type { WebAppIconRequest, WebAppResponse, WebAppSettingsRequest } from '../../schemas/model/api/apps';
import { resolveImageOptions } from '../../engine/core/files';
import { WEB_APP_ICON_SIZES, webAppProblems, webManifestOf, type WebAppIconSize } from '../../engine/core/web-app';
import { requireAdminArea } from '../admin-area';
import { recordAudit } from '../audit';
import type { AppContext, SignedInUser } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import { filesOf } from '../files';
import { discard } from '../files/store';
import { storedFileHeaders } from '../http/security-headers';
import { can } from '../permissions';
import { emitSettingsUpdated } from './settings-events';

/** The product's icon (built into the app), while no icon is uploaded. */
const DEFAULT_ICON = '/app/icon.svg';
const iconKey = (size: WebAppIconSize) => (size === 192 ? 'icon192Id' : 'icon512Id');

function iconSize(raw: string): WebAppIconSize {
  const size = Number(raw);
  if (!(WEB_APP_ICON_SIZES as readonly number[]).includes(size)) throw notFound(`icon size "${raw}" must be one of ${WEB_APP_ICON_SIZES.join(', ')}`);
  return size as WebAppIconSize;
}

export function webAppRoutes(api: FastifyInstance, ctx: AppContext): void {
  const v = ctx.validator;
  const settingsOf = async () => (await ctx.store.get<Settings>('settings', 'app'))?.data ?? {};
  const answer = (settings: Settings): WebAppResponse => ({
    settings: settings.webApp ?? {},
    manifest: webManifestOf(settings.webApp, settings.siteName),
  });
  /** The area, then update on settings (the area's grant, checked again against the state now). */
  async function needWriter(req: FastifyRequest): Promise<SignedInUser> {
    const user = await requireAdminArea(ctx, req, 'apps');
    if (!can(user, 'update', 'settings')) throw forbidden('You may not change the web app: it needs update on settings');
    return user;
  }
  /** Changes the `webApp` section in one transaction, after the rule; `before` runs inside it. */
  async function change(user: SignedInUser, what: string, next: (current: WebAppSettings) => WebAppSettings): Promise<Settings> {
    const saved = await ctx.store.transaction(async (tx) => {
      const current = (await tx.get<Settings>('settings', 'app'))?.data ?? {};
      const webApp = next(current.webApp ?? {});
      const problems = webAppProblems(webApp);
      if (problems.length) throw badRequest(problems.join('; '));
      const candidate: Settings = { ...current, webApp };
      v.model('settings.schema.json', candidate, 'settings');
      await tx.put('settings', 'app', candidate);
      return candidate;
    });
    await recordAudit(ctx, { accountId: user.account.accountId, logType: 'settings.webApp', subject: what });
    await emitSettingsUpdated(ctx, 'webApp');
    return saved;
  }

  api.get('/settings/webApp', async (req): Promise<WebAppResponse> => {
    await needWriter(req);
    return answer(await settingsOf());
  });

  api.put('/settings/webApp', async (req): Promise<WebAppResponse> => {
    const user = await needWriter(req);
    const body = v.body<WebAppSettingsRequest>('web-app-settings-request', req.body);
    const { installPrompt, ...rest } = body;
    // Refused before the transaction too, so a bad body names its fields even when nothing is stored yet.
    const problems = webAppProblems(body);
    if (problems.length) throw badRequest(problems.join('; '));
    const saved = await change(user, Object.keys(body).join(',') || 'none', (current) => ({
      ...current,
      ...rest,
      ...(installPrompt ? { installPrompt: { ...(current.installPrompt ?? {}), ...installPrompt } } : {}),
    }));
    return answer(saved);
  });

  api.post<{ Params: { size: string } }>('/settings/webApp/icon/:size', async (req): Promise<WebAppResponse> => {
    const user = await needWriter(req);
    const size = iconSize(req.params.size);
    const { image } = v.body<WebAppIconRequest>('web-app-icon-request', req.body);
    const match = /^data:image\/(png|jpeg|webp);base64,([A-Za-z0-9+/=]+)$/.exec(image);
    if (!match) throw badRequest(`image must be a base64 data URL of a png, jpeg or webp image (icon ${size})`);
    // As brand logos: the file store checks the bytes and makes a PNG, fitted inside size x size.
    const file = await filesOf(ctx).files.receive(
      { stream: Readable.from([Buffer.from(match[2], 'base64')]), filename: `app-icon-${size}.${match[1]}` },
      {
        ownerId: user.account.accountId,
        imagesOnly: true,
        claimed: true,
        contextId: 'webApp',
        image: resolveImageOptions({ type: 'png', width: size, height: size }),
      },
    );
    if (file.width !== size || file.height !== size) {
      await filesOf(ctx).files.remove([file.id]);
      throw badRequest(`icon ${size} must be a square image of at least ${size}x${size} pixels, got ${file.width ?? '?'}x${file.height ?? '?'} once fitted`);
    }
    let previous: string | undefined;
    try {
      const saved = await change(user, `icon${size}`, (current) => {
        previous = current[iconKey(size)];
        return { ...current, [iconKey(size)]: file.id };
      });
      if (previous && previous !== file.id) await filesOf(ctx).files.remove([previous]);
      return answer(saved);
    } catch (error) {
      await filesOf(ctx).files.remove([file.id]);
      throw error;
    }
  });

  api.delete<{ Params: { size: string } }>('/settings/webApp/icon/:size', async (req): Promise<WebAppResponse> => {
    const user = await needWriter(req);
    const size = iconSize(req.params.size);
    let previous: string | undefined;
    const saved = await change(user, `icon${size}:removed`, (current) => {
      previous = current[iconKey(size)];
      const next = { ...current };
      delete next[iconKey(size)];
      return next;
    });
    if (previous) await filesOf(ctx).files.remove([previous]);
    return answer(saved);
  });

  // Browsers fetch icons without a token: public, like the favicon. No icon: the product's.
  api.get<{ Params: { size: string } }>('/service/webApp/icon/:size', async (req, reply) => {
    const size = iconSize(req.params.size);
    const id = (await settingsOf()).webApp?.[iconKey(size)];
    const file = id ? await filesOf(ctx).files.get(id) : undefined;
    const bytes = file?.kind === 'image' ? await filesOf(ctx).files.bytes(file, {}) : undefined;
    if (!file || !bytes) return reply.header('cache-control', 'no-cache').redirect(DEFAULT_ICON, 302);
    reply.headers({ ...storedFileHeaders(file.mime, `app-icon-${size}`), 'cache-control': 'no-cache', etag: bytes.etag });
    if (req.headers['if-none-match'] === bytes.etag) {
      discard(bytes);
      return reply.code(304).send();
    }
    return reply.send(bytes.body);
  });
}

/** GET /app/manifest.webmanifest: built from the settings on every request (no-cache), so a change shows on the next fetch. */
export function webAppSiteRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/app/manifest.webmanifest', async (_req, reply) => {
    const settings = (await ctx.store.get<Settings>('settings', 'app'))?.data ?? {};
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(webManifestOf(settings.webApp, settings.siteName)));
  });
}
