/** Option select labels: the humaniser fallback and the translated lookup the block settings form uses. */
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { enumLabel, humaniseEnumValue, withEnumLabels } from '../../admin/block-editor/enum-labels';
import { createTranslator } from '../../engine/core/i18n/translator';
import { messages } from '../../engine/core/i18n/messages.generated';

const en = createTranslator(messages, 'en').t;
const fr = createTranslator(messages, 'fr').t;

describe('humaniseEnumValue', () => {
  it('reads kebab, snake and camel case as a sentence-case phrase', () => {
    expect(humaniseEnumValue('top-left')).toBe('Top left');
    expect(humaniseEnumValue('load_more')).toBe('Load more');
    expect(humaniseEnumValue('loadMore')).toBe('Load more');
    expect(humaniseEnumValue('ownerAndAdmins')).toBe('Owner and admins');
    expect(humaniseEnumValue('publicProfileUrl')).toBe('Public profile url');
    expect(humaniseEnumValue('info')).toBe('Info');
  });
  it('leaves ratios, single letters, acronyms and numbers readable as they are', () => {
    expect(humaniseEnumValue('16/9')).toBe('16/9');
    expect(humaniseEnumValue('L')).toBe('L');
    expect(humaniseEnumValue('show-URL')).toBe('Show URL');
    expect(humaniseEnumValue(1920)).toBe('1920');
    expect(humaniseEnumValue('')).toBe('');
    expect(humaniseEnumValue('--')).toBe('--');
  });
});

describe('enumLabel', () => {
  it('prefers the block message, then the shared one, then the humanised value', () => {
    expect(enumLabel(en, 'callout', 'tone', 'info')).toBe('Information');
    expect(enumLabel(fr, 'callout', 'tone', 'warning')).toBe('Avertissement');
    expect(enumLabel(en, 'downloadFile', 'buttonStyle', 'link')).toBe('Text link');
    expect(enumLabel(en, 'someOtherBlock', 'style', 'link')).toBe('Link');
    expect(enumLabel(fr, 'userSearch', 'paginationMode', 'loadMore')).toBe('Bouton « Charger plus »');
    expect(enumLabel(en, 'integratorBlock', 'corner', 'top-left')).toBe('Top left');
  });
});

describe('withEnumLabels', () => {
  const schema: RJSFSchema = {
    type: 'object',
    properties: {
      tone: { type: 'string', enum: ['info', 'danger'] },
      corner: { type: 'string', enum: ['top-left', 'bottom-right'] },
      kinds: { type: 'array', items: { type: 'string', enum: ['image', 'video'] }, uniqueItems: true },
      filters: { type: 'array', items: { type: 'object', properties: { control: { type: 'string', enum: ['select', 'range'] } } } },
      title: { type: 'string' },
    },
  };
  it('labels every enum, nested and in array items, keeping the registry ui hints', () => {
    const ui = withEnumLabels(schema, { title: { 'ui:widget': 'textarea' }, 'ui:order': ['tone'] }, 'callout', en);
    expect(ui).toEqual({
      'ui:order': ['tone'],
      title: { 'ui:widget': 'textarea' },
      tone: { 'ui:enumNames': ['Information', 'Danger'] },
      corner: { 'ui:enumNames': ['Top left', 'Bottom right'] },
      kinds: { items: { 'ui:enumNames': ['Image', 'Video'] } },
      filters: { items: { control: { 'ui:enumNames': ['Select', 'Range'] } } },
    });
  });
  it('keeps labels the registry already gives', () => {
    const ui = withEnumLabels(schema, { tone: { 'ui:enumNames': ['Note', 'Alarm'] }, corner: { 'ui:options': { enumNames: ['A', 'B'] } } }, 'callout', en);
    expect(ui.tone).toEqual({ 'ui:enumNames': ['Note', 'Alarm'] });
    expect(ui.corner).toEqual({ 'ui:options': { enumNames: ['A', 'B'] } });
  });
});
