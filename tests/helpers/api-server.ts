/**
 * Starts the real server in this process (startTessera) on a free port with a fresh data folder,
 * on SQLite or on PostgreSQL (a fresh schema per suite, dropped afterwards), and talks to it over
 * real HTTP. PostgreSQL unreachable is a failure naming the address, never a quiet skip.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startTessera, type RunningTessera, type StartOptions } from '../../server/app';
import { configFromEnv, type ServerConfig } from '../../server/config';
import { projectRoot } from '../../scripts/paths';

export type Backend = 'sqlite' | 'postgres';
export const BACKENDS: Backend[] = ['sqlite', 'postgres'];
export const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface ApiServer {
  url: string;
  backend: Backend;
  dataDir: string;
  schema?: string;
  server: RunningTessera;
  /** Signs in through the stand-in login and the tradeSecret exchange, as the app does. */
  signIn(accountId: string): Promise<string>;
  /**
   * Stops and starts the server on the same data (rows written straight into the database are then
   * read afresh), down for `downMs`; `start` changes what it starts with (another list of domains).
   */
  restart(downMs?: number, start?: StartOptions): Promise<void>;
  call<T = unknown>(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; rawBody?: string; contentType?: string; headers?: Record<string, string> },
  ): Promise<ApiResponse<T>>;
  close(): Promise<void>;
}

/** Fails loudly when PostgreSQL is not there: the suite must run on both engines. */
export async function requirePostgres(): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(
      `PostgreSQL at 127.0.0.1:5432 (user postgres, database test) is not reachable: ${(error as Error).message}. The API suite runs on PostgreSQL too; start it rather than skipping.`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function createSchemaName(): Promise<string> {
  return `t_${crypto.randomBytes(6).toString('hex')}`;
}

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}

export function backendEnv(backend: Backend, schema?: string): Record<string, string> {
  return backend === 'postgres' ? { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema! } : {};
}

/** Signs in at any running server as the app does: stand-in login, then auth/tradeSecret. */
export async function signInAt(url: string, accountId: string): Promise<string> {
  const login = await fetch(`${url}/login`, { method: 'POST', body: new URLSearchParams({ accountId }), redirect: 'manual' });
  const params = new URL(login.headers.get('location') ?? '', url).searchParams;
  const res = await fetch(`${url}/api/v1/auth/tradeSecret`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ secret: params.get('s'), serviceId: params.get('t') }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${accountId} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { jwt: string }).jwt;
}

/** One API call of a signed-in member against a server under test; throws with the answer unless it succeeded (204: undefined). */
export async function callAt<T>(url: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}/api/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/**
 * `overrides` set what the environment cannot (e.g. `appDir`, a copy of the built app a test may
 * change); `start` what it starts with (a test's own domain added to the list).
 */
export async function startApiServer(
  backend: Backend,
  env: Record<string, string> = {},
  overrides: Partial<ServerConfig> = {},
  start: StartOptions = {},
): Promise<ApiServer> {
  let schema: string | undefined;
  if (backend === 'postgres') {
    await requirePostgres();
    schema = await createSchemaName();
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-api-'));
  const config = {
    ...configFromEnv(
      { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE ?? '1', ...backendEnv(backend, schema), ...env },
      projectRoot,
    ),
    ...overrides,
  };
  let server = await startTessera(config, start);
  let url = server.url;
  const call: ApiServer['call'] = async (method, p, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
    const res = await fetch(url + (p.startsWith('/') ? p : `/api/v1/${p}`), { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as never, headers: res.headers };
  };
  const api: ApiServer = {
    url,
    backend,
    dataDir,
    schema,
    server,
    call,
    signIn: (accountId) => signInAt(url, accountId),
    async restart(downMs = 0, options = start) {
      await server.close();
      if (downMs) await new Promise((resolve) => setTimeout(resolve, downMs));
      server = await startTessera(config, options);
      url = server.url;
      Object.assign(api, { server, url });
    },
    async close() {
      // The suite is over: the keep-alive connections its HTTP client left open are ended first.
      // Else the realtime close (socket.io closing the HTTP server) can wait for one, up to the
      // keep-alive timeout: 70 s in files-hardening on SQLite, in most runs. Ending only the idle
      // ones was not enough (1 run in 2 still waited). Websockets are not HTTP connections any more:
      // they end as before, in the realtime close.
      server.app.server.closeAllConnections();
      await server.close();
      if (schema) await dropSchema(schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return api;
}
