import { createStore } from 'jotai';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { moduleAtom, moduleOrderAtom } from '../../engine/react/structure-store';
import type { SettingsUpdatedEvent } from '../../schemas/model';
import { profilesSlice } from '../../engine/data/profiles';
import { webDataLayer } from '../../web/engine/data-layer';
import type { ApiClient } from '../../web/api/client';
import type { AppInit } from '../../web/api/init-adapter';
import { applyShellEvent } from '../../web/realtime/shell-events';
import type { SettingsEventEnv } from '../../web/realtime/settings-updated';
import {
  i18nOverridesAtom,
  localeAtom,
  sessionAtom,
  settingsAtom,
  themeModeAtom,
  themeSelectableAtom,
  toastsAtom,
  translatorAtom,
} from '../../web/shell/shell-state';
import { BRAND_STYLESHEET_ID, THEME_MODE_KEY } from '../../web/theme/theme';
import { MemoryStorage } from '../helpers/memory-storage';

function testEnv(): SettingsEventEnv {
  return { doc: new JSDOM('<!doctype html><html><head></head></html>').window.document, storage: new MemoryStorage(), apiBase: '/api/v1', prefersDark: false };
}
const noEnv = (): SettingsEventEnv => {
  throw new Error('only settings:updated needs the document');
};

describe('realtime events the shell applies (spec 7.6)', () => {
  it('settings:updated replaces the settings whole: a removed key goes, no payload key lands in them', () => {
    const store = createStore();
    store.set(settingsAtom, { siteName: 'Old', footer: { logoId: '7' } });
    const event: SettingsUpdatedEvent = { name: 'siteName', settings: { siteName: 'New', themeModeEnabled: false }, activeBrand: null };
    expect(applyShellEvent(store, 'settings:updated', event, testEnv)).toBe(true);
    expect(store.get(settingsAtom)).toEqual({ siteName: 'New', themeModeEnabled: false });
  });
  it('settings:updated brings the session, the theme mode, the brand style sheet and the module order along', () => {
    const store = createStore();
    const env = testEnv();
    env.storage.setItem(THEME_MODE_KEY, 'dark');
    store.set(sessionAtom, { settings: {}, activeBrand: undefined } as unknown as AppInit);
    store.set(moduleAtom('a'), { id: 'a', slug: 'a', name: 'A' });
    store.set(moduleAtom('b'), { id: 'b', slug: 'b', name: 'B' });
    store.set(moduleOrderAtom, ['a', 'b']);
    const event: SettingsUpdatedEvent = {
      name: 'brand',
      settings: { themeModeEnabled: true, structure: { orders: { modules: { order: ['hidden', 'b', 'a'] } } } },
      activeBrand: { brandId: '2', brandName: 'Night', settings: { logoId: '9' } },
    };
    expect(applyShellEvent(store, 'settings:updated', event, () => env)).toBe(true);
    expect(store.get(sessionAtom)).toMatchObject({ settings: event.settings, activeBrand: event.activeBrand });
    // Theming was switched on: the member's stored choice applies at once.
    expect([store.get(themeModeAtom), store.get(themeSelectableAtom)]).toEqual(['dark', true]);
    expect(env.doc.documentElement.dataset.theme).toBe('dark');
    expect(env.doc.getElementById(BRAND_STYLESHEET_ID)?.getAttribute('href')).toBe('/api/v1/service/brands/active/theme.css?v=1');
    // A module the member does not have stays out of the order.
    expect(store.get(moduleOrderAtom)).toEqual(['b', 'a']);
  });
  it('settings:updated of another shape changes nothing', () => {
    const store = createStore();
    store.set(settingsAtom, { siteName: 'Kept' });
    for (const payload of ['nonsense', { siteName: 'Partial' }, { name: 'theme', brandId: '1' }, { name: 'x', settings: {}, activeBrand: { brandId: 3 } }])
      expect(applyShellEvent(store, 'settings:updated', payload, testEnv)).toBe(false);
    expect(store.get(settingsAtom)).toEqual({ siteName: 'Kept' });
  });
  it('applies i18n overrides for the current language only, so labels change live', () => {
    const store = createStore();
    store.set(localeAtom, 'fr');
    expect(applyShellEvent(store, 'i18n:update', { iso: 'en', overrides: { 'nav.more': 'Extra' } }, noEnv)).toBe(false);
    expect(applyShellEvent(store, 'i18n:update', { iso: 'fr', overrides: { 'nav.more': 'Davantage', bad: 3 } }, noEnv)).toBe(true);
    expect(store.get(i18nOverridesAtom)).toEqual({ 'nav.more': 'Davantage' });
    expect(store.get(translatorAtom).t('nav.more')).toBe('Davantage');
  });
  it('i18n updates with null remove an override, so the catalogue text shows again', () => {
    const store = createStore();
    store.set(i18nOverridesAtom, { 'nav.more': 'Extra', 'nav.less': 'Fewer' });
    expect(applyShellEvent(store, 'i18n:update', { iso: 'en', overrides: { 'nav.more': null } }, noEnv)).toBe(true);
    expect(store.get(i18nOverridesAtom)).toEqual({ 'nav.less': 'Fewer' });
  });
  it('profile:update replaces the meta of a loaded profile and leaves unloaded ones alone', () => {
    const store = createStore();
    // No call is made: the profile is put in directly, as init or a save would.
    const profiles = webDataLayer(store, {} as ApiClient, 'maya').slice(profilesSlice);
    profiles.put('maya', { accountId: 'maya', data: { profile: { firstName: 'Maya' }, meta: {} } });
    expect(applyShellEvent(store, 'profile:update', { accountId: 'maya', meta: { block: { m: { shown: true } } } }, noEnv)).toBe(true);
    expect(profiles.peek('maya')).toEqual({
      state: 'ready',
      value: { accountId: 'maya', data: { profile: { firstName: 'Maya' }, meta: { block: { m: { shown: true } } } } },
    });
    applyShellEvent(store, 'profile:update', { accountId: 'victor', meta: {} }, noEnv);
    expect(profiles.peek('victor')).toBeUndefined();
  });
  it('shows server messages as info toasts and ignores what it does not know', () => {
    const store = createStore();
    expect(applyShellEvent(store, 'SERVER_MESSAGE', { message: 'Maintenance at 6' }, noEnv)).toBe(true);
    expect(store.get(toastsAtom)).toMatchObject([{ type: 'info', message: 'Maintenance at 6' }]);
    expect(applyShellEvent(store, 'insights:reports', {}, noEnv)).toBe(false);
  });
});
