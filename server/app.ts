/**
 * The Tessera server: the built app under /app, the API under /api/v1, socket.io on the same
 * port, the stand-in login at /login. `startTessera` opens storage, migrates, seeds the demo,
 * and listens; `close` stops everything in order.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import type { Page } from '../schemas/model';
import type { Account } from './model';
import { loadRegistry } from '../registry/loader';
import type { ServerConfig } from './config';
import { permissionContext, sessionAccount, type AppContext } from './context';
import { HttpError } from './errors';
import type { RevertRecord } from './model';
import { can, canAdminister, canViewPage, itemPermissionChangeAffects } from './permissions';
import { Realtime } from './realtime';
import { adminRoutes } from './staff/routes';
import { auditRoutes } from './audit/routes';
import { i18nRoutes } from './i18n/routes';
import { profileRoutes } from './profiles/routes';
import { socialAccountRoutes } from './social-accounts/routes';
import { ruleCheckRoutes } from './rule-checks/routes';
import { loginRoutes } from './session/login-routes';
import { sessionRoutes } from './session/routes';
import { TokenService, loadOrCreateSecret } from './session/tokens';
import { settingsRoutes } from './settings/routes';
import { structureBlockRoutes } from './structure/routes/blocks';
import { structureFieldRoutes } from './structure/routes/fields';
import { structureModuleRoutes } from './structure/routes/modules';
import { structurePageRoutes } from './structure/routes/pages';
import { changeAudience } from './structure/change-audience';
import { readStructure } from './structure/read';
import { keepMemberIndexCurrent, memberIndexFor, repairMemberIndex } from './profiles/member-index-sync';
import { keepFavouriteTargetsCurrent } from './profiles/favourite-counts';
import { memberDirectoryRoutes } from './profiles/directory-routes';
import { profileActivityRoutes } from './profiles/activity-routes';
import { profileAdminRoutes } from './profiles/admin-routes';
import { openFilesDomain, type OpenedFilesDomain } from './files';
import { mediaRoutes } from './files/media-routes';
import { fileRoutes } from './files/routes';
import { importLegacyImages } from './files/legacy-images';
import { seedDemo } from './seed';
import { seedDemoMedia } from './demo-media';
import { openDatabase, type OpenedDatabase } from './storage/database';
import { DocumentStore, UnstorableValue } from './storage/documents';
import { COMPRESS_THRESHOLD_BYTES, DYNAMIC_BROTLI_QUALITY, DYNAMIC_GZIP_LEVEL } from './http/compression';
import { registerJsonBodyParser } from './http/json-body';
import { registerRequestGuards } from './http/request-guards';
import { registerSecurityHeaders } from './http/security-headers';
import { sendNotFound } from './http/not-found-page';
import { migrate } from './storage/migrations';
import { tolerantNormaliser } from './storage/tolerant';
import { RequestValidator } from './validation';

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
  /** The file store, media tokens and the unclaimed-upload sweep. */
  files: OpenedFilesDomain;
  engine: OpenedDatabase['engine'];
  close(): Promise<void>;
}

export async function startTessera(config: ServerConfig): Promise<RunningTessera> {
  const registry = loadRegistry(config.registryDir);
  const database = await openDatabase(config);
  await migrate(database.db, database.engine, config.databaseSchema);
  const validator = new RequestValidator(path.join(config.root, 'schemas/json/api'), registry);
  // An account read with repairs (its privacy, its lists) may be indexed wrongly: its entry is rewritten from what it reads as now.
  const repairs: { memberEntry?: (accountId: string) => void } = {};
  const normalise = tolerantNormaliser({
    settingsSchema: validator.modelValidator('settings.schema.json'),
    onProblems: (kind, id, problems) => {
      console.warn(`Tessera read the stored ${kind} "${id}" tolerantly: ${problems.join('; ')}`);
      if (kind === 'account') repairs.memberEntry?.(id);
    },
  });
  const store = new DocumentStore(database.db, database.engine, normalise);
  await keepMemberIndexCurrent(store, database.engine);
  repairs.memberEntry = (accountId) =>
    void repairMemberIndex(store, memberIndexFor(database.engine), [accountId]).catch((error: unknown) => console.error(error));
  await keepFavouriteTargetsCurrent(store);
  if (config.seedDemo) await seedDemo(store, validator, path.join(config.root, 'server/demo'));
  const files = openFilesDomain({ dataDir: config.dataDir, s3: config.filesS3, cacheRows: database.engine === 'sqlite' }, database.db, (e) => console.error(e));
  await importLegacyImages(store, files.files, (message) => console.warn(message));
  // The demo's pictures are drawn once; the JSON above names their ids.
  if (config.seedDemo) await seedDemoMedia(files.files);
  const ctx: AppContext = { config, store, tokens: new TokenService(loadOrCreateSecret(config.dataDir)), validator, registry, files };

  const app = Fastify({ logger: config.logRequests, bodyLimit: BODY_LIMIT_BYTES, forceCloseConnections: true });
  const routes: RegisteredRoute[] = [];
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
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    // Other answers (sizes unknown up front) get the same quality with brotli's default window.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
    zlibOptions: { level: DYNAMIC_GZIP_LEVEL },
  });
  await app.register(
    async (api) => {
      // One registration per domain (server/<domain>/routes.ts): see docs/architecture.md, Server.
      sessionRoutes(api, ctx);
      profileRoutes(api, ctx);
      ruleCheckRoutes(api, ctx);
      memberDirectoryRoutes(api, ctx);
      profileAdminRoutes(api, ctx);
      profileActivityRoutes(api, ctx);
      socialAccountRoutes(api, ctx);
      i18nRoutes(api, ctx);
      adminRoutes(api, ctx);
      settingsRoutes(api, ctx);
      auditRoutes(api, ctx);
      structureModuleRoutes(api, ctx);
      structurePageRoutes(api, ctx);
      structureBlockRoutes(api, ctx);
      structureFieldRoutes(api, ctx);
      await api.register(async (scope) => fileRoutes(scope, ctx, files));
      mediaRoutes(api, files);
    },
    { prefix: '/api/v1' },
  );
  if (!config.loginUrl) loginRoutes(app, ctx);
  await serveApp(app, config);

  const viewerOf = async (accountId: string) => {
    const account = (await store.get<Account>('account', accountId))?.data;
    return account ? permissionContext(store, account, ctx.registry) : undefined;
  };
  ctx.realtime = new Realtime(app.server, {
    authenticate: async (token) => {
      const claims = await ctx.tokens.verify(token);
      // A session logged out in another process a moment ago is refused here too.
      await store.freshen();
      return claims && (await sessionAccount(store, claims)) ? claims : undefined;
    },
    mayViewModule: async (accountId, moduleId) => {
      const viewer = await viewerOf(accountId);
      return !!viewer && (await readStructure(store, viewer)).modules.some((m) => m.id === moduleId);
    },
    mayViewPage: async (accountId, pageId) => {
      const viewer = await viewerOf(accountId);
      const page = (await store.get<Page>('page', pageId))?.data;
      return !!viewer && !!page && canViewPage(viewer, page);
    },
    mayViewProfile: async (accountId, profileId) => !!(await viewerOf(accountId)) && !!(await store.get('account', profileId)),
    mayEditPage: async (accountId, pageId) => {
      const viewer = await viewerOf(accountId);
      const page = (await store.get<Page>('page', pageId))?.data;
      return !!viewer && !!page && canViewPage(viewer, page) && canAdminister(viewer, 'manageEditMode') && can(viewer, 'addChildren', 'items.pages', pageId);
    },
    nameOf: async (accountId) => {
      const account = (await store.get<Account>('account', accountId))?.data;
      return account ? `${account.firstName} ${account.lastName}`.trim() || accountId : accountId;
    },
    audience: (changes) => changeAudience(store, changes, viewerOf, validator.storedBlockOptionsProblem),
    permissionsAffect: async (accountId, change) => {
      const viewer = await viewerOf(accountId);
      return !!viewer && itemPermissionChangeAffects(viewer, `items.${change.kind}s`, change.itemId, change.before, change.after);
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
    routes,
    ctx,
    files,
    engine: database.engine,
    async close() {
      clearInterval(sweeper);
      files.close();
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
  await app.register(fastifyStatic, { root: config.appDir, prefix: '/app/', wildcard: false, index: false, globIgnore: ['index.html'] });
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
