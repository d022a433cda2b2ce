import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { applyShellEvent } from '../../web/realtime/shell-events';
import { i18nOverridesAtom, localeAtom, settingsAtom, toastsAtom, translatorAtom } from '../../web/shell/shell-state';

describe('realtime events the shell applies (spec 7.6)', () => {
  it('merges settings changes', () => {
    const store = createStore();
    store.set(settingsAtom, { siteName: 'Old', themeModeEnabled: true });
    expect(applyShellEvent(store, 'settings:updated', { siteName: 'New' })).toBe(true);
    expect(store.get(settingsAtom)).toEqual({ siteName: 'New', themeModeEnabled: true });
  });
  it('applies i18n overrides for the current language only, so labels change live', () => {
    const store = createStore();
    store.set(localeAtom, 'fr');
    expect(applyShellEvent(store, 'i18n:update', { iso: 'en', overrides: { 'nav.more': 'Extra' } })).toBe(false);
    expect(applyShellEvent(store, 'i18n:update', { iso: 'fr', overrides: { 'nav.more': 'Davantage', bad: 3 } })).toBe(true);
    expect(store.get(i18nOverridesAtom)).toEqual({ 'nav.more': 'Davantage' });
    expect(store.get(translatorAtom).t('nav.more')).toBe('Davantage');
  });
  it('shows server messages as info toasts and ignores what it does not know', () => {
    const store = createStore();
    expect(applyShellEvent(store, 'SERVER_MESSAGE', { message: 'Maintenance at 6' })).toBe(true);
    expect(store.get(toastsAtom)).toMatchObject([{ type: 'info', message: 'Maintenance at 6' }]);
    expect(applyShellEvent(store, 'insights:reports', {})).toBe(false);
    expect(applyShellEvent(store, 'settings:updated', 'nonsense')).toBe(false);
  });
});
