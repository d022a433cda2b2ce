import type { SyncRule } from '../types';
import { CONFIGURED_LANGUAGES, SUPPORTED_LANGUAGES } from '../../constants';

/**
 * Language tags in templates, written `{{#lang "fr"}}...{{/lang}}`: each code must be a supported
 * language (notAValidKey) and enabled (langNotEnabled); with `requireAll`, every enabled language
 * must be declared (notAllLangsDeclared) and each the same number of times (notAllSameNumber).
 * An i18n value (language -> text) is checked text by text.
 */
export const languageTags: SyncRule = {
  name: 'languageTags',
  validate: (value, params, context) => {
    const p = params && typeof params === 'object' && !Array.isArray(params) ? params : {};
    const enabled = Array.isArray(p.enabled) ? p.enabled.map(String) : [...(context.languages ?? CONFIGURED_LANGUAGES)];
    const texts =
      typeof value === 'string'
        ? [value]
        : value && typeof value === 'object' && !Array.isArray(value)
          ? Object.values(value).filter((t): t is string => typeof t === 'string')
          : [];
    for (const text of texts) {
      const counts = new Map<string, number>();
      for (const m of text.matchAll(/\{\{#lang\s+["']([^"']*)["']\s*\}\}/g)) {
        const lang = m[1];
        if (!(SUPPORTED_LANGUAGES as readonly string[]).includes(lang)) return { key: 'validation.languageTags.notAValidKey', params: { lang } };
        if (!enabled.includes(lang)) return { key: 'validation.languageTags.langNotEnabled', params: { lang } };
        counts.set(lang, (counts.get(lang) ?? 0) + 1);
      }
      if (p.requireAll === true && counts.size > 0) {
        const missing = enabled.find((l) => !counts.has(l));
        if (missing) return { key: 'validation.languageTags.notAllLangsDeclared', params: { lang: missing } };
        if (new Set(counts.values()).size > 1) return { key: 'validation.languageTags.notAllSameNumber' };
      }
    }
    return null;
  },
};
