/**
 * A fuzz of every route the server registers (enumerated from Fastify's onRoute, never listed by
 * hand), on SQLite and PostgreSQL: with no token and with a member's token, path parameters that
 * carry NUL, traversal, prototype names, over-long and odd values, bodies that are malformed,
 * wrong-typed, deeply nested, NUL-bearing or prototype-poisoning, malformed multipart (no
 * boundary, truncated or broken parts), and hostile query strings.
 * Every answer must be below 500, and a refused request (anything but 2xx/3xx) must leave the
 * database exactly as it was: a fingerprint of the tables is compared after every request and,
 * when it moved, the rows themselves (read straight from the database).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../server/app';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';
import { watchDatabase } from '../helpers/db-snapshot';

const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

/** Path parameter values, already URL-encoded. */
const PARAM_VARIANTS = [
  'news',
  '%00',
  'a%00b',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'x'.repeat(150),
  '%25',
  '%E2%80%AE%F0%9F%92%A5',
  '-1',
  '99999999999999999999',
];

/** Raw JSON bodies (undefined: no body at all). */
const BODY_VARIANTS: (string | undefined)[] = [
  undefined,
  '{"a":',
  '[]',
  '1',
  '"x"',
  'null',
  '{}',
  JSON.stringify({ id: 1, ids: 'x', block: [], blocks: {}, page: 5, module: null, changes: 'x', key: {}, value: [], updates: 'u', token: 7, path: 3 }),
  deep(100),
  deep(5000),
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  JSON.stringify({ id: 'a\u0000', key: 'name', value: 'x\u0000', comment: '\u0000', reactionId: '\u0000' }),
  JSON.stringify({ key: '__proto__', value: { polluted: true }, type: 'constructor', reactionId: 'toString', path: '__proto__.polluted', data: true }),
  JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ logType: 'pageView', subject: `s${i}`, actionTime: i }))),
];

/** Malformed multipart bodies (the upload routes' parser; every other write refuses the type): [content type, body]. */
const PART = 'Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';
const MULTIPART_VARIANTS: [string, string][] = [
  ['multipart/form-data', `--x\r\n${PART}\x89PNG\r\n--x--\r\n`],
  ['multipart/form-data; boundary=', `--\r\n${PART}x\r\n----\r\n`],
  ['multipart/form-data; boundary=x', `--x\r\n${PART}\x89PNG\r\n\x1a\n`],
  ['multipart/form-data; boundary=x', `--x\r\nContent-Disposition\r\n\r\nx\r\n--x--\r\n`],
  ['multipart/form-data; boundary=x', `--x\r\n${'X-Long: y\r\n'.repeat(5000)}\r\nx\r\n--x--\r\n`],
  ['multipart/form-data; boundary=x', 'not multipart at all'],
  [`multipart/form-data; boundary=${'b'.repeat(300)}`, `--${'b'.repeat(300)}\r\n${PART}x\r\n--${'b'.repeat(300)}--\r\n`],
  ['multipart/form-data; boundary=x', ''],
];

const QUERY_VARIANTS = [
  '?opts=%00',
  `?opts=${encodeURIComponent(deep(3000))}`,
  '?opts=%7B%22__proto__%22%3A1%7D',
  '?page=-1&limit=abc&sortBy=__proto__&descending=true',
  '?filters=%00&typesToLoad=constructor,toString',
  '?iso=__proto__&badge=%00&withSchemas=true&deviceId=%25',
];

/** Static files are served as files, not handlers: fuzzing them says nothing. */
const isStaticFile = (r: RegisteredRoute) => r.url.startsWith('/app/') && /\.[a-z0-9]+$/i.test(r.url);

function fill(url: string, value: string): string {
  return url.replace(/:[A-Za-z]+/g, value).replace(/\*$/, value);
}

describe.each(BACKENDS)('route fuzz on %s', (backend) => {
  let api: ApiServer;
  beforeAll(async () => {
    api = await startApiServer(backend);
  });
  afterAll(async () => api?.close());

  it('answers every fuzzed request below 500 and changes nothing when it refuses', async () => {
    const routes = api.server.routes.filter((r) => !isStaticFile(r));
    expect(routes.length).toBeGreaterThan(100);
    const maya = await api.signIn('maya');
    const database = await watchDatabase(api);
    const failures: string[] = [];
    let requests = 0;

    const send = async (method: string, path: string, token: string | undefined, body?: string, contentType = 'application/json') => {
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      if (body !== undefined) headers['content-type'] = contentType;
      requests++;
      let status: number;
      let text: string;
      try {
        const res = await fetch(api.url + path, { method, headers, body, redirect: 'manual' });
        status = res.status;
        text = await res.text();
      } catch (error) {
        failures.push(`${method} ${path}: no answer (${(error as Error).message})`);
        return;
      }
      const what = `${method} ${path.slice(0, 120)} ${token ? 'member' : 'anonymous'} ${contentType === 'application/json' ? '' : `${contentType} `}${body === undefined ? '' : body.slice(0, 60)}`;
      if (status >= 500) failures.push(`${status} ${what}: ${text.slice(0, 160)}`);
      if (/root:x?:0:0:/.test(text)) failures.push(`file outside the app served: ${what}`);
      const changed = await database.check(status, what);
      if (changed) failures.push(changed);
    };

    for (const route of routes) {
      const hasParams = /[:*]/.test(route.url);
      const writes = route.method !== 'GET';
      // Logging out ends the session it names: each such call gets a session of its own.
      const tokenFor = async (token: string | undefined) => (token && route.url.endsWith('/logout') ? api.signIn('maya') : token);
      for (const token of [undefined, maya]) {
        const paths = hasParams ? PARAM_VARIANTS.map((v) => fill(route.url, v)) : [route.url];
        for (const path of paths) await send(route.method, path, await tokenFor(token), writes ? '{}' : undefined);
        const first = paths[0];
        if (writes) for (const body of BODY_VARIANTS) await send(route.method, first, await tokenFor(token), body);
        if (writes && token) for (const [type, body] of MULTIPART_VARIANTS) await send(route.method, first, await tokenFor(token), body, type);
        else for (const query of QUERY_VARIANTS) await send(route.method, first + query, await tokenFor(token));
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(3000);
    // Nothing any of it did pollutes a prototype in this process.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Thousands of requests, each followed by a database fingerprint: minutes on a shared machine.
  }, 300_000);
});
