import { describe, expect, it } from 'vitest';
import { footerLinks, footerLogoSrc } from '../../web/shell/footer-rules';
import { createKeySequence, KONAMI, throttle, toggleSafeModeUrl } from '../../web/shell/shortcuts';
import { userControlEntries } from '../../web/shell/user-controls-rules';

describe('shell key helpers', () => {
  it('throttles calls to one per interval (leading edge)', () => {
    let now = 0;
    let calls = 0;
    const toggle = throttle(
      () => calls++,
      1000,
      () => now,
    );
    toggle();
    now = 999;
    toggle();
    now = 1000;
    toggle();
    expect(calls).toBe(2);
  });
  it('recognises up up down down left right left right b a, also after a false start', () => {
    let matches = 0;
    const feed = createKeySequence(KONAMI, () => matches++);
    for (const k of ['ArrowUp', ...KONAMI]) feed(k);
    expect(matches).toBe(1);
    for (const k of KONAMI.slice(0, 9)) feed(k);
    feed('x');
    expect(matches).toBe(1);
    for (const k of KONAMI) feed(k.toUpperCase() === 'B' || k === 'a' ? k.toUpperCase() : k);
    expect(matches).toBe(2);
  });
  it('switches safe mode through the query', () => {
    expect(toggleSafeModeUrl(new URL('http://x/app/a?tab=1'), false).search).toBe('?tab=1&safeMode=on');
    expect(toggleSafeModeUrl(new URL('http://x/app/a?safeMode=on'), true).search).toBe('');
  });
});

describe('user controls (spec 1)', () => {
  const base = { defaultPagesView: {}, socialSignInEnabled: false, publishedLanguages: ['en'], themeSelectable: false };
  it('always has profile, notifications, accessibility, privacy and logout', () => {
    expect(userControlEntries(base)).toEqual(['myProfile', 'notifications', 'accessibility', 'privacy', 'logout']);
  });
  it('adds my account and manage logins by default-page permission, logins only with social sign-in, language and theme by their conditions', () => {
    expect(
      userControlEntries({
        defaultPagesView: { myAccount: true, socialSignIn: true },
        socialSignInEnabled: true,
        publishedLanguages: ['en', 'fr'],
        themeSelectable: true,
      }),
    ).toEqual(['myProfile', 'myAccount', 'manageLogins', 'notifications', 'accessibility', 'privacy', 'language', 'theme', 'logout']);
    expect(userControlEntries({ ...base, defaultPagesView: { socialSignIn: true } })).not.toContain('manageLogins');
  });
});

describe('footer (spec 1)', () => {
  it('uses the footer logo, else the brand logo, else the default image', () => {
    const brand = { brandId: '1', brandName: 'B', settings: { logoId: 'b1' } };
    expect(footerLogoSrc('/api/v1', 'f1', brand, 'tok', '/d.svg')).toBe('/api/v1/image/f1?token=tok&thumb=true&width=500');
    expect(footerLogoSrc('/api/v1', undefined, brand, 'tok', '/d.svg')).toBe('/api/v1/image/b1?token=tok&thumb=true&width=500');
    expect(footerLogoSrc('/api/v1', undefined, undefined, 'tok', '/d.svg')).toBe('/d.svg');
    // Without the media token there is no media URL: the default image (spec 8).
    expect(footerLogoSrc('/api/v1', 'f1', brand, undefined, '/d.svg')).toBe('/d.svg');
  });
  it('lists the configured links in order, custom ones with their label', () => {
    expect(footerLinks({ terms: '/t', privacyPolicy: '/p', custom2: { label: 'Blog', url: 'https://b' }, custom1: { label: '', url: 'x' } })).toEqual([
      { key: 'privacyPolicy', labelKey: 'shell.footer.privacyPolicy', href: '/p' },
      { key: 'terms', labelKey: 'shell.footer.terms', href: '/t' },
      { key: 'custom2', label: 'Blog', href: 'https://b' },
    ]);
  });
});
