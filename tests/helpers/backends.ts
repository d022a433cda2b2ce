/**
 * `describeBackends`: an API suite's tests declared once, run on SQLite and on PostgreSQL, each
 * half against one real server of its own (tests/helpers/api-server.ts).
 */
import { afterAll, beforeAll, describe } from 'vitest';
import type { StartOptions } from '../../server/app';
import type { ServerConfig } from '../../server/config';
import { BACKENDS, startApiServer, type ApiServer, type Backend } from './api-server';

export interface BackendSuiteOptions {
  env?: Record<string, string>;
  overrides?: Partial<ServerConfig>;
  start?: StartOptions;
}

type SuiteBody = (api: ApiServer, backend: Backend) => void;

/**
 * The two halves of an API suite: `fn` declares the same tests once per backend (SQLite, then
 * PostgreSQL), each half against one server started before its first test and closed after its
 * last. `api` is that server, read through from tests and hooks (it exists only once started); `options` say what it starts with.
 */
export function describeBackends(name: string, fn: SuiteBody): void;
export function describeBackends(name: string, options: BackendSuiteOptions, fn: SuiteBody): void;
export function describeBackends(name: string, ...args: [SuiteBody] | [BackendSuiteOptions, SuiteBody]): void {
  const [options, fn] = args.length === 1 ? [{}, args[0]] : args;
  describe.each(BACKENDS)(`${name} on %s`, (backend) => {
    let running: ApiServer | undefined;
    const api = new Proxy({} as ApiServer, {
      get(_target, key) {
        if (!running) throw new Error(`the ${backend} server of "${name}" is read before its start (use it inside a test or hook)`);
        const value: unknown = Reflect.get(running, key);
        return typeof value === 'function' ? value.bind(running) : value;
      },
    });
    beforeAll(async () => {
      running = await startApiServer(backend, options.env, options.overrides, options.start);
    });
    afterAll(async () => {
      await running?.close();
      running = undefined;
    });
    fn(api, backend);
  });
}
