import { describe, expect, it } from 'vitest';
import {
  can,
  canAddModules,
  canAddPages,
  canEditItem,
  canManageEditMode,
  canMoveModules,
  canMovePages,
  canViewAs,
  settingsTabs,
  type PermissionUser,
} from '../../admin/core/permissions';
import { dropSlots, findPlacement, isSamePlace, targetIndexAfterRemoval } from '../../admin/core/placement';
import { checkSlugText, slugFromName } from '../../admin/navigation/slug';
import { fieldErrorsToErrorSchema } from '../../admin/block-editor/server-errors';
import type { Block, Page } from '../../schemas/model';

describe('admin permission checks (spec 6)', () => {
  const none: PermissionUser = { isAdmin: false, permissions: {} };
  it('admins pass every check; nobody passes without a grant', () => {
    const admin: PermissionUser = { isAdmin: true, permissions: {} };
    expect([canManageEditMode(admin), canAddModules(admin), canMovePages(admin, 'm1'), settingsTabs(admin, 'items.pages', 'p1').length]).toEqual([
      true,
      true,
      true,
      5,
    ]);
    expect([
      canManageEditMode(none),
      canAddModules(none),
      canMoveModules(none),
      canAddPages(none, 'm1'),
      canViewAs(none),
      canEditItem(none, 'items.pages', 'p1'),
    ]).toEqual([false, false, false, false, false, false]);
    expect(canManageEditMode(undefined)).toBe(false);
  });

  it('for elevated users an item grant wins, then the user permissions, then the base paths', () => {
    const user: PermissionUser = {
      isAdmin: false,
      isElevated: true,
      permissions: { 'items.modules': { addChildren: true } },
      basePaths: { 'items.modules': { moveChildren: true, move: true } },
      itemPermissions: { m2: { addChildren: false } },
    };
    expect(canAddPages(user, 'm1')).toBe(true);
    expect(canAddPages(user, 'm2')).toBe(false);
    expect(canMovePages(user, 'm1')).toBe(true);
    expect(canMoveModules(user)).toBe(true);
    expect(can(user, 'delete', 'items.modules')).toBe(false);
    // The user's own permission comes before the base path it falls back to.
    expect(can({ ...user, permissions: { 'items.modules': { move: false } } }, 'move', 'items.modules')).toBe(false);
  });

  it('ordinary users pass what they are granted; item grants are for elevated users only', () => {
    const member: PermissionUser = { isAdmin: false, permissions: { 'items.modules': { addModules: true } }, itemPermissions: { m1: { addChildren: true } } };
    expect(canAddModules(member)).toBe(true);
    expect(canAddPages(member, 'm1')).toBe(false);
  });

  it('the edit cog needs managePermissions, manageSettings or manageVisibility; tabs follow their own permission', () => {
    const designer: PermissionUser = { isAdmin: false, isElevated: true, permissions: {}, itemPermissions: { p1: { manageDesign: true, manageCss: true } } };
    expect(canEditItem(designer, 'items.pages', 'p1')).toBe(false);
    expect(settingsTabs(designer, 'items.pages', 'p1')).toEqual(['design', 'style']);
    const visibility: PermissionUser = { isAdmin: false, permissions: { 'items.pages': { manageVisibility: true } } };
    expect(canEditItem(visibility, 'items.pages', 'p9')).toBe(true);
    expect(settingsTabs(visibility, 'items.pages', 'p9')).toEqual(['visibility']);
  });
});

describe('block placement', () => {
  const blocks = new Map<string, Block>([
    ['a', { id: 'a', type: 'plainText' }],
    ['g', { id: 'g', type: 'columns', columns: [6, 6], children: ['c'], positions: { 'col-0': ['c'] } }],
    ['c', { id: 'c', type: 'plainText' }],
    ['gone', { id: 'gone', type: 'plainText', wasDeleted: true }],
  ]);
  const page: Page = { id: 'p', slug: 'p', name: 'P', children: ['a', 'gone', 'g'] };
  const get = (id: string) => blocks.get(id);
  const holds = (b: Block) => b.type === 'columns';

  it('finds nested placements and lists drop slots in reading order, skipping deleted blocks and the moving block inside itself', () => {
    expect(findPlacement(page, 'c', get)).toEqual({ parentType: 'block', parentId: 'g', colIndex: 0, index: 0 });
    const slots = dropSlots(page, get, holds).map((s) => `${s.parentId}:${s.colIndex}:${s.index}${s.beforeId ? `<${s.beforeId}` : ''}`);
    expect(slots).toEqual(['p:0:0<a', 'p:0:2<g', 'g:0:0<c', 'g:0:1', 'g:1:0', 'p:0:3']);
    expect(dropSlots(page, get, holds, 'g').some((s) => s.parentId === 'g')).toBe(false);
  });

  it('knows a no-op drop and the insert index once the block has left', () => {
    const from = { parentType: 'page' as const, parentId: 'p', colIndex: 0, index: 0 };
    expect(isSamePlace(from, { ...from, index: 1 })).toBe(true);
    expect(isSamePlace(from, { ...from, index: 2 })).toBe(false);
    expect(targetIndexAfterRemoval(from, { ...from, index: 3 })).toBe(2);
    expect(targetIndexAfterRemoval(from, { ...from, parentId: 'x', index: 3 })).toBe(3);
  });
});

describe('slugs and server field errors', () => {
  it('refuses the forbidden characters and proposes slugs from names', () => {
    expect(checkSlugText('')).toEqual({ key: 'admin.slug.required' });
    for (const bad of ['a/b', 'a\\b', 'a#b', 'a?b', '50%']) expect(checkSlugText(bad)).toEqual({ key: 'admin.slug.invalidChars' });
    expect(checkSlugText('fine-slug')).toBeNull();
    expect(slugFromName('  Événements & Jobs 2026 ')).toBe('evenements-jobs-2026');
  });

  it('turns JSON-pointer field errors into an rjsf error schema, ignoring prototype keys', () => {
    expect(fieldErrorsToErrorSchema({ '/body': 'Too long', '/items/0/a~1b': 'Bad' })).toEqual({
      body: { __errors: ['Too long'] },
      items: { 0: { 'a/b': { __errors: ['Bad'] } } },
    });
    expect(fieldErrorsToErrorSchema({})).toBeUndefined();
    const polluted = fieldErrorsToErrorSchema({ '/__proto__/x': 'no' }) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(polluted.__errors).toEqual(['no']);
  });
});

describe('option error messages', () => {
  it('replaces ajv English with translated messages by keyword, with a fallback', async () => {
    const { translateOptionErrors } = await import('../../admin/block-editor/error-messages');
    const { createTranslator, messages } = await import('../../engine/core');
    const fr = createTranslator(messages, 'fr').t;
    const out = translateOptionErrors(
      [
        { name: 'maxLength', params: { limit: 10 }, message: 'must NOT have more than 10 characters', property: '.text', stack: '' },
        { name: 'weird', params: {}, message: 'x', property: '.a', stack: '' },
      ],
      fr,
    );
    expect(out.map((e) => e.message)).toEqual(['Utilisez au plus 10 caractères.', 'Cette valeur n’est pas valide.']);
    expect(out[0].property).toBe('.text');
  });
});
