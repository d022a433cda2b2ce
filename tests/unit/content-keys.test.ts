/** Content translations (engine/core/i18n/content-keys.ts): the key rule, the options walk, fields, and the demo's French. */
import { describe, expect, it } from 'vitest';
import {
  blockOptionKey,
  contentLookup,
  moduleName,
  optionPathKind,
  optionTexts,
  pageName,
  parseContentKey,
  translateBlockName,
  translateField,
  translateOptions,
  type ContentLookup,
} from '../../engine/core/i18n/content-keys';
import { createTranslator } from '../../engine/core/i18n/translator';
import { hasMarks, readMarks } from '../../engine/core/i18n/text-marks';
import { translatedOptions } from '../../engine/react/content-text';
import registry from '../../registry/generated/registry.json';
import { sanitizeStoredHtml } from '../../server/html/sanitize';
import type { Field } from '../../schemas/model';
import { demoContentTexts, demoTranslations } from '../helpers/demo-texts';

const blocks = (registry as unknown as { blocks: Record<string, { options?: unknown }> }).blocks;
const from =
  (texts: Record<string, string>): ContentLookup =>
  (key) =>
    Object.hasOwn(texts, key) ? texts[key] : undefined;

describe('content keys', () => {
  it('names a module or page by its customI18NKey, else by its id', () => {
    const lookup = from({ 'content.module.home.name': 'Accueil', 'custom.news': 'Actualités' });
    expect(moduleName({ id: 'home', name: 'Home' }, lookup)).toBe('Accueil');
    expect(pageName({ id: 'news', name: 'News', customI18NKey: 'custom.news' }, lookup)).toBe('Actualités');
    expect(pageName({ id: 'faq', name: 'FAQ' }, lookup)).toBe('FAQ');
  });

  it('keys an option by its path, array items by their index', () => {
    expect(blockOptionKey('tabs-1', ['tabs', 0, 'label'])).toBe('content.block.tabs-1.tabs.0.label');
  });

  it('reads a key back, and refuses what names no label', () => {
    expect(parseContentKey('content.block.welcome-text.text')).toEqual({ kind: 'block', id: 'welcome-text', path: ['text'] });
    expect(parseContentKey('content.field.city.options.2.label')).toEqual({ kind: 'field', id: 'city', path: ['options', '2', 'label'] });
    expect(parseContentKey('content.page.news.name')).toEqual({ kind: 'page', id: 'news', path: ['name'] });
    expect(parseContentKey('content.application.app-1.label')).toEqual({ kind: 'application', id: 'app-1', path: ['label'] });
    for (const bad of [
      'content.page.news.slug',
      'content.field.city.validation',
      'content.block..text',
      'content.block.x',
      'content.widget.x.name',
      'common.save',
    ])
      expect(parseContentKey(bad), bad).toBeUndefined();
  });
});

describe('which option strings are labels', () => {
  it('takes texts and HTML; leaves enums, formats, patterns and references', () => {
    expect(optionTexts(blocks.callout.options, { tone: 'info', title: 'Keys', body: 'Sign them out.' }).map((t) => t.path.join('.'))).toEqual([
      'title',
      'body',
    ]);
    expect(optionPathKind(blocks.htmlBlock.options, ['html'])).toBe('html');
    expect(optionPathKind(blocks.headlessSearchSort.options, ['sortOptions', 0, 'label'])).toBe('text');
    expect(optionPathKind(blocks.headlessSearchSort.options, ['sortOptions', 0, 'field'])).toBeUndefined();
    expect(optionPathKind(blocks.headlessSearchSort.options, ['searchId'])).toBeUndefined();
    expect(optionPathKind(blocks.viewFiles.options, ['fileIds', 0])).toBeUndefined();
    expect(optionPathKind(blocks.iFrame.options, ['url'])).toBeUndefined();
    expect(optionPathKind(blocks.iFrame.options, ['title'])).toBe('text');
    expect(optionPathKind(blocks.plainText.options, ['nothing'])).toBeUndefined();
    expect(optionPathKind(blocks.plainText.options, [])).toBeUndefined();
  });
});

describe('translateOptions', () => {
  const options = { title: 'Keys', tone: 'info', items: [{ label: 'One' }, { label: 'Two' }], empty: '' };
  it('replaces only the strings that have a translation, copying only the changed paths', () => {
    const out = translateOptions('b1', options, from({ 'content.block.b1.items.1.label': 'Deux', 'content.block.b1.title': 'Clés' }));
    expect(out).toEqual({ title: 'Clés', tone: 'info', items: [{ label: 'One' }, { label: 'Deux' }], empty: '' });
    expect(out.items[0]).toBe(options.items[0]);
    expect(options.title).toBe('Keys');
  });
  it('gives the same object when nothing is translated', () => {
    expect(translateOptions('b1', options, from({ 'content.block.other.title': 'x' }))).toBe(options);
  });
  it('translates a block name, keeping the block when it has none', () => {
    const block = { id: 'tab-1', name: 'Woodwork' };
    expect(translateBlockName(block, from({ 'content.block.tab-1.name': 'Menuiserie' })).name).toBe('Menuiserie');
    expect(translateBlockName(block, from({}))).toBe(block);
  });
});

describe('translateField', () => {
  const field: Field = {
    id: 'days',
    type: 'checkbox',
    label: 'Which days?',
    placeholder: 'Pick',
    options: [
      { value: 'tue', label: 'Tuesday' },
      { value: 'wed', label: 'Wednesday', labelKey: 'common.days.wed' },
    ],
  };
  it('translates the label, placeholder and choices; a choice with its own labelKey keeps it', () => {
    const out = translateField(
      field,
      from({ 'content.field.days.label': 'Quels jours ?', 'content.field.days.options.0.label': 'Mardi', 'content.field.days.options.1.label': 'Mercredi' }),
    );
    expect(out.label).toBe('Quels jours ?');
    expect(out.placeholder).toBe('Pick');
    expect(out.options?.map((o) => o.label)).toEqual(['Mardi', 'Wednesday']);
    expect(field.label).toBe('Which days?');
  });
  it('gives the same field when nothing is translated', () => {
    expect(translateField(field, from({}))).toBe(field);
  });
});

describe('contentLookup over a translator', () => {
  it('reads the overrides; in text-edit mode an untranslated label carries its key', () => {
    const plain = contentLookup(createTranslator({}, 'fr', { 'content.page.news.name': 'Actualités' }));
    expect(plain('content.page.news.name', 'News')).toBe('Actualités');
    expect(plain('content.page.faq.name', 'FAQ')).toBeUndefined();
    const marking = contentLookup(createTranslator({}, 'fr', {}, { mark: true }));
    expect(readMarks(marking('content.page.faq.name', 'FAQ') ?? '')).toEqual([{ key: 'content.page.faq.name', template: 'FAQ' }]);
  });
});

describe('block options in the engine', () => {
  const options = { tone: 'info', url: 'https://example.org', title: 'Keys' };
  it('in text-edit mode leaves every untranslated string unmarked (ids, addresses, enums stay as stored)', () => {
    expect(translatedOptions('b1', options, createTranslator({}, 'fr', {}, { mark: true }))).toBe(options);
  });
  it('shows a translation without its mark, once per block and translator', () => {
    const translator = createTranslator({}, 'fr', { 'content.block.b1.title': 'Clés' }, { mark: true });
    const out = translatedOptions('b1', options, translator);
    expect(out).toEqual({ ...options, title: 'Clés' });
    expect(hasMarks(out.title)).toBe(false);
    expect(translatedOptions('b1', options, translator)).toBe(out);
  });
});

describe('the demo in French', () => {
  const texts = demoContentTexts();
  const { fr } = demoTranslations();
  it('translates every label of the demo', () => {
    expect(texts.length).toBeGreaterThan(150);
    expect(texts.filter((t) => !fr[t.key]?.trim()).map((t) => `${t.where}: ${t.key}`)).toEqual([]);
  });
  it('has no translation for a label the demo does not have', () => {
    const keys = new Set(texts.map((t) => t.key));
    expect(Object.keys(fr).filter((key) => !keys.has(key))).toEqual([]);
  });
  it('keeps HTML translations as the stored HTML policy leaves them', () => {
    const html = texts.filter((t) => t.kind === 'html');
    expect(html.length).toBeGreaterThan(0);
    for (const t of html) expect(sanitizeStoredHtml(fr[t.key])).toBe(fr[t.key]);
  });
});
