import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../../registry/loader';
import { createTranslator, messages, validationRules } from '../../../engine';

const registry = loadRegistry();
const TEXT = ['required', 'numeric', 'email', 'min', 'max', 'url', 'slug_valid', 'feed_valid', 'isLink', 'handlebars', 'handlebarsOrURL'];

// Spec 5.1, plus the three additions of the brief (wysiwyg maxHtml, i18n languageTags, imageUploader customRatio/maxFileSize).
const EXPECTED: Record<string, string[]> = {
  date: ['required', 'date_after', 'date_before'],
  year: ['required', 'min_custom', 'max_custom'],
  text: TEXT,
  textarea: TEXT.filter((r) => !['isLink', 'handlebars', 'handlebarsOrURL'].includes(r)),
  number: ['required', 'min_custom', 'max_custom', 'between'],
  toggle: ['required'],
  checkbox: ['required', 'min_custom', 'max_custom'],
  options: ['required', 'notification_ownership'],
  files: ['file_types', 'size'],
  repeater: [],
  geoLocation: [],
  heading: [],
  paragraph: [],
  conditional: [],
  group: [],
  wysiwyg: ['required', 'maxHtml'],
  i18n: ['required', 'languageTags'],
  imageUploader: ['required', 'customRatio', 'maxFileSize'],
};

const RULE_NAMES = `required numeric email min max url slug_valid feed_valid isLink handlebars handlebarsOrURL min_custom max_custom between date_after date_before
notification_ownership file_types size uniqueness slug entity_title options_required applicationTargetMatchesList filterDuplicatesByKey maxHtml email_extended
customRatio maxFileSize languageTags after afterOrEqual before beforeOrEqual alpha alpha_dash alpha_num alpha_spaces confirmed credit_card date_between date_format
decimal digits dimensions ext excluded image in ip max_value mimes min_value not_in regex`.split(/\s+/);

const FIELD_TYPES = `text textarea email number checkbox radio rating toggle options date year files repeater geoLocation heading paragraph conditional wysiwyg tags csv
group colorPicker icon i18n structureSelector dataSchemaSelector membershipTags imageUploader`.split(/\s+/);

describe('registry: field types and rules', () => {
  it('has exactly the rule files of the spec, each implemented in engine/core/validation', () => {
    expect(Object.keys(registry.rules).sort()).toEqual([...RULE_NAMES].sort());
    expect(Object.keys(validationRules).sort()).toEqual([...RULE_NAMES].sort());
  });

  it('lists every field type of section 3 as available', () => {
    for (const type of FIELD_TYPES) expect(registry.fields[type]?.status, type).toBe('available');
  });

  it('gives each field type the accepted rules of spec 5.1 (default types: required only)', () => {
    for (const type of FIELD_TYPES) expect(registry.fields[type].rules, type).toEqual(EXPECTED[type] ?? ['required']);
  });

  it('heading and paragraph are display-only; toggles, headings, paragraphs and repeaters count as filled', () => {
    expect(registry.fields.heading.displayOnly && registry.fields.paragraph.displayOnly).toBe(true);
    for (const type of ['toggle', 'heading', 'paragraph', 'repeater']) expect(registry.fields[type].progress, type).toBe('alwaysFilled');
  });

  it('only slug_valid, feed_valid and uniqueness need the server', () => {
    expect(Object.values(registry.rules).filter((r) => r.server).map((r) => r.name).sort()).toEqual(['feed_valid', 'slug_valid', 'uniqueness']);
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
    const keys = ['form.saving.success', 'form.confirmationCheck', 'form.noChanges', 'form.errorTypes.isLink', 'validation.handlebars_valid', 'imageUploader.preview.errors.customRatio.missingDimension', 'imageUploader.maxFileSizeError', 'assetManager.warnings.noData'];
    for (const locale of ['en', 'fr']) {
      const t = createTranslator({ [locale]: messages[locale] }, locale);
      for (const key of keys) expect(t.has(key), `${locale} ${key}`).toBe(true);
    }
  });
});
