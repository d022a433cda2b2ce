/**
 * Rate limits (issue 36, server/http/rate-limits.ts): writes per account, sign-ins per address,
 * feed checks per account; over the limit a 429 with Retry-After and a message naming the limit;
 * another account keeps its own allowance. On PostgreSQL two servers on one database share the
 * count (the rate_limit_hits table), so a second process is no way around it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTessera, type RunningTessera } from '../../server/app';
import { BACKENDS, signInAt, startApiServer, type ApiServer } from '../helpers/api-server';

const LIMITS = { RATE_LIMIT_SCALE: '1', RATE_LIMITS: 'write=5/60,signIn=6/60,outbound=2/60' };

const signInForm = (url: string, accountId: string, forwardedFor?: string) =>
  fetch(`${url}/login`, {
    method: 'POST',
    body: new URLSearchParams({ accountId }),
    redirect: 'manual',
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

const keepalive = (url: string, token: string) =>
  fetch(`${url}/api/v1/user/deviceKeepalive`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });

describe.each(BACKENDS)('rate limits (%s)', (backend) => {
  let api: ApiServer;
  let maya: string;
  let victor: string;

  beforeAll(async () => {
    api = await startApiServer(backend, LIMITS);
    // Two sign-ins: four of the six sign-in calls (the login form and the secret exchange).
    maya = await api.signIn('maya');
    victor = await api.signIn('victor');
  });
  afterAll(async () => api?.close());

  it('the sixth write of an account in a minute is a 429 with Retry-After naming the limit; another account writes on', async () => {
    for (let i = 0; i < 5; i++) expect((await keepalive(api.url, maya)).status, `write ${i + 1}`).toBeLessThan(429);
    const refused = await keepalive(api.url, maya);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = (await refused.json()) as { error: string; message: string };
    expect(body.error).toBe('tooManyRequests');
    expect(body.message).toMatch(/^too many changes: at most 5 per 60 s per account; try again in \d+/);
    expect((await keepalive(api.url, victor)).status).toBeLessThan(429);
    // Reads are not limited.
    expect((await api.call('GET', 'init', { token: maya })).status).toBe(200);
  });

  it('sign-in is limited per address, more strictly', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await signInForm(api.url, 'elena')).status);
    expect(statuses.slice(0, 2).every((s) => s < 429)).toBe(true);
    expect(statuses[2]).toBe(429);
    await expect(signInAt(api.url, 'elena')).rejects.toThrow(/429/);
    // No proxy is trusted by default: a client naming another address is still itself.
    expect((await signInForm(api.url, 'elena', '203.0.113.9')).status).toBe(429);
  });

  it('feed checks are limited per account', async () => {
    const check = () => api.call('GET', `external/content/rss/url/${encodeURIComponent('http://127.0.0.1/feed')}`, { token: victor });
    expect((await check()).status).toBe(400);
    expect((await check()).status).toBe(400);
    const refused = await check();
    expect(refused.status).toBe(429);
    expect((refused.body as { message: string }).message).toContain('too many feed checks: at most 2 per 60 s per account');
  });
});

describe('rate limits shared by two servers on one PostgreSQL database', () => {
  let api: ApiServer;
  let second: RunningTessera;

  beforeAll(async () => {
    api = await startApiServer('postgres', LIMITS);
    second = await startTessera({ ...api.server.ctx.config, port: 0 });
  });
  afterAll(async () => {
    await second?.close();
    await api?.close();
  });

  it('writes through either server count against one allowance', async () => {
    const maya = await api.signIn('maya');
    for (let i = 0; i < 5; i++) expect((await keepalive(i % 2 ? second.url : api.url, maya)).status, `write ${i + 1}`).toBeLessThan(429);
    expect((await keepalive(second.url, maya)).status).toBe(429);
    expect((await keepalive(api.url, maya)).status).toBe(429);
  });
});

describe('rate limits behind a trusted proxy (TRUST_PROXY)', () => {
  let api: ApiServer;

  beforeAll(async () => {
    api = await startApiServer('sqlite', { ...LIMITS, RATE_LIMITS: 'signIn=2/60', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => api?.close());

  it('counts sign-ins per client address the proxy names, not per proxy', async () => {
    const first = [await signInForm(api.url, 'elena', '198.51.100.1'), await signInForm(api.url, 'elena', '198.51.100.1')];
    expect(first.map((r) => r.status < 429)).toEqual([true, true]);
    expect((await signInForm(api.url, 'elena', '198.51.100.1')).status).toBe(429);
    // Another member behind the same proxy keeps her own allowance.
    expect((await signInForm(api.url, 'elena', '198.51.100.2')).status).toBeLessThan(429);
  });
});
