import { describe, expect, it } from 'vitest';
import { createTranslator, messages, type MessageTree } from '../../engine/core';

function keys(tree: MessageTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`)));
}

describe('i18n', () => {
  it('has every English message in French too, and no French message without an English one', () => {
    const namespaces = new Set([...Object.keys(messages.en), ...Object.keys(messages.fr)]);
    for (const ns of namespaces) {
      const en = keys(messages.en[ns] ?? {}).sort();
      const fr = keys(messages.fr[ns] ?? {}).sort();
      expect(fr, `namespace ${ns}`).toEqual(en);
    }
  });

  it('looks up by namespace and path, fills parameters, falls back to English, then to the key', () => {
    const catalog = {
      en: { demo: { a: { b: 'Hello {name}, {count} new' }, only: 'English only' } },
      fr: { demo: { a: { b: 'Bonjour {name}, {count} nouveaux' } } },
    };
    const fr = createTranslator(catalog, 'fr');
    expect(fr.t('demo.a.b', { name: 'Ada', count: 3 })).toBe('Bonjour Ada, 3 nouveaux');
    expect(fr.t('demo.only')).toBe('English only');
    expect(fr.t('demo.missing')).toBe('demo.missing');
    expect(fr.t('demo.a')).toBe('demo.a'); // a subtree is not a message
    expect(fr.t('demo.constructor')).toBe('demo.constructor');
    expect(createTranslator(catalog, 'en', { 'demo.only': 'Edited inline' }).t('demo.only')).toBe('Edited inline');
  });

  it('ships the shared messages of the spec', () => {
    const t = createTranslator(messages, 'en').t;
    expect(t('common.errors.somethingWentWrong')).toBe('Something went wrong');
    expect(t('common.errors.componentFailedToLoad')).toBe('Component failed to load');
    expect(createTranslator(messages, 'fr').t('common.actions.save')).toBe('Enregistrer');
  });
});
