/**
 * The document cache across processes on PostgreSQL (server/storage/shared-cache.ts): two servers
 * on one schema, each its own store and cache, as two processes. A write through one is answered
 * by the other on the next request, and drops there only the documents it changed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListMembership, Profile } from '../../schemas/model';
import { setMemberships } from '../../server/lists/memberships';
import { projectRoot } from '../../scripts/paths';
import { startTessera, type RunningTessera } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { backendEnv, createSchemaName, dropSchema, requirePostgres, signInAt } from '../helpers/api-server';

describe('the document cache of two processes sharing PostgreSQL', () => {
  let a: RunningTessera;
  let b: RunningTessera;
  let schema: string;
  let dataDir: string;
  beforeAll(async () => {
    await requirePostgres();
    schema = await createSchemaName();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-cache-'));
    const config = configFromEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...backendEnv('postgres', schema) }, projectRoot);
    a = await startTessera(config);
    b = await startTessera(config);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    if (schema) await dropSchema(schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async <T>(server: RunningTessera, method: string, p: string, token: string, body?: unknown) => {
    const res = await fetch(`${server.url}/api/v1/${p}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as T };
  };

  it('answers a write made through the other process at once, dropping only what it changed', async () => {
    const maya = await signInAt(a.url, 'maya');
    const admin = await signInAt(a.url, 'admin');
    for (const id of ['maya', 'victor', 'elena']) expect((await call(b, 'GET', `profile/${id}`, maya)).status).toBe(200);
    for (const round of [1, 2, 3]) {
      const dropped = b.ctx.store.droppedByOthers;
      const headline = `Round ${round}`;
      expect((await call(a, 'POST', 'profile/forceUpdateProfile/maya', admin, { changes: { headline } })).status).toBe(200);
      expect((await call<Profile>(b, 'GET', 'profile/maya', maya)).body.data.profile.headline).toBe(headline);
      // Maya's profile only: the accounts and the other profiles B holds stay in its cache.
      expect(b.ctx.store.droppedByOthers - dropped).toBe(1);
    }
  });

  it('a deleted account is gone for the other process on its next request, memberships and all', async () => {
    const owen = await signInAt(b.url, 'owen');
    expect((await call(b, 'GET', 'user/listMemberships', owen)).status).toBe(200);
    const admin = await signInAt(a.url, 'admin');
    expect((await call(a, 'DELETE', 'profile/owen', admin)).status).toBe(200);
    expect((await call(b, 'GET', 'user/listMemberships', owen)).status).toBe(401);
    expect((await call(b, 'GET', 'profile/owen', await signInAt(b.url, 'maya'))).status).toBe(404);
  });

  it('a membership change committed by one process is what the other answers next', async () => {
    const victor = await signInAt(b.url, 'victor');
    const listsOf = async () => (await call<ListMembership[]>(b, 'GET', 'user/listMemberships', victor)).body.map((m) => `${m.userListId}:${m.state}`);
    expect(await listsOf()).toEqual(['volunteers:accepted']);
    await a.ctx.store.transaction((tx) => setMemberships(tx, 'victor', [{ id: 'lm-victor-volunteers', userListId: 'volunteers', state: 'withdrawn' }]));
    expect(await listsOf()).toEqual(['volunteers:withdrawn']);
  });

  it('a keepalive through one process drops nothing from the other', async () => {
    const maya = await signInAt(a.url, 'maya');
    expect((await call(b, 'GET', 'init', maya)).status).toBe(200);
    const dropped = b.ctx.store.droppedByOthers;
    const keep = await call<{ keepaliveTimestamp: number }>(a, 'POST', 'user/deviceKeepalive', maya, { deviceId: 'tablet' });
    expect((await call<Profile>(b, 'GET', 'profile/maya', maya)).body.keepaliveTimestamp).toBe(keep.body.keepaliveTimestamp);
    expect(b.ctx.store.droppedByOthers).toBe(dropped);
  });
});
