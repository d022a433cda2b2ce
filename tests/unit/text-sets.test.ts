import { describe, expect, it } from 'vitest';
import { loadTextsFor, requireTexts, showLocale, textsVersion, withRequiredTexts, type TextSet } from '../../engine/core/i18n/text-sets';
import { createTranslator } from '../../engine/core/i18n/translator';

const base = { en: { blocks: { title: 'Title' } }, fr: { blocks: { title: 'Titre' } } };

describe('text sets (texts a block chunk brings)', () => {
  it('joins the catalogue once required, with the shown locale loaded before the block counts as loaded', async () => {
    const loads: string[] = [];
    const set: TextSet = {
      default: { demoForm: { save: 'Save' } },
      loaders: { fr: async () => (loads.push('fr'), { demoForm: { save: 'Enregistrer' } }) },
    };
    expect(createTranslator(withRequiredTexts(base, 'fr'), 'fr').has('demoForm.save')).toBe(false);
    showLocale('fr');
    const before = textsVersion();
    await requireTexts(set);
    expect(textsVersion()).toBeGreaterThan(before);
    expect(loads).toEqual(['fr']);
    const fr = createTranslator(withRequiredTexts(base, 'fr'), 'fr');
    expect(fr.t('demoForm.save')).toBe('Enregistrer');
    expect(fr.t('blocks.title')).toBe('Titre');
    expect(createTranslator(withRequiredTexts(base, 'en'), 'en').t('demoForm.save')).toBe('Save');
    await requireTexts(set);
    expect(loads).toEqual(['fr']);
    showLocale('en');
  });

  it('on a switch to a locale not loaded yet, loads it and reports the catalogue not ready until then', async () => {
    let release!: () => void;
    const set: TextSet = {
      default: { demoSearch: { none: 'No one' } },
      loaders: { fr: () => new Promise((resolve) => (release = () => resolve({ demoSearch: { none: 'Personne' } }))) },
    };
    showLocale('en');
    await requireTexts(set);
    expect(loadTextsFor('en')).toBe(true);
    expect(loadTextsFor('fr')).toBe(false);
    const before = textsVersion();
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(textsVersion()).toBeGreaterThan(before);
    expect(loadTextsFor('fr')).toBe(true);
    expect(createTranslator(withRequiredTexts(base, 'fr'), 'fr').t('demoSearch.none')).toBe('Personne');
  });

  it('a locale part that fails to load reads English', async () => {
    const set: TextSet = { default: { demoBroken: { label: 'Label' } }, loaders: { fr: () => Promise.reject(new Error('offline')) } };
    showLocale('fr');
    await requireTexts(set);
    expect(createTranslator(withRequiredTexts(base, 'fr'), 'fr').t('demoBroken.label')).toBe('Label');
    showLocale('en');
  });
});
