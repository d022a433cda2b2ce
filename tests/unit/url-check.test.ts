/** In-app paths (actionButton, clickable, in-text links, logout): the one rule that keeps them on our origin. */
import { describe, expect, it } from 'vitest';
import { checkAppPath, checkEmbedUrl } from '../../engine/core/url-check';
import { isLink } from '../../engine/core/validation/links';

describe('checkAppPath', () => {
  it.each(['/home/welcome', '/members-area/my-settings?tab=a#x', '/', '/a/b/../c'])('accepts %j', (path) => {
    expect(checkAppPath(path)).toEqual({ ok: true, path });
  });

  it.each([
    '/\\evil.example/p',
    '//evil.example/p',
    '/\t/evil.example/p',
    '/\n/evil.example',
    '\\\\evil.example',
    'https://evil.example/',
    'home',
    '',
    undefined,
    5,
  ])('refuses %j: it would leave the site or is no path', (path) => {
    expect(checkAppPath(path).ok).toBe(false);
  });

  it('isLink uses it: a leading-slash link that leaves the site is no link', () => {
    expect(isLink('/ok/path')).toBe(true);
    expect(isLink('/\\evil.example/p')).toBe(false);
  });
});

describe('checkEmbedUrl', () => {
  it('accepts https with a host only (the CSP frame-src allows exactly this)', () => {
    expect(checkEmbedUrl('https://www.openstreetmap.org/export/embed.html').ok).toBe(true);
    expect(checkEmbedUrl('http://example.org/').ok).toBe(false);
    expect(checkEmbedUrl('javascript:alert(1)').ok).toBe(false);
  });
});
