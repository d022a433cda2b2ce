import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { webDataLayer } from '../../web/engine/data-layer';
import type { ApiClient } from '../../web/api/client';
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
  it('i18n updates with null remove an override, so the catalogue text shows again', () => {
    const store = createStore();
    store.set(i18nOverridesAtom, { 'nav.more': 'Extra', 'nav.less': 'Fewer' });
    expect(applyShellEvent(store, 'i18n:update', { iso: 'en', overrides: { 'nav.more': null } })).toBe(true);
    expect(store.get(i18nOverridesAtom)).toEqual({ 'nav.less': 'Fewer' });
  });
  it('profile:update replaces the meta of a loaded profile and leaves unloaded ones alone', () => {
    const store = createStore();
    // No call is made: the profile is put in directly, as init or a save would.
    const { profiles } = webDataLayer(store, {} as ApiClient, 'maya');
    profiles.put('maya', { accountId: 'maya', data: { profile: { firstName: 'Maya' }, meta: {} } });
    expect(applyShellEvent(store, 'profile:update', { accountId: 'maya', meta: { block: { m: { shown: true } } } })).toBe(true);
    expect(profiles.peek('maya')).toEqual({
      state: 'ready',
      value: { accountId: 'maya', data: { profile: { firstName: 'Maya' }, meta: { block: { m: { shown: true } } } } },
    });
    applyShellEvent(store, 'profile:update', { accountId: 'victor', meta: {} });
    expect(profiles.peek('victor')).toBeUndefined();
  });
  it('shows server messages as info toasts and ignores what it does not know', () => {
    const store = createStore();
    expect(applyShellEvent(store, 'SERVER_MESSAGE', { message: 'Maintenance at 6' })).toBe(true);
    expect(store.get(toastsAtom)).toMatchObject([{ type: 'info', message: 'Maintenance at 6' }]);
    expect(applyShellEvent(store, 'insights:reports', {})).toBe(false);
    expect(applyShellEvent(store, 'settings:updated', 'nonsense')).toBe(false);
  });
});
