/** Text-edit mode's marks: the translator marks messages only when asked; marks read back to keys and strip to the label. */
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../engine/core/i18n/translator';
import { hasMarks, readMarks, stripMarks, stripMarksDeep } from '../../engine/core/i18n/text-marks';

const catalog = { en: { shell: { hello: 'Hello {name}', bye: 'Bye' } } };

describe('text marks', () => {
  it('marks nothing by default: members get the plain message', () => {
    const t = createTranslator(catalog, 'en').t;
    expect(t('shell.hello', { name: 'Ada' })).toBe('Hello Ada');
    expect(hasMarks(t('shell.hello', { name: 'Ada' }))).toBe(false);
  });

  it('marks each message with its key and unfilled template; stripping gives the label back', () => {
    const t = createTranslator(catalog, 'en', { 'shell.bye': 'Farewell' }, { mark: true }).t;
    const hello = t('shell.hello', { name: 'Ada' });
    expect(hello).not.toBe('Hello Ada');
    expect(stripMarks(hello)).toBe('Hello Ada');
    expect(readMarks(hello)).toEqual([{ key: 'shell.hello', template: 'Hello {name}' }]);
    // A message inside another's parameter: both keys, outer first.
    const nested = t('shell.hello', { name: t('shell.bye') });
    expect(stripMarks(nested)).toBe('Hello Farewell');
    expect(readMarks(nested).map((m) => m.key)).toEqual(['shell.hello', 'shell.bye']);
    expect(readMarks(`${t('shell.bye')} ${t('shell.bye')}`)).toEqual([{ key: 'shell.bye', template: 'Farewell' }]);
  });

  it('strips marks from request bodies deeply, leaving other objects as they are', () => {
    const t = createTranslator(catalog, 'en', {}, { mark: true }).t;
    const form = new FormData();
    const body = { name: t('shell.bye'), list: [t('shell.bye'), 3, null], nested: { x: t('shell.bye') }, form };
    expect(stripMarksDeep(body)).toEqual({ name: 'Bye', list: ['Bye', 3, null], nested: { x: 'Bye' }, form });
    expect(stripMarksDeep(body).form).toBe(form);
  });
});
