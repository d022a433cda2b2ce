import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../../registry/loader';
import { createTranslator, messages, validationRules } from '../../../engine';

const registry = loadRegistry();
// Which names exist, and each field type's rule set (spec 5.1), are checked against the spec in
// tests/unit/registry-catalogue.test.ts; this file checks the form engine's side of them.

describe('registry: field types and rules', () => {
  it('implements every registered rule in engine/core/validation, and nothing else', () => {
    expect(Object.keys(validationRules).sort()).toEqual(Object.keys(registry.rules).sort());
  });

  it('ships a component for every field type', () => {
    for (const field of Object.values(registry.fields)) expect(field.status, field.type).toBe('available');
  });

  it('heading and paragraph are display-only; toggles, headings, paragraphs and repeaters count as filled', () => {
    expect(registry.fields.heading.displayOnly && registry.fields.paragraph.displayOnly).toBe(true);
    for (const type of ['toggle', 'heading', 'paragraph', 'repeater']) expect(registry.fields[type].progress, type).toBe('alwaysFilled');
  });

  it('only slug_valid, feed_valid and uniqueness need the server', () => {
    expect(
      Object.values(registry.rules)
        .filter((r) => r.server)
        .map((r) => r.name)
        .sort(),
    ).toEqual(['feed_valid', 'slug_valid', 'uniqueness']);
  });

  it('every message key of every rule exists in en and fr', () => {
    for (const locale of ['en', 'fr']) {
      const t = createTranslator({ [locale]: messages[locale] }, locale);
      for (const rule of Object.values(registry.rules)) {
        for (const key of [rule.messageKey, ...(rule.extraMessageKeys ?? [])]) expect(t.has(key), `${locale} ${key}`).toBe(true);
      }
    }
  });

  it('has the spec-named form keys in en and fr', () => {
    const keys = [
      'form.saving.success',
      'form.confirmationCheck',
      'form.noChanges',
      'form.errorTypes.isLink',
      'validation.handlebars_valid',
      'imageUploader.preview.errors.customRatio.missingDimension',
      'imageUploader.maxFileSizeError',
      'assetManager.warnings.noData',
    ];
    for (const locale of ['en', 'fr']) {
      const t = createTranslator({ [locale]: messages[locale] }, locale);
      for (const key of keys) expect(t.has(key), `${locale} ${key}`).toBe(true);
    }
  });
});
