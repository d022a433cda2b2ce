/**
 * The Tessera server: the built app under /app, the API under /api/v1, socket.io on the same
 * port, the stand-in login at /login, and a background job runner. `startTessera` opens storage,
 * migrates, seeds the demo, and listens; `close` stops everything in order.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { loadRegistry } from '../registry/loader';
import type { ServerConfig } from './config';
import { sessionAccount, type AppContext } from './context';
import { checkDomains, collectDocumentKinds, collectMigrations, type Domain } from './domain';
import { DOMAINS } from './domains';
import { HttpError } from './errors';
import { jobDefinitions, openJobs } from './jobs';
import { Realtime, type RoomScope } from './realtime';
import { runSeeds } from './seeds';
import { TokenService, loadOrCreateSecret } from './auth/tokens';
import { openDatabase, type OpenedDatabase } from './storage/database';
import { CORE_DOCUMENT_KINDS, DocumentStore, UnstorableValue } from './storage/documents';
import { COMPRESS_THRESHOLD_BYTES, DYNAMIC_BROTLI_QUALITY, DYNAMIC_GZIP_LEVEL } from './http/compression';
import { registerJsonBodyParser } from './http/json-body';
import { registerRateLimits } from './http/rate-limits';
import { registerRequestGuards } from './http/request-guards';
import { registerSecurityHeaders } from './http/security-headers';
import { sendNotFound } from './http/not-found-page';
import { migrate } from './storage/migrations';
import { tolerantNormaliser } from './storage/tolerant';
import { RequestValidator } from './validation';

/** How long a stopping server lets requests in flight finish before it ends their connections. */
const CLOSE_GRACE_MS = 2000;

/** Largest accepted request body: a page of blocks fits many times over; anything bigger is a mistake or abuse. */
export const BODY_LIMIT_BYTES = 1_048_576;

/** A registered route: what the route fuzz and the escalation matrix enumerate. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

export interface RunningTessera {
  url: string;
  port: number;
  app: FastifyInstance;
  /** Every route as registered (HEAD routes Fastify adds for GETs left out). */
  routes: RegisteredRoute[];
  ctx: AppContext;
  engine: OpenedDatabase['engine'];
  close(): Promise<void>;
}

export interface StartOptions {
  /** The domains to run (server/domains.ts by default); a test adds its own to prove the seam. */
  domains?: readonly Domain[];
}

export async function startTessera(config: ServerConfig, options: StartOptions = {}): Promise<RunningTessera> {
  const domains = options.domains ?? DOMAINS;
  checkDomains(domains);
  const kinds = collectDocumentKinds(domains);
  for (const [kind, spec] of Object.entries(CORE_DOCUMENT_KINDS)) kinds.set(kind, { ...spec, domain: 'core' });
  const jobs = jobDefinitions(domains, config);
  const registry = loadRegistry(config.registryDir);
  const engine = config.databaseUrl ? 'postgres' : 'sqlite';
  const migrations = collectMigrations(domains, engine);
  const database = await openDatabase(config);
  try {
    await migrate(database.db, database.engine, config.databaseSchema, migrations);
  } catch (error) {
    await database.close();
    throw error;
  }
  const validator = new RequestValidator(path.join(config.root, 'schemas/json/api'), registry);
  const normalise = tolerantNormaliser({
    readers: new Map([...kinds].flatMap(([kind, spec]) => (spec.reader ? [[kind, spec.reader(validator)] as const] : []))),
    onProblems: (kind, id, problems) => {
      console.warn(`Tessera read the stored ${kind} "${id}" tolerantly: ${problems.join('; ')}`);
      store.repaired(kind, id);
    },
  });
  const store: DocumentStore = new DocumentStore(database.db, database.engine, normalise, kinds);
  const ctx: AppContext = {
    config,
    store,
    tokens: new TokenService(loadOrCreateSecret(config.dataDir)),
    validator,
    registry,
    engine: database.engine,
    domains,
    log: (error) => console.error(error),
    // Until the lists domain opens (server/lists): nobody is a member of anything.
    membershipsOf: async () => [],
    listPowersOf: async () => ({ admin: false, grants: [] }),
  };
  const opened: Domain[] = [];
  const closeDomains = async () => {
    for (const domain of opened.reverse()) await domain.close?.(ctx);
  };
  // The queue opens before the domains (their `open` and seeds may enqueue); its runner starts last.
  const queue = openJobs(ctx, jobs, database.pool);
  try {
    for (const domain of domains) {
      opened.push(domain);
      await domain.open?.(ctx);
    }
    if (config.seedDemo) await runSeeds(ctx, domains);
  } catch (error) {
    await closeDomains();
    await database.close();
    throw error;
  }

  const app = Fastify({ logger: config.logRequests, bodyLimit: BODY_LIMIT_BYTES, forceCloseConnections: true, trustProxy: config.trustProxy });
  const routes: RegisteredRoute[] = [];
  try {
    ctx.log = (error) => app.log.error(error);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
    });
    registerErrors(app);
    // PostgreSQL: a request reads the documents cache only once it reflects every commit that
    // finished before the request arrived (one shared check; see server/storage/shared-cache.ts).
    if (database.engine === 'postgres')
      app.addHook('onRequest', async (req) => {
        if (!req.url.startsWith('/app/')) await store.freshen();
      });
    registerJsonBodyParser(app);
    registerRequestGuards(app);
    registerSecurityHeaders(app);
    await registerRateLimits(app, ctx);
    await app.register(compress, {
      global: true,
      threshold: COMPRESS_THRESHOLD_BYTES,
      // Other answers (sizes unknown up front) get the same quality with brotli's default window.
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
      zlibOptions: { level: DYNAMIC_GZIP_LEVEL },
    });
    await app.register(
      async (api) => {
        queue.routes(api);
        for (const domain of domains) await domain.routes?.(api, ctx);
      },
      { prefix: '/api/v1' },
    );
    for (const domain of domains) await domain.siteRoutes?.(app, ctx);
    await serveApp(app, config);

    ctx.realtime = new Realtime(app.server, {
      authenticate: async (token) => {
        const claims = await ctx.tokens.verify(token);
        // A session logged out in another process a moment ago is refused here too.
        await store.freshen();
        return claims && (await sessionAccount(store, claims)) ? claims : undefined;
      },
      rooms: domains.flatMap((d) =>
        (d.rooms ?? []).map((room) => ({
          kind: room.kind,
          mayJoin: (accountId: string, id: string, scope?: RoomScope) => room.mayJoin(ctx, accountId, id, scope),
        })),
      ),
      onConnection: domains.flatMap((d) =>
        d.onConnection ? [(socket: Parameters<NonNullable<Domain['onConnection']>>[1]) => d.onConnection!(ctx, socket)] : [],
      ),
      onError: (error) => app.log.error(error),
      freshen: () => store.freshen(),
      db: database.db,
      pool: database.pool,
      channelPrefix: config.databaseSchema ? `tessera_${config.databaseSchema}` : 'tessera',
    });
    if (database.pool) await ensureAdapterTable(database);
    for (const domain of domains) await domain.start?.(ctx);
    await queue.start();

    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await queue.stop();
    await closeDomains();
    await ctx.realtime?.close().catch(() => undefined);
    await app.close();
    await database.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  ctx.listeningPort = port;
  return {
    url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
    port,
    app,
    routes,
    ctx,
    engine: database.engine,
    async close() {
      // Jobs first: a running job may still use what the domains keep open.
      await queue.stop();
      await closeDomains();
      // A connection a client keeps alive holds the HTTP server's close (socket.io's close waits
      // for it) until the keep-alive timeout, 72 s: idle ones end now, the rest after a short
      // grace for the requests in flight.
      app.server.closeIdleConnections();
      const force = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
      try {
        await ctx.realtime?.close().catch(() => undefined);
        await app.close();
      } finally {
        clearTimeout(force);
      }
      await database.close();
    },
  };
}

function registerErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, req, reply) => {
    if (error instanceof HttpError)
      return reply.code(error.statusCode).send({ error: error.error, message: error.message, ...(error.code ? { code: error.code } : {}) });
    // Two requests creating the same id at once: the second loses the race on the primary key.
    const dbCode = (error as { code?: string }).code;
    if (dbCode === '23505' || dbCode === 'SQLITE_CONSTRAINT_PRIMARYKEY')
      return reply.code(409).send({ error: 'conflict', message: 'an item with that id was created at the same time; reload and try again' });
    if (error instanceof UnstorableValue) return reply.code(400).send({ error: 'badRequest', message: error.message });
    // Values the database refuses (too long, bytes it cannot hold) came from the request: 400.
    if (isInputRefusedByDatabase(dbCode)) {
      req.log.warn(error);
      return reply.code(400).send({ error: 'badRequest', message: 'a value in the request cannot be stored (too long or not valid text)' });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = (error as FastifyError).code ?? '';
      const name = status === 413 ? 'payloadTooLarge' : status === 415 ? 'unsupportedMediaType' : 'badRequest';
      const message = code === 'FST_ERR_CTP_INVALID_JSON_BODY' || /JSON/.test(error.message) ? `malformed JSON body: ${error.message}` : error.message;
      return reply.code(status).send({ error: name, message });
    }
    req.log.error(error);
    return reply.code(500).send({ error: 'serverError', message: 'Server error' });
  });
  app.setNotFoundHandler(sendNotFound);
}

/**
 * Database errors caused by the values sent, not by the server: PostgreSQL class 22 (data
 * exception: too long, invalid byte sequence, out of range) and 54 (program limit exceeded), and
 * SQLite's too-big and mismatch errors.
 */
function isInputRefusedByDatabase(code: string | undefined): boolean {
  if (!code) return false;
  if (/^(22|54)[0-9A-Z]{3}$/.test(code)) return true;
  return code === 'SQLITE_TOOBIG' || code === 'SQLITE_MISMATCH' || code === 'SQLITE_RANGE';
}

async function serveApp(app: FastifyInstance, config: ServerConfig): Promise<void> {
  app.get('/', (_req, reply) => reply.redirect('/app/'));
  app.get('/app', (_req, reply) => reply.redirect('/app/'));
  if (!fs.existsSync(path.join(config.appDir, 'index.html'))) {
    app.get('/app/*', (_req, reply) => reply.code(503).type('text/plain').send('The app is not built: run `npm run build`.'));
    return;
  }
  // index.html is never served as a file: every answer with it carries the login service address.
  await app.register(fastifyStatic, {
    root: config.appDir,
    prefix: '/app/',
    wildcard: false,
    index: false,
    globIgnore: ['index.html', 'manifest.webmanifest'],
  });
  const indexHtml = appIndexHtml(config);
  const sendIndex = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml());
  // Hashed chunks exist as files; every other /app path is a client route: answer with the shell.
  app.get('/app/*', async (req, reply) => {
    // Fastify has decoded the path once already: decoding again would turn "%25" into a URIError.
    const rel = (req.params as { '*': string })['*'] ?? '';
    const file = path.resolve(config.appDir, rel);
    if (rel && rel !== 'index.html' && file.startsWith(config.appDir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      const immutable = /-[A-Z0-9]{8}\.(js|css)$/.test(rel);
      return reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache').sendFile(rel);
    }
    return sendIndex(reply);
  });
}

/**
 * The built index.html with `<meta name="tessera:login-url">`: LOGIN_URL when set, else this
 * server's stand-in /login. Re-read when the file changes (a rebuild while the server runs).
 */
function appIndexHtml(config: ServerConfig): () => string {
  const file = path.join(config.appDir, 'index.html');
  const loginUrl = config.loginUrl ?? '/login';
  const meta = `<meta name="tessera:login-url" content="${loginUrl.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}">`;
  let cached: { mtimeMs: number; html: string } | undefined;
  return () => {
    const { mtimeMs } = fs.statSync(file);
    if (cached?.mtimeMs !== mtimeMs) {
      const raw = fs.readFileSync(file, 'utf8');
      cached = { mtimeMs, html: raw.includes('<head>') ? raw.replace('<head>', `<head>\n    ${meta}`) : `${meta}\n${raw}` };
    }
    return cached.html;
  };
}

async function ensureAdapterTable(database: OpenedDatabase): Promise<void> {
  await database.pool!.query(`CREATE TABLE IF NOT EXISTS socket_io_attachments (id bigserial UNIQUE, created_at timestamptz DEFAULT NOW(), payload bytea)`);
}
