import { describe, expect, it } from 'vitest';
import { runRule, validationRules, type FileInfo, type RuleRunContext, type RuleValue } from '../../../engine';
import type { JsonValue } from '../../../schemas/model';

type Case = { params?: JsonValue; ok: RuleValue[]; bad: RuleValue[]; key?: string; context?: RuleRunContext };

const png = (size: number, extra: Partial<FileInfo> = {}): FileInfo => ({ name: 'photo.png', type: 'image/png', size, ...extra });
const pdf: FileInfo = { name: 'cv.pdf', type: 'application/pdf', size: 2048 };

// Every rule: values it accepts and values it rejects (each rule's failure key checked too).
const cases: Record<string, Case> = {
  required: { ok: ['a', 0, true, ['x'], { a: 1 }], bad: ['', '   ', null, undefined, false, [], {}], key: 'validation.required' },
  options_required: { ok: ['opt'], bad: ['', null, []], key: 'validation.required' },
  numeric: { ok: ['123', '0'], bad: ['12a', '-1', '1.5'], key: 'validation.numeric' },
  email: {
    ok: ['ann@example.org', 'ann.b+x@mail.example.co.uk', 'ann@example.org (Ann Smith)'],
    bad: ['"ann"@example.org', 'ann', 'ann@', 'ann@example', 'a b@example.org'],
    key: 'validation.email',
  },
  email_extended: {
    ok: ['ann@example.org', '"Ann Smith" <ann@example.org>', 'Ann Smith <ann@example.org>', '<ann@example.org>'],
    bad: ['"ann@example.org"', 'Ann <not-an-email>', "'ann@example.org"],
    key: 'validation.email',
  },
  min: { params: 3, ok: ['abc', 'abcd'], bad: ['ab'], key: 'validation.min' },
  max: { params: 3, ok: ['abc', 'a'], bad: ['abcd'], key: 'validation.max' },
  url: {
    ok: ['https://example.org/x?y=1', 'http://a.co'],
    bad: ['example.org', 'ftp://example.org', 'https://', 'javascript:alert(1)'],
    key: 'validation.url',
  },
  isLink: {
    ok: ['https://example.org', '/app/home', 'mailto:ann@x.org'],
    bad: ['mailto:a@bc', 'example.org', '//evil.example', 'www.x.org'],
    key: 'form.errorTypes.isLink',
  },
  handlebars: { ok: ['Hello {{name}}', '{{#if a}}\nyes\n{{/if}}', 'plain'], bad: ['{{#if a}}unclosed', 'Hello {{name'], key: 'validation.handlebars_valid' },
  handlebarsOrURL: { ok: ['https://example.org/{{id}}', 'https://example.org'], bad: ['{{#each x}}', 'not a url'] },
  min_custom: { params: 2, ok: [2, 5, '3', ['a', 'b']], bad: [1, ['a']], key: 'validation.min_custom' },
  max_custom: { params: 2, ok: [2, 0, ['a']], bad: [3, ['a', 'b', 'c']], key: 'validation.max_custom' },
  between: { params: [1, 10], ok: [1, 10, 5, '7'], bad: [0, 11, 'x'], key: 'validation.between' },
  date_after: { params: '2024-01-10', ok: ['2024-01-11', '2025-01-01'], bad: ['2024-01-10', '2024-01-09', '2024-13-01'], key: 'validation.date_after' },
  date_before: { params: '2024-01-10', ok: ['2024-01-09'], bad: ['2024-01-10', '2024-01-11'], key: 'validation.date_before' },
  notification_ownership: { params: ['n1', 'n2'], ok: ['n1', ['n1', 'n2']], bad: ['n3', ['n1', 'n9']], key: 'validation.notification_ownership' },
  file_types: {
    params: ['image/*', 'pdf'],
    ok: [[png(10), pdf], 'already-uploaded-id'],
    bad: [[{ name: 'a.exe', type: 'application/x-msdownload', size: 1 }]],
    key: 'validation.file_types',
  },
  size: { params: 100, ok: [[png(100 * 1024)]], bad: [[png(100 * 1024 + 1)]], key: 'validation.size' },
  maxFileSize: { params: 1_048_576, ok: [png(1_048_576)], bad: [png(2_097_152)], key: 'imageUploader.maxFileSizeError' },
  slug: { ok: ['my-page', 'über'], bad: ['a/b', 'a\\b', 'a#b', 'a?b', '50%'], key: 'validation.slug' },
  entity_title: { ok: ['x'.repeat(256)], bad: ['x'.repeat(257)], key: 'validation.entity_title' },
  applicationTargetMatchesList: { params: { listIds: ['l1'], listLabel: 'Members' }, ok: ['l1'], bad: ['l2'], key: 'validation.applicationTargetMatchesList' },
  filterDuplicatesByKey: {
    params: { key: 'email', label: 'Contacts' },
    ok: [[{ email: 'a' }, { email: 'b' }]],
    bad: [[{ email: 'a' }, { email: 'a' }]],
    key: 'validation.filterDuplicatesByKey',
  },
  maxHtml: { params: 5, ok: ['<p><strong>hello</strong></p>', 'a&amp;b'], bad: ['<p>hello!</p>'], key: 'validation.maxHtml' },
  customRatio: {
    params: { existing: [1] },
    ok: [{ width: 16, height: 9 }],
    bad: [{ width: 16 }, { width: 0, height: 2 }],
    key: 'imageUploader.preview.errors.customRatio.missingDimension',
  },
  languageTags: {
    params: { enabled: ['en', 'fr'], requireAll: true },
    ok: ['{{#lang "en"}}Hi{{/lang}}{{#lang "fr"}}Salut{{/lang}}', 'no tags', { en: '{{#lang "en"}}a{{/lang}}{{#lang "fr"}}b{{/lang}}' }],
    bad: ['{{#lang "xx"}}?{{/lang}}'],
    key: 'validation.languageTags.notAValidKey',
  },
  after: { params: '2024-01-10', ok: ['2024-01-11'], bad: ['2024-01-10'], key: 'validation.after' },
  afterOrEqual: { params: '2024-01-10', ok: ['2024-01-10', '2024-02-01'], bad: ['2024-01-09'], key: 'validation.afterOrEqual' },
  before: { params: '2024-01-10', ok: ['2024-01-09'], bad: ['2024-01-10'], key: 'validation.before' },
  beforeOrEqual: { params: '2024-01-10', ok: ['2024-01-10'], bad: ['2024-01-11'], key: 'validation.beforeOrEqual' },
  alpha: { ok: ['abcÉ'], bad: ['ab1', 'a b'], key: 'validation.alpha' },
  alpha_dash: { ok: ['a-b_c1'], bad: ['a b', 'a.b'], key: 'validation.alpha_dash' },
  alpha_num: { ok: ['abc123'], bad: ['abc-1'], key: 'validation.alpha_num' },
  alpha_spaces: { ok: ['Ann Smith'], bad: ['Ann2'], key: 'validation.alpha_spaces' },
  confirmed: { params: 'password', context: { values: { password: 's3cret' } }, ok: ['s3cret'], bad: ['other'], key: 'validation.confirmed' },
  credit_card: { ok: ['4111 1111 1111 1111', '5500-0000-0000-0004'], bad: ['4111 1111 1111 1112', '1234'], key: 'validation.credit_card' },
  date_between: {
    params: ['2024-01-01', '2024-12-31'],
    ok: ['2024-01-01', '2024-06-15', '2024-12-31'],
    bad: ['2023-12-31', '2025-01-01'],
    key: 'validation.date_between',
  },
  date_format: { params: 'yyyy-MM-dd', ok: ['2024-02-29'], bad: ['2023-02-29', '29/02/2024', '2024-2-1'], key: 'validation.date_format' },
  decimal: { params: 2, ok: ['1.25', '3', '-0.5'], bad: ['1.255', 'abc'], key: 'validation.decimal' },
  digits: { params: 4, ok: ['1234'], bad: ['123', '12345', '12a4'], key: 'validation.digits' },
  dimensions: {
    params: { width: 100, height: 50 },
    ok: [png(1, { width: 100, height: 50 })],
    bad: [png(1, { width: 100, height: 51 })],
    key: 'validation.dimensions',
  },
  ext: { params: ['png', 'jpg'], ok: [[png(1)]], bad: [[pdf]], key: 'validation.ext' },
  excluded: { params: ['admin', 'root'], ok: ['ann'], bad: ['admin'], key: 'validation.excluded' },
  image: { ok: [[png(1)]], bad: [[pdf]], key: 'validation.image' },
  in: { params: ['a', 'b'], ok: ['a', ['a', 'b']], bad: ['c', ['a', 'c']], key: 'validation.in' },
  ip: { ok: ['192.168.0.1', '::1', '2001:db8::8a2e:370:7334', '::ffff:192.0.2.1'], bad: ['256.1.1.1', '1.2.3', '2001:db8:::1', 'abc'], key: 'validation.ip' },
  max_value: { params: 10, ok: [10, '9'], bad: [11], key: 'validation.max_value' },
  mimes: { params: ['image/*', 'application/pdf'], ok: [[png(1), pdf]], bad: [[{ name: 'a.txt', type: 'text/plain', size: 1 }]], key: 'validation.mimes' },
  min_value: { params: 10, ok: [10, 11], bad: [9], key: 'validation.min_value' },
  not_in: { params: ['x'], ok: ['y'], bad: ['x'], key: 'validation.not_in' },
  regex: { params: '^[A-Z]{3}$', ok: ['ABC'], bad: ['AB', 'abc'], key: 'validation.regex' },
  // Server rules: the local precheck of each (the checker part is covered in validate-form tests).
  slug_valid: { ok: ['good-slug'], bad: ['bad/slug'], key: 'validation.slug_valid' },
  feed_valid: { ok: ['https://example.org/feed.xml'], bad: ['not a url'], key: 'validation.feed_valid' },
  uniqueness: { params: { values: ['a', 'b'], exclude: ['b'] }, ok: ['c', 'b'], bad: ['a'], key: 'validation.uniqueness' },
};

describe('validation rules (spec 5.2): each accepts and rejects', () => {
  it('has a case for every implemented rule', () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(validationRules).sort());
  });
  for (const [name, c] of Object.entries(cases)) {
    it(name, () => {
      for (const value of c.ok) expect(runRule(name, value, c.params ?? true, c.context), `${name} should accept ${JSON.stringify(value)}`).toBeNull();
      for (const value of c.bad) {
        const failure = runRule(name, value, c.params ?? true, c.context);
        expect(failure, `${name} should reject ${JSON.stringify(value)}`).not.toBeNull();
        if (c.key) expect(failure!.key).toBe(c.key);
      }
    });
  }
});

describe('rule details', () => {
  it('only required checks empty values; other rules pass an empty optional field', () => {
    expect(runRule('email', '', true)).toBeNull();
    expect(runRule('min', undefined, 3)).toBeNull();
  });
  it('handlebarsOrURL reports a template error for templates and a URL error otherwise', () => {
    expect(runRule('handlebarsOrURL', '{{#if x}}', true)?.key).toBe('validation.handlebars_valid');
    expect(runRule('handlebarsOrURL', 'nope', true)?.key).toBe('validation.url');
  });
  it('date_after and date_before compare against another field, bound day excluded', () => {
    const values = { start: '2024-03-01' };
    expect(runRule('date_after', '2024-03-02', 'start', { values })).toBeNull();
    expect(runRule('date_after', '2024-03-01', { field: 'start' }, { values })?.params).toEqual({ target: '2024-03-01' });
    expect(runRule('date_before', '2024-02-29', 'start', { values })).toBeNull();
    expect(runRule('date_before', '2024-03-01', 'start', { values })).not.toBeNull();
  });
  it('size converts KB to bytes and shows the limit in MB, or GB from a gigabyte', () => {
    expect(runRule('size', [png(3_000_000)], 2048)?.params).toMatchObject({ size: '2 MB' });
    expect(runRule('size', [png(3 * 1_073_741_824)], 2 * 1_048_576)?.params).toMatchObject({ size: '2 GB' });
  });
  it('maxFileSize names the limit and the file size', () => {
    expect(runRule('maxFileSize', png(2_621_440), 1_048_576)?.params).toEqual({ max: '1 MB', size: '2.5 MB' });
  });
  it('customRatio warns (not errors) about unrealistic and duplicate ratios', () => {
    expect(runRule('customRatio', { width: 10, height: 1 }, { existing: [] })).toMatchObject({
      key: 'imageUploader.preview.warnings.customRatio.unrealistic',
      severity: 'warning',
    });
    expect(runRule('customRatio', { width: 2, height: 2 }, { existing: [1] })).toMatchObject({
      key: 'imageUploader.preview.warnings.customRatio.duplicate',
      severity: 'warning',
    });
    expect(runRule('customRatio', { height: 2 }, {})).toMatchObject({ severity: 'error' });
  });
  it('languageTags: not enabled, not all declared, not the same number', () => {
    const p = { enabled: ['en', 'fr'], requireAll: true };
    expect(runRule('languageTags', '{{#lang "de"}}x{{/lang}}', p)?.key).toBe('validation.languageTags.langNotEnabled');
    expect(runRule('languageTags', '{{#lang "en"}}x{{/lang}}', p)?.key).toBe('validation.languageTags.notAllLangsDeclared');
    expect(runRule('languageTags', '{{#lang "en"}}x{{/lang}}{{#lang "en"}}y{{/lang}}{{#lang "fr"}}z{{/lang}}', p)?.key).toBe(
      'validation.languageTags.notAllSameNumber',
    );
  });
  it('an unknown rule is a clear error', () => {
    expect(() => runRule('nope', 'x', true)).toThrow('Unknown validation rule "nope"');
  });
});
