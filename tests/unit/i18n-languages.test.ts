/** The languages admin's rules (engine/core/i18n/languages.ts) and the bulk upload's file reader (translation-file.ts). */
import { describe, expect, it } from 'vitest';
import { SUPPORTED_ISO_CODES, togglePublished, unsupportedLanguageMessage } from '../../engine/core/i18n/languages';
import { formulaSafe, parseTranslationFile } from '../../engine/core/i18n/translation-file';

describe('languages', () => {
  it('supports the nine languages of community §3 and publishes only those, en always', () => {
    expect(SUPPORTED_ISO_CODES).toEqual(['en', 'fr', 'cy', 'et', 'ms', 'de', 'zh', 'es', 'ja']);
    const settings = { languages: { default: 'en', published: ['fr', 'en', 'xx'] } };
    expect(togglePublished(settings, 'ja', true)).toEqual({ published: ['en', 'fr', 'ja'] });
    expect(togglePublished(settings, 'fr', false)).toEqual({ published: ['en'] });
    expect(togglePublished(settings, 'en', false)).toEqual({ refused: 'default' });
    expect(togglePublished(settings, 'pt', true)).toEqual({ refused: 'unsupported' });
    expect(togglePublished({}, 'de', true)).toEqual({ published: ['en', 'de'] });
    expect(unsupportedLanguageMessage('pt')).toBe('Language "pt" is not supported: choose one of en, fr, cy, et, ms, de, zh, es, ja');
  });

  it('reads CSV with quotes, a header and line breaks in cells, and names bad rows', () => {
    const csv = 'key,value\r\na.b,"Hello, ""you"""\n"a.c","two\nlines"\n\na.d,\n';
    expect(parseTranslationFile('csv', csv)).toEqual({
      rows: [
        { row: 2, key: 'a.b', value: 'Hello, "you"' },
        { row: 3, key: 'a.c', value: 'two\nlines' },
        { row: 6, key: 'a.d', value: '' },
      ],
      errors: [],
    });
    expect(parseTranslationFile('csv', 'a.b,1,2\n').errors).toEqual(['line 1: expected 2 cells (key,value), found 3']);
    expect(parseTranslationFile('csv', '').errors).toEqual(['the file holds no translations']);
    expect(parseTranslationFile('json', '[1]').errors).toEqual(['the JSON file must be one object {"key": "text", ...}']);
  });

  it('keeps a formula-like text as text', () => {
    expect(['=1+1', '+1', '-x', '@SUM(A1)', '\tx'].map(formulaSafe)).toEqual(["'=1+1", "'+1", "'-x", "'@SUM(A1)", "'\tx"]);
    expect(formulaSafe('Bonjour = salut')).toBe('Bonjour = salut');
  });
});
