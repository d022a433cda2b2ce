import { describe, expect, it } from 'vitest';
import { editShortcutFor, navigationBlockedKey, type KeyLike } from '../../admin/edit-mode';
import { createTranslator, messages } from '../../engine/core/i18n';

const key = (k: string, extra: Partial<KeyLike> = {}): KeyLike => ({ key: k, altKey: false, shiftKey: false, ...extra });

describe('edit shortcuts (spec 2.6)', () => {
  it('maps alt+shift+e/j/d/s by physical key, by e.key only when there is no code', () => {
    expect(editShortcutFor(key('É', { code: 'KeyE', altKey: true, shiftKey: true }), 'fr-FR')).toBe('editMode');
    expect(editShortcutFor(key('J', { code: 'KeyJ', altKey: true, shiftKey: true }), 'en-GB')).toBe('textEditMode');
    expect(editShortcutFor(key('D', { altKey: true, shiftKey: true }), 'en-GB')).toBe('debugInfo');
    expect(editShortcutFor(key('S', { code: 'KeyS', altKey: true, shiftKey: true }), 'en-GB')).toBe('safeMode');
    expect(editShortcutFor(key('e', { code: 'KeyE', altKey: true }), 'en-GB')).toBeNull();
    expect(editShortcutFor(key('e', { code: 'KeyE', altKey: true, shiftKey: true, ctrlKey: true }), 'en-GB')).toBeNull();
    expect(editShortcutFor(key('x', { code: 'KeyX', altKey: true, shiftKey: true }), 'en-GB')).toBeNull();
  });

  it('toggles text edit with a backtick on en-GB and en-US only, never while typing', () => {
    expect(editShortcutFor(key('`'), 'en-GB')).toBe('textEditMode');
    expect(editShortcutFor(key('`'), 'en-US')).toBe('textEditMode');
    expect(editShortcutFor(key('`'), 'fr-FR')).toBeNull();
    expect(editShortcutFor(key('`', { target: { tagName: 'INPUT' } as unknown as EventTarget }), 'en-GB')).toBeNull();
  });
});

describe('navigation guard (spec 2.5)', () => {
  it('blocks navigation while an admin panel is open, except in text-edit mode, with the shell toast', () => {
    expect(navigationBlockedKey({ adminPanelOpen: true, textEditMode: false })).toBe('toasts.closeAdminPanel');
    expect(navigationBlockedKey({ adminPanelOpen: true, textEditMode: true })).toBeNull();
    expect(navigationBlockedKey({ adminPanelOpen: false, textEditMode: false })).toBeNull();
    expect(createTranslator(messages, 'en').t('toasts.closeAdminPanel')).toBe('You must close the admin panel before navigating away.');
  });
});
