/**
 * The Tessera server: the built app under /app, the API under /api/v1, socket.io on the same
 * port, the stand-in login at /login. `startTessera` opens storage, migrates, seeds the demo,
 * and listens; `close` stops everything in order.
 */
import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import type { Page } from '../schemas/model';
import type { Account } from './model';
import { loadRegistry } from '../registry/loader';
import { TokenService, loadOrCreateSecret } from './auth';
import type { ServerConfig } from './config';
import { permissionContext, sessionAccount, type AppContext } from './context';
import { HttpError } from './errors';
import { loginRoutes } from './login';
import type { RevertRecord } from './model';
import { canViewPage } from './permissions';
import { Realtime } from './realtime';
import { hiddenBlockIds, needsViewerFilter } from './structure/block-visibility';
import { readPageDocument } from './structure/read';
import { adminRoutes } from './routes/admin';
import { profileRoutes } from './routes/profile';
import { sessionRoutes } from './routes/session';
import { settingsRoutes } from './routes/settings';
import { structureBlockRoutes } from './routes/structure-blocks';
import { structureFieldRoutes } from './routes/structure-fields';
import { structureModuleRoutes } from './routes/structure-modules';
import { structurePageRoutes } from './routes/structure-pages';
import { seedDemo } from './seed';
import { openDatabase, type OpenedDatabase } from './storage/database';
import { DocumentStore } from './storage/documents';
import { migrate } from './storage/migrations';
import { RequestValidator } from './validation';

/** Largest accepted request body: a page of blocks fits many times over; anything bigger is a mistake or abuse. */
export const BODY_LIMIT_BYTES = 1_048_576;

export interface RunningTessera {
  url: string;
  port: number;
  app: FastifyInstance;
  ctx: AppContext;
  engine: OpenedDatabase['engine'];
  close(): Promise<void>;
}

export async function startTessera(config: ServerConfig): Promise<RunningTessera> {
  const registry = loadRegistry(config.registryDir);
  const database = await openDatabase(config);
  await migrate(database.db, database.engine, config.databaseSchema);
  const store = new DocumentStore(database.db, database.engine);
  const validator = new RequestValidator(path.join(config.root, 'schemas/json/api'), registry);
  if (config.seedDemo) await seedDemo(store, validator, path.join(config.root, 'server/demo'));
  const ctx: AppContext = { config, store, tokens: new TokenService(loadOrCreateSecret(config.dataDir)), validator, registry };

  const app = Fastify({ logger: config.logRequests, bodyLimit: BODY_LIMIT_BYTES, forceCloseConnections: true });
  registerErrors(app);
  await app.register(compress, { global: true, threshold: 2048 });
  await app.register(
    async (api) => {
      sessionRoutes(api, ctx);
      profileRoutes(api, ctx);
      adminRoutes(api, ctx);
      settingsRoutes(api, ctx);
      structureModuleRoutes(api, ctx);
      structurePageRoutes(api, ctx);
      structureBlockRoutes(api, ctx);
      structureFieldRoutes(api, ctx);
    },
    { prefix: '/api/v1' },
  );
  if (!config.loginUrl) loginRoutes(app, ctx);
  await serveApp(app, config);

  ctx.realtime = new Realtime(app.server, {
    authenticate: async (token) => {
      const claims = await ctx.tokens.verify(token);
      return claims && (await sessionAccount(store, claims)) ? claims : undefined;
    },
    mayViewPage: async (accountId, pageId) => {
      const account = (await store.get<Account>('account', accountId))?.data;
      const page = (await store.get<Page>('page', pageId))?.data;
      return !!account && !!page && canViewPage(await permissionContext(store, account, ctx.registry), page);
    },
    mayDifferByViewer: async (changes) => {
      for (const pageId of changes.pageIds) {
        const doc = await readPageDocument(store, pageId);
        if (doc?.blocks.some((b) => b.visibility?.advanced && b.visibility.rules)) return true;
      }
      return false;
    },
    changesForViewer: async (accountId, changes) => {
      const account = (await store.get<Account>('account', accountId))?.data;
      if (!account) return { ...changes, items: [] };
      const viewer = await permissionContext(store, account, ctx.registry);
      const hidden = new Set<string>();
      for (const pageId of changes.pageIds) {
        const doc = await readPageDocument(store, pageId);
        if (doc && needsViewerFilter(doc, viewer)) hiddenBlockIds(doc, viewer).forEach((id) => hidden.add(id));
      }
      if (!hidden.size) return undefined;
      return { ...changes, items: changes.items.map((c) => (c.kind === 'block' && hidden.has(c.id) ? { ...c, item: null } : c)) };
    },
    onError: (error) => app.log.error(error),
    pool: database.pool,
    channelPrefix: config.databaseSchema ? `tessera_${config.databaseSchema}` : 'tessera',
  });
  if (database.pool) await ensureAdapterTable(database);

  const sweeper = setInterval(() => void sweepExpired(store).catch((e) => app.log.error(e)), Math.min(5000, Math.max(200, config.revertWindowMs / 4)));
  sweeper.unref();

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
    port,
    app,
    ctx,
    engine: database.engine,
    async close() {
      clearInterval(sweeper);
      await ctx.realtime?.close().catch(() => undefined);
      await app.close();
      await database.close();
    },
  };
}

function registerErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, req, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send({ error: error.error, message: error.message });
    // Two requests creating the same id at once: the second loses the race on the primary key.
    const dbCode = (error as { code?: string }).code;
    if (dbCode === '23505' || dbCode === 'SQLITE_CONSTRAINT_PRIMARYKEY')
      return reply.code(409).send({ error: 'conflict', message: 'an item with that id was created at the same time; reload and try again' });
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
  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ error: 'notFound', message: `no route ${req.method} ${req.url.split('?')[0]}` });
  });
}

async function serveApp(app: FastifyInstance, config: ServerConfig): Promise<void> {
  app.get('/', (_req, reply) => reply.redirect('/app/'));
  app.get('/app', (_req, reply) => reply.redirect('/app/'));
  if (!fs.existsSync(path.join(config.appDir, 'index.html'))) {
    app.get('/app/*', (_req, reply) => reply.code(503).type('text/plain').send('The app is not built: run `npm run build`.'));
    return;
  }
  // index.html is never served as a file: every answer with it carries the login service address.
  await app.register(fastifyStatic, { root: config.appDir, prefix: '/app/', wildcard: false, index: false, globIgnore: ['index.html'] });
  const indexHtml = appIndexHtml(config);
  const sendIndex = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml());
  // Hashed chunks exist as files; every other /app path is a client route: answer with the shell.
  app.get('/app/*', async (req, reply) => {
    const rel = decodeURIComponent((req.params as { '*': string })['*'] ?? '');
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

/** Ends revert windows (deleted blocks are removed for good) and drops expired login secrets. */
export async function sweepExpired(store: DocumentStore, now = Date.now()): Promise<void> {
  for (const revert of await store.expired('revert', now)) {
    await store.transaction(async (tx) => {
      const record = (await tx.get<RevertRecord>('revert', revert.id))?.data;
      if (!record) return;
      for (const id of record.deletedBlockIds) {
        const block = await tx.get<{ wasDeleted?: boolean }>('block', id);
        if (block?.data.wasDeleted) await tx.remove('block', id);
      }
      await tx.remove('revert', revert.id);
    });
  }
  for (const secret of await store.expired('loginSecret', now)) await store.transaction((tx) => tx.remove('loginSecret', secret.id));
}
