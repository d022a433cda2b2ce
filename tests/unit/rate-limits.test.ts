/** Which routes the rate limits cover, and the RATE_LIMITS / RATE_LIMIT_SCALE settings (server/http/rate-limits.ts). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, rateLimitClassOf, rateLimitsFromEnv } from '../../server/http/rate-limits';

describe('rate limit classes', () => {
  it.each([
    ['POST', '/login', 'signIn'],
    ['POST', '/api/v1/auth/tradeSecret', 'signIn'],
    ['POST', '/api/v1/auth/refresh', 'signIn'],
    ['GET', '/api/v1/external/content/rss/url/:url', 'outbound'],
    ['POST', '/api/v1/profile/search', 'heavy'],
    ['GET', '/api/v1/structure/block/search', 'heavy'],
    ['POST', '/api/v1/admin/rules/preview', 'heavy'],
    ['POST', '/api/v1/files/upload', 'write'],
    ['DELETE', '/api/v1/structure/block/:id', 'write'],
    ['PUT', '/api/v1/structure/page', 'write'],
    ['PUT', '/api/v1/communications/:targetId', 'postSend'],
    ['PUT', '/api/v1/structure/block/:id/comment', 'postSend'],
    ['POST', '/api/v1/communications/:targetId/:id/reaction', 'write'],
    ['GET', '/api/v1/communications/search', 'heavy'],
    ['GET', '/api/v1/init', undefined],
    ['GET', '/api/v1/image/:id', undefined],
    ['GET', '/login', undefined],
  ])('%s %s: %s', (method, url, kind) => {
    expect(rateLimitClassOf(method, url)).toBe(kind);
  });
});

describe('rate limit settings', () => {
  it('real limits by default; RATE_LIMITS overrides a class, RATE_LIMIT_SCALE multiplies every max', () => {
    expect(rateLimitsFromEnv({})).toEqual(DEFAULT_RATE_LIMITS);
    const set = rateLimitsFromEnv({ RATE_LIMITS: 'write=5/10, signIn=2/60', RATE_LIMIT_SCALE: '3' });
    expect(set.write).toEqual({ max: 15, windowMs: 10_000 });
    expect(set.signIn).toEqual({ max: 6, windowMs: 60_000 });
    expect(set.heavy).toEqual({ max: DEFAULT_RATE_LIMITS.heavy.max * 3, windowMs: DEFAULT_RATE_LIMITS.heavy.windowMs });
  });
  it('refuses settings it cannot read, naming them', () => {
    expect(() => rateLimitsFromEnv({ RATE_LIMITS: 'writes=5/10' })).toThrow('RATE_LIMITS: "writes=5/10" must read');
    expect(() => rateLimitsFromEnv({ RATE_LIMIT_SCALE: '0' })).toThrow('RATE_LIMIT_SCALE must be a whole number from 1 up, got "0"');
  });
});
