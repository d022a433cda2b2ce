import zlib from 'node:zlib';
import http from 'node:http';
import { beforeAll, expect, it } from 'vitest';
import type { InitResponse } from '../../schemas/model/api/session';
import { describeBackends } from '../helpers/backends';

/** A GET with exactly these headers (fetch would add and undo its own accept-encoding), body raw. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const decode = (encoding: string | undefined, body: Buffer) =>
  JSON.parse((encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8'));

describeBackends('init and page answers in the encoding asked for,', (api) => {
  let maya: string;
  const initPath = `/api/v1/init?opts=${encodeURIComponent(JSON.stringify({ pageId: 'welcome' }))}`;
  const pagePath = '/api/v1/structure/page/welcome';
  beforeAll(async () => {
    maya = await api.signIn('maya');
  });

  const get = (path: string, acceptEncoding?: string, token = maya) =>
    rawGet(api.url + path, { authorization: `Bearer ${token}`, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) });

  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    [undefined, undefined],
  ])('accept-encoding %s answers %s, the same JSON each time and as sent uncompressed', async (accept, expected) => {
    for (const path of [initPath, pagePath]) {
      const plain = decode(undefined, (await get(path, 'identity')).body);
      // Twice: the second answer comes from the memo (SQLite) with its kept compressed bytes.
      for (let i = 0; i < 2; i++) {
        const res = await get(path, accept);
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe(expected);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(decode(expected, res.body)).toEqual(plain);
      }
    }
  });

  it('a write changes the compressed answers too', async () => {
    const admin = await api.signIn('admin');
    const before = decode('br', (await get(initPath, 'br')).body) as InitResponse;
    decode('br', (await get(pagePath, 'br')).body);
    const title = `${before.page!.page.name} (changed)`;
    expect((await api.call('POST', 'structure/page/welcome/property', { token: admin, body: { key: 'name', value: title } })).status).toBe(200);
    const init = decode('br', (await get(initPath, 'br')).body) as InitResponse;
    expect(init.page!.page.name).toBe(title);
    expect(init.structure.modules.flatMap((m) => m.pages).find((p) => p.id === 'welcome')!.name).toBe(title);
    expect(decode('gzip', (await get(pagePath, 'gzip')).body).page.name).toBe(title);
    expect(decode('br', (await get(pagePath, 'br')).body).page.name).toBe(title);
  });

  it('each session gets its own init answer, its own token in it', async () => {
    const other = await api.signIn('maya');
    const mine = decode('br', (await get(initPath, 'br, gzip')).body) as InitResponse;
    const theirs = decode('br', (await get(initPath, 'br, gzip', other)).body) as InitResponse;
    expect(mine.user.jwt).toBe(maya);
    expect(theirs.user.jwt).toBe(other);
  });
});
