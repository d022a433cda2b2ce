import { describe, expect, it } from 'vitest';
import {
  FormSetupError,
  fieldName,
  hasBlockingErrors,
  validateFieldValue,
  validateFieldValueAsync,
  validateForm,
  validateFormAsync,
  type AsyncRuleChecker,
} from '../../../engine';
import type { Field } from '../../../schemas/model';
import registry from '../../../registry/generated/registry.json' with { type: 'json' };
import { realEvaluator } from '../../helpers/rule-engine';

const fieldTypes = registry.fields as Record<string, { rules: string[] }>;
const ctx = { fieldTypes };

describe('validateFieldValue', () => {
  it('applies only the rules the field type accepts', () => {
    // isLink is accepted by text but not by textarea (spec 5.1).
    const text: Field = { id: 'a', type: 'text', validation: { isLink: true } };
    const textarea: Field = { id: 'b', type: 'textarea', validation: { isLink: true } };
    expect(validateFieldValue(text, 'nope', ctx).map((f) => f.key)).toEqual(['form.errorTypes.isLink']);
    expect(validateFieldValue(textarea, 'nope', ctx)).toEqual([]);
  });

  it('returns every failure, not just the first', () => {
    const field: Field = { id: 'a', type: 'text', validation: { min: 5, numeric: true, email: true } };
    expect(validateFieldValue(field, 'ab', ctx).map((f) => f.rule)).toEqual(['min', 'numeric', 'email']);
  });

  it('skips validation only with the explicit override flag', () => {
    const field: Field = { id: 'a', type: 'text', validation: { required: true }, skipValidation: true };
    expect(validateFieldValue(field, '', ctx)).toEqual([]);
    expect(validateFieldValue({ ...field, skipValidation: false }, '', ctx)).toHaveLength(1);
  });

  it('number fields: min_custom, max_custom and between', () => {
    const field: Field = { id: 'n', type: 'number', validation: { min_custom: 2, max_custom: 8, between: [3, 6] } };
    expect(validateFieldValue(field, 4, ctx)).toEqual([]);
    expect(validateFieldValue(field, 9, ctx).map((f) => f.rule)).toEqual(['max_custom', 'between']);
  });

  it('checkbox min_custom counts selected items', () => {
    const field: Field = { id: 'c', type: 'checkbox', validation: { min_custom: 2 } };
    expect(validateFieldValue(field, ['a'], ctx).map((f) => f.params)).toEqual([{ count: 2 }]);
    expect(validateFieldValue(field, ['a', 'b'], ctx)).toEqual([]);
  });
});

describe('server rules through the injected checker', () => {
  const field: Field = { id: 's', type: 'text', validation: { slug_valid: true } };
  it('asks the checker only when the local check passes', async () => {
    const asked: string[] = [];
    const checker: AsyncRuleChecker = async ({ value }) => {
      asked.push(String(value));
      return value !== 'taken';
    };
    expect(await validateFieldValueAsync(field, 'free', { ...ctx, checker })).toEqual([]);
    expect((await validateFieldValueAsync(field, 'taken', { ...ctx, checker })).map((f) => f.key)).toEqual(['validation.slug_valid']);
    expect(await validateFieldValueAsync(field, 'a/b', { ...ctx, checker })).toEqual([]);
    expect(asked).toEqual(['free', 'taken']);
  });
  it('without a checker, a field with a server rule is a clear error', async () => {
    await expect(validateFieldValueAsync(field, 'x', ctx)).rejects.toThrow(/server rule "slug_valid" but no async rule checker/);
  });
});

describe('validateForm (the server validates submitted forms with it)', () => {
  const fields: Field[] = [
    { id: 'f-wants', key: 'wantsNews', type: 'toggle' },
    {
      id: 'f-cond',
      key: 'newsCond',
      type: 'conditional',
      childIds: ['f-email'],
      rules: { logicalOperator: 'all', rules: [{ kind: 'formField', subject: 'wantsNews', operator: 'isTrue' }] },
    },
    { id: 'f-email', key: 'newsEmail', type: 'text', validation: { required: true, email: true } },
    { id: 'f-rep', key: 'jobs', type: 'repeater', childIds: ['f-role'] },
    { id: 'f-role', key: 'role', type: 'text', validation: { required: true } },
  ];
  const evaluator = realEvaluator();

  it('a required field hidden by a condition never blocks', () => {
    const errors = validateForm(fields, { wantsNews: false, jobs: [] }, { ...ctx, evaluator });
    expect(errors).toEqual({});
    expect(hasBlockingErrors(errors)).toBe(false);
  });

  it('the same field blocks once its condition matches', () => {
    const errors = validateForm(fields, { wantsNews: true, newsEmail: '' }, { ...ctx, evaluator });
    expect(Object.keys(errors)).toEqual(['f-email']);
  });

  it('keys errors by field and repeater index', () => {
    const errors = validateForm(fields, { jobs: [{ role: 'Chair' }, { role: '' }, {}] }, { ...ctx, evaluator });
    expect(Object.keys(errors).sort()).toEqual(['f-role[1]', 'f-role[2]']);
  });

  it('validateFormAsync adds server-rule failures of fields that passed locally', async () => {
    const withSlug: Field[] = [...fields, { id: 'f-slug', key: 'slug', type: 'text', validation: { required: true, slug_valid: true } }];
    const checker: AsyncRuleChecker = async ({ value }) => value !== 'taken';
    expect(await validateFormAsync(withSlug, { slug: 'free' }, { ...ctx, evaluator, checker })).toEqual({});
    const errors = await validateFormAsync(withSlug, { slug: 'taken', jobs: [{ role: '' }] }, { ...ctx, evaluator, checker });
    expect(Object.keys(errors).sort()).toEqual(['f-role[0]', 'f-slug']);
    expect(errors['f-slug'][0].key).toBe('validation.slug_valid');
  });

  it('serverRulesFor limits the server rules to the fields named (a save checks what it changes)', async () => {
    const two: Field[] = [
      { id: 'f-a', key: 'a', type: 'text', validation: { slug_valid: true } },
      { id: 'f-b', key: 'b', type: 'text', validation: { feed_valid: true } },
    ];
    const asked: string[] = [];
    const checker: AsyncRuleChecker = async ({ rule }) => (asked.push(rule), false);
    const errors = await validateFormAsync(two, { a: 'taken', b: 'https://x.example/feed' }, { ...ctx, checker, serverRulesFor: (f) => f.key === 'a' });
    expect(asked).toEqual(['slug_valid']);
    expect(Object.keys(errors)).toEqual(['f-a']);
  });

  it('a field needs an id, key or name (setup error)', () => {
    expect(() => fieldName({})).toThrow(FormSetupError);
    expect(() => validateForm([{ type: 'text' } as Field], {}, ctx)).toThrow('needs an id, key or name');
    expect(fieldName({ id: 'i', name: 'n' })).toBe('n');
    expect(fieldName({ id: 'i', key: 'k', name: 'n' })).toBe('k');
  });
});
