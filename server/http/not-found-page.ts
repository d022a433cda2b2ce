/**
 * The answer to an unknown address outside /api and /app (issue 14, item 7): a browser gets a
 * small HTML page that says so and links to the app; the API and any client asking for JSON get
 * the JSON error, as every /api route answers. The page names no path and runs no script.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { faviconUrl } from '../../engine/core/media';

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="${faviconUrl(undefined)}">
<title>Page not found</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
  body { margin: 0; background: #ffffff; color: #1f2937; }
  main { max-width: 32rem; margin: 15vh auto; padding: 0 24px; text-align: center; line-height: 1.5; }
  a { display: inline-block; margin-top: 8px; padding: 8px 16px; border-radius: 6px; background: #3b5bdb; color: #ffffff; text-decoration: none; }
  a:focus-visible { outline: 3px solid #f59f00; outline-offset: 2px; }
  @media (prefers-color-scheme: dark) {
    body { background: #111418; color: #e7eaee; }
    a { background: #91a7ff; color: #0b1020; }
  }
</style>
</head>
<body>
<main>
<h1>Page not found</h1>
<p>That page does not exist, sorry for any inconvenience caused.</p>
<a href="/app/">Go to the home page</a>
</main>
</body>
</html>
`;

/** HTML for a browser's page load outside /api; JSON for the API and for clients that do not ask for HTML. */
export function sendNotFound(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const pathname = req.url.split('?')[0];
  const wantsHtml = !/^\/api(\/|$)/.test(pathname) && /\btext\/html\b/.test(req.headers.accept ?? '');
  if (wantsHtml) return reply.code(404).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(PAGE);
  return reply.code(404).send({ error: 'notFound', message: `no route ${req.method} ${pathname}` });
}
