/**
 * Issue 36 finding 1: a feed built to make a naive reader quadratic (349k unclosed <item>, unclosed
 * comments, unclosed <link> tags, 2 MB each) is read in linear time, one at a time, so another
 * member's request keeps answering within a second while the feed checks run. The feeds come from a
 * local server the check is told to trust (FEED_TRUSTED_ADDRESSES); loopback stays refused otherwise.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';

const MB2 = 2 * 1024 * 1024;
const fill = (head: string, unit: string, tail = '') => head + unit.repeat(Math.floor((MB2 - head.length - tail.length) / unit.length)) + tail;
const FEEDS: Record<string, string> = {
  items: fill('<rss>', '<item>'),
  comments: fill('<rss><item><title>t</title></item>', '<!--'),
  links: fill('<feed><entry>', '<link '),
  linksInEntry: fill('<feed><entry><title>x</title>', '<link rel="self" href="x"', '></entry></feed>'),
  titles: fill('<rss><item>', '<title>', '</item></rss>'),
  cdata: fill('<rss><item><title>', '<![CDATA[', '</title></item></rss>'),
};

describe.each(BACKENDS)('hostile feeds (%s)', (backend) => {
  let api: ApiServer;
  let feeds: http.Server;
  let feedBase: string;
  let maya: string;
  let victor: string;

  beforeAll(async () => {
    feeds = http.createServer((req, res) => {
      const body = FEEDS[(req.url ?? '').slice(1)];
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/rss+xml' }).end(body ?? '');
    });
    await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
    feedBase = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
    api = await startApiServer(backend, { FEED_TRUSTED_ADDRESSES: '127.0.0.1' });
    [maya, victor] = await Promise.all([api.signIn('maya'), api.signIn('victor')]);
  });
  afterAll(async () => {
    await api?.close();
    await new Promise((resolve) => feeds?.close(resolve));
  });

  const feedCheck = (name: string) =>
    api.call<{ items: unknown[]; errno: number }>('GET', `external/content/rss/url/${encodeURIComponent(`${feedBase}/${name}`)}`, { token: maya });

  it('every quadratic shape is read (or refused) with an answer, not a freeze', async () => {
    for (const name of Object.keys(FEEDS)) {
      expect(FEEDS[name].length, name).toBeGreaterThan(MB2 - 16);
      expect(FEEDS[name].length, name).toBeLessThanOrEqual(MB2);
      const res = await feedCheck(name);
      expect(res.status, name).toBe(200);
      expect([0, 2], name).toContain(res.body.errno);
    }
  });

  it("another member's requests answer within a second while hostile feeds are read", async () => {
    expect((await api.call('GET', 'init', { token: victor })).status).toBe(200); // warm: the first init builds caches
    let checking = true;
    const checks = Promise.all(Object.keys(FEEDS).flatMap((name) => [feedCheck(name), feedCheck(name)])).finally(() => (checking = false));
    const waits: number[] = [];
    // Victor's ordinary reads, one after another, for as long as the feed checks run (and at least three).
    while (checking || waits.length < 3) {
      const started = performance.now();
      const res = await api.call('GET', 'init', { token: victor });
      waits.push(performance.now() - started);
      expect(res.status).toBe(200);
    }
    const answers = await checks;
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(waits.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...waits), `slowest of ${waits.length} reads: ${Math.round(Math.max(...waits))} ms`).toBeLessThan(1000);
  });

  it('loopback stays refused without FEED_TRUSTED_ADDRESSES', async () => {
    const other = await startApiServer(backend);
    try {
      const token = await other.signIn('maya');
      const res = await other.call<{ message: string }>('GET', `external/content/rss/url/${encodeURIComponent(`${feedBase}/items`)}`, { token });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('127.0.0.1 is a private, loopback or link-local address');
    } finally {
      await other.close();
    }
  });
});
