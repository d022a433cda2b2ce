/**
 * The unsubscribe link of notification emails (schemas/model/api/email.ts), outside the API and
 * without sign-in: `GET /email/unsubscribe?token=` shows what stops and a button; `POST` (the
 * button, or a mail client's RFC 8058 one-click POST with `List-Unsubscribe=One-Click`) turns the
 * email channel of that event off for that account. A token that is malformed or tampered with is
 * a 400 page, and nothing changes.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { eventLabel, setPreference } from './preferences';
import { readUnsubscribeToken } from './unsubscribe-token';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1b1b1b;background:#fff}' +
  'button{font:inherit;padding:.6rem 1.2rem;cursor:pointer;border:2px solid #1b1b1b;border-radius:.4rem;background:#fff;color:#1b1b1b}' +
  'button:focus-visible{outline:3px solid #1f5fbf;outline-offset:2px}' +
  '@media (prefers-color-scheme:dark){body{background:#141414;color:#eee}button{background:#141414;color:#eee;border-color:#eee}button:focus-visible{outline-color:#8ab4ff}}';

function page(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(html);
}

const invalid = (reply: FastifyReply) =>
  page(
    reply,
    400,
    'This link does not work',
    '<p>This unsubscribe link is not valid: it may have been cut short or changed. Nothing was changed. Use the link in your most recent email, or change your notification settings in the app.</p>',
  );

export function unsubscribeRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app.register(async (scope) => {
    // A one-click unsubscribe is a form POST; the body says nothing the token does not.
    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded'))
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
        if (String(body).includes('\0')) return done(badRequest('refused form body: a value contains a NUL character'), undefined);
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });

    scope.get<{ Querystring: { token?: string } }>('/email/unsubscribe', async (req, reply) => {
      const target = readUnsubscribeToken(ctx, req.query.token);
      if (!target) return invalid(reply);
      const what = eventLabel(target.event);
      return page(
        reply,
        200,
        'Unsubscribe from these emails',
        `<p>You will no longer get emails for <strong>${escapeHtml(what)}</strong> notifications. You will still see them in the app, and you can turn the emails back on in your notification settings.</p>` +
          `<form method="post" action="/email/unsubscribe?token=${encodeURIComponent(req.query.token!)}"><button type="submit">Unsubscribe from “${escapeHtml(what)}” emails</button></form>`,
      );
    });

    scope.post<{ Querystring: { token?: string } }>('/email/unsubscribe', async (req, reply) => {
      const target = readUnsubscribeToken(ctx, req.query.token);
      if (!target) return invalid(reply);
      await setPreference(ctx.store.kysely, target.accountId, target.event, 'email', false);
      return page(
        reply,
        200,
        'You are unsubscribed',
        `<p>You will no longer get emails for <strong>${escapeHtml(eventLabel(target.event))}</strong> notifications. You can turn them back on in your notification settings.</p>`,
      );
    });
  });
}
