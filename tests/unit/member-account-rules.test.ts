/**
 * Rules of engine/core the server and the browser share about a member's account: where the
 * language and the connectivity privacy are read from, and whose app an item grant change reaches.
 */
import { describe, expect, it } from 'vitest';
import { accountLocale, publishedLanguages } from '../../engine/core/i18n/languages';
import { itemGrantChangeAffects, type PermissionHolder } from '../../engine/core/permissions';
import { isConnectivityPrivate } from '../../engine/core/profile-privacy';
import type { Block, ProfileMeta } from '../../schemas/model';
import { modalContentTypes } from '../../web/engine/modal-preload';

describe('the account language (profile meta language)', () => {
  const settings = { languages: { default: 'en', published: ['en', 'fr'] } };
  it('is the stored choice when published, else the default', () => {
    expect(accountLocale(settings, 'fr')).toBe('fr');
    expect(accountLocale(settings, 'de')).toBe('en');
    expect(accountLocale(settings, 7)).toBe('en');
    expect(accountLocale(settings, undefined)).toBe('en');
  });
  it('without published languages only the default (or en) may be chosen', () => {
    expect(publishedLanguages({ languages: { default: 'cy' } })).toEqual(['cy']);
    expect(publishedLanguages({})).toEqual(['en']);
    expect(accountLocale({}, 'fr')).toBe('en');
  });
});

describe('connectivity privacy (profile meta settings.privacy.isConnectivityPrivate)', () => {
  it('is private only when that flag is true; corrupt meta reads as not private', () => {
    expect(isConnectivityPrivate({ settings: { privacy: { isConnectivityPrivate: true } } })).toBe(true);
    expect(isConnectivityPrivate({ settings: { privacy: { isConnectivityPrivate: false } } })).toBe(false);
    expect(isConnectivityPrivate({})).toBe(false);
    expect(isConnectivityPrivate(undefined)).toBe(false);
    for (const corrupt of [{ settings: 'x' }, { settings: { privacy: null } }, { settings: { privacy: { isConnectivityPrivate: 'true' } } }, 'meta'])
      expect(isConnectivityPrivate(corrupt as unknown as ProfileMeta)).toBe(false);
  });
});

describe('whose app a change of item grants reaches (permissions:update)', () => {
  const admin: PermissionHolder = { isAdmin: true };
  const member: PermissionHolder = { isAdmin: false, permissions: { 'items.pages': { manageSettings: true } } };
  const elevated: PermissionHolder = { isAdmin: false, isElevated: true, basePaths: { 'items.pages': { manageSettings: true } } };
  it('never admins (they pass every check) nor ordinary members (they get no item grants)', () => {
    expect(itemGrantChangeAffects(admin, 'items.pages', 'news', {}, { manageSettings: false })).toBe(false);
    expect(itemGrantChangeAffects(member, 'items.pages', 'news', {}, { manageSettings: false })).toBe(false);
  });
  it('an elevated user only when some action’s answer flips', () => {
    // Granting what the base paths already give changes nothing.
    expect(itemGrantChangeAffects(elevated, 'items.pages', 'news', {}, { manageSettings: true })).toBe(false);
    expect(itemGrantChangeAffects(elevated, 'items.pages', 'news', { manageSettings: true }, { manageSettings: false })).toBe(true);
    expect(itemGrantChangeAffects(elevated, 'items.pages', 'news', {}, { manageCss: true })).toBe(true);
    // Another item's grants are kept as they are.
    const granted: PermissionHolder = { ...elevated, itemPermissions: { faq: { manageCss: true } } };
    expect(itemGrantChangeAffects(granted, 'items.pages', 'news', { manageCss: false }, {})).toBe(false);
  });
});

describe('what a page preloads for its modals', () => {
  const blocks: Record<string, Block> = {
    intro: { id: 'intro', type: 'plainText' },
    rules: { id: 'rules', type: 'modal', children: ['r1', 'loop'] },
    r1: { id: 'r1', type: 'callout', children: ['r2'] },
    r2: { id: 'r2', type: 'qrCode' },
    loop: { id: 'loop', type: 'container', children: ['rules'] },
    own: { id: 'own', type: 'modalChain', children: ['o1'] },
    o1: { id: 'o1', type: 'htmlBlock' },
  };
  it('the types inside its modal blocks and its own modal, at any depth; cycles and missing blocks skipped', () => {
    const page = { id: 'p', slug: 'p', name: 'P', children: ['intro', 'rules', 'gone'], relatedBlocks: { modal: 'own' } };
    expect(modalContentTypes(page, (id) => blocks[id]).sort()).toEqual(['callout', 'container', 'htmlBlock', 'modalChain', 'qrCode']);
    expect(modalContentTypes({ id: 'q', slug: 'q', name: 'Q', children: ['intro'] }, (id) => blocks[id])).toEqual([]);
    expect(modalContentTypes(undefined, (id) => blocks[id])).toEqual([]);
  });
});
