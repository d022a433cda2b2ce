import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { Block } from '../../schemas/model';
import type { PageResponse } from '../../schemas/model/api/structure';
import { BACKENDS, backendEnv, signInAt as signIn, createSchemaName, dropSchema, requirePostgres } from '../helpers/api-server';
import { startServer, type RunningServer } from '../helpers/server-process';

describe.each(BACKENDS)('durability on %s', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('after SIGKILL during a burst of writes, every acknowledged write is there and nothing is corrupted', async () => {
    let schema: string | undefined;
    if (backend === 'postgres') {
      await requirePostgres();
      schema = await createSchemaName();
      cleanups.push(() => dropSchema(schema!));
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-kill-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env = backendEnv(backend, schema);
    let server: RunningServer = await startServer(env, dataDir);
    cleanups.push(() => server.stop('SIGKILL'));
    const token = await signIn(server.url, 'admin');

    const acknowledged: string[] = [];
    let killed = false;
    const writer = async (worker: number) => {
      for (let i = 0; !killed; i++) {
        const id = `burst-${worker}-${i}`;
        try {
          const res = await fetch(`${server.url}/api/v1/structure/block`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ pageId: 'news', block: { id, type: 'plainText', options: { text: `write ${i} of worker ${worker}` } } }),
          });
          if (res.status === 200) acknowledged.push(id);
          else if (!killed) throw new Error(`write ${id} failed with ${res.status}: ${await res.text()}`);
        } catch (error) {
          if (!killed) throw error;
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => writer(w));
    while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 5));
    killed = true;
    server.process.kill('SIGKILL');
    await Promise.allSettled(workers);
    await new Promise<void>((resolve) =>
      server.process.exitCode !== null || server.process.signalCode ? resolve() : server.process.once('exit', () => resolve()),
    );

    if (backend === 'sqlite') {
      const file = new Database(path.join(dataDir, 'tessera.sqlite'));
      expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
      file.close();
    }
    server = await startServer(env, dataDir);
    const fresh = await signIn(server.url, 'admin');
    const res = await fetch(`${server.url}/api/v1/structure/page/news`, { headers: { authorization: `Bearer ${fresh}` } });
    const doc = (await res.json()) as PageResponse;
    const onPage = new Set(doc.page.children);
    const missing = acknowledged.filter((id) => !onPage.has(id));
    expect(missing).toEqual([]);
    // Consistency: every child the page lists exists, and every burst block is placed exactly once.
    const blockIds = new Set(doc.blocks.map((b: Block) => b.id));
    expect(doc.page.children!.filter((id) => !blockIds.has(id))).toEqual([]);
    expect(new Set(doc.page.children).size).toBe(doc.page.children!.length);
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);
  });
});
