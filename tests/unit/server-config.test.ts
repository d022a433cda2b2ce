import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config';

const trust = (TRUST_PROXY?: string) => configFromEnv({ TRUST_PROXY }, '/srv/tessera').trustProxy;

describe('TRUST_PROXY (server/config.ts)', () => {
  it('trusts no proxy unless told, then the named proxies', () => {
    expect([trust(), trust(''), trust('false')]).toEqual([false, false, false]);
    expect(trust('10.0.0.0/8, 127.0.0.1,::1,fd00::/8')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']);
  });

  it('refuses trusting everyone, hop counts and malformed entries, naming them', () => {
    expect(() => trust('2')).toThrow(/got "2"/);
    expect(() => trust('true')).toThrow(/TRUST_PROXY .*got "true"/);
    expect(() => trust('10.0.0.0/33')).toThrow(/got "10.0.0.0\/33"/);
    expect(() => trust('proxy.internal')).toThrow(/got "proxy.internal"/);
    expect(() => trust('0')).toThrow(/TRUST_PROXY/);
    expect(() => trust(',')).toThrow(/TRUST_PROXY/);
  });
});
