/**
 * Stand-in for the central login service (spec 1: sign-in happens outside the product). Lists the
 * demo accounts; choosing one issues a single-use secret and sends the browser to
 * /app/?t=<serviceId>&s=<secret>, which the app trades at auth/tradeSecret for a JWT.
 * Off when LOGIN_URL points at a real service.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createTranslator, messages } from '../../engine/core/i18n';
import type { Translator } from '../../engine/core/i18n/translator';
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
    const settings = (await ctx.store.get<Settings>('settings', 'app'))?.data ?? {};
    const brand = await activeBrand(ctx, settings);
    const staff = accounts.filter((a) => a.isAdmin || a.isElevated);
    const members = accounts.filter((a) => !a.isAdmin && !a.isElevated);
    const group = (id: string, heading: string, list: Account[]) =>
      list.length
        ? `<section aria-labelledby="${id}"><h2 id="${id}">${escapeHtml(heading)}</h2><ul>${list.map((a) => accountItem(a, t)).join('')}</ul></section>`
        : '';
    const site = settings.siteName || brand?.brandName;
    const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>${escapeHtml(t('server.login.title'))}</title>
<link rel="icon" href="${escapeHtml(faviconUrl(brand?.settings?.faviconId))}">
<link rel="stylesheet" href="/api/v1/service/brands/active/theme.css">
<style>${LOGIN_CSS}</style></head>
<body><main>${site ? `<p class="site">${escapeHtml(site)}</p>` : ''}<h1>${escapeHtml(t('server.login.title'))}</h1><p class="intro">${escapeHtml(t('server.login.intro'))}</p>${
      accounts.length
        ? group('staff', t('server.login.staff'), staff) + group('members', t('server.login.members'), members)
        : `<p>${escapeHtml(t('server.login.noAccounts'))}</p>`
    }</main></body></html>`;
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

/** One account as a card: its initials on a colour of its own, the name, then role and address. */
function accountItem(a: Account, t: Translator['t']): string {
  const name = `${a.firstName} ${a.lastName}`;
  const role = t(a.isAdmin ? 'server.login.admin' : a.isElevated ? 'server.login.elevated' : 'server.login.member');
  const initials = `${[...a.firstName][0] ?? ''}${[...a.lastName][0] ?? ''}`.toUpperCase();
  // A hue from the name, so a face is recognisable from one visit to the next.
  let hue = 0;
  for (const c of name) hue = (hue * 31 + c.charCodeAt(0)) % 360;
  // The button's name is its text (WCAG 2.5.3): "Sign in as" is there for screen readers only.
  const [before = '', after = ''] = t('server.login.signInAs', { name: '\u0000' }).split('\u0000');
  const hidden = (text: string) => (text ? `<span class="vh">${escapeHtml(text)}</span>` : '');
  return `<li><form method="post" action="/login"><input type="hidden" name="accountId" value="${escapeHtml(a.accountId)}"><button type="submit"><span class="avatar" style="--hue:${hue}" aria-hidden="true">${escapeHtml(initials)}</span><span class="who"><span class="name">${hidden(before)}${escapeHtml(name)}${hidden(after)}</span><span class="detail">${escapeHtml(role)} · ${escapeHtml(a.email)}</span></span></button></form></li>`;
}

/**
 * The page's own look: it is served before the app (no app style sheet), light or dark as the
 * device prefers, with the active brand's primary colour (theme.css) for focus and hover.
 * Initials sit on a colour dark enough for white text (4.5:1 at 32 % lightness, any hue).
 */
const LOGIN_CSS = `:root{color-scheme:light dark;--bg:#f4f5f7;--card:#fff;--text:#1b1d21;--muted:#4d535c;--line:#d9dce1;--accent:var(--primary,#1f5fbf)}
@media (prefers-color-scheme:dark){:root{--bg:#121416;--card:#1d2024;--text:#eceef1;--muted:#b4bac3;--line:#353a41}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,sans-serif}
main{max-width:60rem;margin:0 auto;padding:3rem 1.25rem 4rem}
.site{margin:0 0 .25rem;font-weight:600;color:var(--muted);text-transform:uppercase;letter-spacing:.06em;font-size:.8rem}
h1{margin:0 0 .5rem;font-size:clamp(1.6rem,4vw,2.2rem);line-height:1.2}.intro{margin:0 0 2rem;color:var(--muted);max-width:40rem}
h2{font-size:1rem;margin:2rem 0 .75rem;color:var(--muted)}
ul{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(16.5rem,1fr));gap:.75rem}
form{margin:0;height:100%}
button{all:unset;box-sizing:border-box;display:flex;align-items:center;gap:.85rem;width:100%;height:100%;padding:.75rem .9rem;background:var(--card);border:1px solid var(--line);border-radius:.75rem;cursor:pointer;color:inherit;transition:border-color .15s,box-shadow .15s}
button:hover{border-color:var(--accent);box-shadow:0 2px 8px rgb(0 0 0/.08)}
button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.avatar{flex:none;display:grid;place-items:center;width:2.75rem;height:2.75rem;border-radius:50%;background:hsl(var(--hue) 45% 32%);color:#fff;font-weight:600;font-size:.95rem}
.who{display:flex;flex-direction:column;min-width:0}.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}.name{font-weight:600}
.detail{color:var(--muted);font-size:.85rem;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
@media (prefers-reduced-motion:reduce){button{transition:none}}`;
