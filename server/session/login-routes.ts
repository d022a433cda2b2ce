/**
 * Stand-in for the central login service (spec 1: sign-in happens outside the product). Lists the
 * demo accounts; choosing one issues a single-use secret and sends the browser to
 * /app/?t=<serviceId>&s=<secret>, which the app trades at auth/tradeSecret for a JWT.
 * Off when LOGIN_URL points at a real service.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createTranslator, messages } from '../../engine/core/i18n';
import { DEFAULT_LOCALE } from '../../engine/core/constants';
import { faviconUrl } from '../../engine/core/media';
import type { Settings } from '../../schemas/model';
import { activeBrand } from '../settings/brands';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import type { Account, LoginSecret } from '../model';

export const SERVICE_ID = 'tessera';
/** A login secret is traded within minutes or not at all. */
export const LOGIN_SECRET_TTL_MS = 5 * 60_000;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function pickLocale(header: string | undefined): string {
  const wanted = (header ?? '').split(',').map((p) => p.trim().slice(0, 2).toLowerCase());
  return wanted.find((l) => l in messages) ?? DEFAULT_LOCALE;
}

export async function issueLoginSecret(ctx: AppContext, accountId: string, serviceId = SERVICE_ID): Promise<string> {
  const secret = crypto.randomBytes(24).toString('base64url');
  await ctx.store.transaction((tx) => tx.put<LoginSecret>('loginSecret', secret, { accountId, serviceId }, { expiresAt: Date.now() + LOGIN_SECRET_TTL_MS }));
  return secret;
}

export function loginRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    const fields = new Map(new URLSearchParams(body as string));
    // Like JSON bodies: NUL never reaches the database (PostgreSQL refuses it in text).
    if ([...fields].some(([k, v]) => k.includes('\0') || v.includes('\0')))
      return done(badRequest('refused form body: a value contains a NUL character'), undefined);
    done(null, Object.fromEntries(fields));
  });

  app.get('/login', async (req, reply) => {
    const locale = pickLocale(req.headers['accept-language']);
    const { t } = createTranslator(messages, locale);
    const accounts = (await ctx.store.list<Account>('account')).map((a) => a.data).filter((a) => a.demo);
    const role = (a: Account) => t(a.isAdmin ? 'server.login.admin' : a.isElevated ? 'server.login.elevated' : 'server.login.member');
    const items = accounts
      .map((a) => {
        const name = `${a.firstName} ${a.lastName}`;
        return `<li><form method="post" action="/login"><input type="hidden" name="accountId" value="${escapeHtml(a.accountId)}"><button type="submit">${escapeHtml(t('server.login.signInAs', { name }))}</button> <span>(${escapeHtml(role(a))}, ${escapeHtml(a.email)})</span></form></li>`;
      })
      .join('\n');
    const brand = await activeBrand(ctx, (await ctx.store.get<Settings>('settings', 'app'))?.data ?? {});
    const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t('server.login.title'))}</title>
<link rel="icon" href="${escapeHtml(faviconUrl(brand?.settings?.faviconId))}">
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}ul{list-style:none;padding:0}li{margin:.75rem 0}button{font:inherit;padding:.5rem 1rem;cursor:pointer}button:focus-visible{outline:3px solid #1f5fbf;outline-offset:2px}</style></head>
<body><main><h1>${escapeHtml(t('server.login.title'))}</h1><p>${escapeHtml(t('server.login.intro'))}</p>${items ? `<ul>${items}</ul>` : `<p>${escapeHtml(t('server.login.noAccounts'))}</p>`}</main></body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });

  app.post('/login', async (req, reply) => {
    const accountId = (req.body as { accountId?: unknown } | undefined)?.accountId;
    const account = typeof accountId === 'string' ? (await ctx.store.get<Account>('account', accountId))?.data : undefined;
    if (!account?.demo) {
      const { t } = createTranslator(messages, pickLocale(req.headers['accept-language']));
      return reply.code(404).type('text/plain; charset=utf-8').send(t('server.login.unknownAccount'));
    }
    const secret = await issueLoginSecret(ctx, account.accountId);
    return reply.redirect(`/app/?t=${encodeURIComponent(SERVICE_ID)}&s=${encodeURIComponent(secret)}`, 303);
  });
}
