/**
 * Bad registry input is reported clearly: each problem names the file, the JSON pointer inside it
 * and what was expected, and the bad entry is left out. Fixtures are in memory, except for the
 * one case (a file that is not JSON) that only the disk loader can meet.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it, expect } from 'vitest';
import { loadRegistry } from '../../registry/loader';
import { RegistryError, type RegistryFile, type RegistryKind, type RegistryProblem } from '../../registry/types';
import { validateRegistryFiles } from '../../registry/validate';

const BLOCK_FILE = 'registry/blocks/sample.json';
const FIELD_FILE = 'registry/fields/sampleField.json';
const RULE_FILE = 'registry/rules/required.json';
const OPERATOR_FILE = 'registry/operators/sampleOperator.json';

/** A block type that is valid as it stands; each test breaks one thing in a fresh copy. */
function validBlock(): Record<string, any> {
  return {
    type: 'sample',
    title: 'Sample',
    category: 'display',
    icon: 'text',
    status: 'planned',
    powerUps: { required: [], optional: [] },
    adminPanels: ['settings', 'visibility'],
    children: false,
    options: {
      type: 'object',
      properties: { text: { type: 'string', title: 'Text', maxLength: 5 } },
      required: ['text'],
      additionalProperties: false,
    },
    defaults: { text: 'ab' },
  };
}

function validRule(): Record<string, any> {
  return { name: 'required', title: 'Required', params: { type: 'boolean' }, messageKey: 'form.errorTypes.required', server: false, severity: 'error' };
}

function validField(): Record<string, any> {
  return {
    type: 'sampleField',
    title: 'Sample field',
    icon: 'text',
    status: 'planned',
    value: { type: 'string' },
    rules: ['required'],
    progress: 'whenFilled',
    children: false,
  };
}

function validOperator(): Record<string, any> {
  return { id: 'sampleOperator', label: 'equals', subjects: ['string'], arity: 1, negatable: true, jsonLogic: { '==': ['$subject', '$value'] } };
}

const file = (kind: RegistryKind, name: string, data: unknown): RegistryFile => ({ kind, file: name, data });

function problemsOf(...files: RegistryFile[]): RegistryProblem[] {
  return validateRegistryFiles(files).problems;
}

function blockProblems(data: unknown, name = BLOCK_FILE): RegistryProblem[] {
  return problemsOf(file('blocks', name, data));
}

describe('validateRegistryFiles: the valid fixtures', () => {
  // Control: the problems below come from the one thing each test breaks, not from the fixtures.
  it('accepts every valid fixture and returns it as data', () => {
    const { data, problems } = validateRegistryFiles([
      file('blocks', BLOCK_FILE, validBlock()),
      file('rules', RULE_FILE, validRule()),
      file('fields', FIELD_FILE, validField()),
      file('operators', OPERATOR_FILE, validOperator()),
    ]);
    expect(problems).toEqual([]);
    expect(Object.keys(data.blocks)).toEqual(['sample']);
    expect(Object.keys(data.rules)).toEqual(['required']);
    expect(Object.keys(data.fields)).toEqual(['sampleField']);
    expect(Object.keys(data.operators)).toEqual(['sampleOperator']);
  });
});

describe('validateRegistryFiles: bad block types', () => {
  it('reports an options schema with "type": 5 at /options/type, naming the file', () => {
    const block = validBlock();
    block.options.type = 5;
    const { data, problems } = validateRegistryFiles([file('blocks', BLOCK_FILE, block)]);
    expect(problems).toHaveLength(1);
    expect(problems[0].file).toBe(BLOCK_FILE);
    expect(problems[0].pointer).toBe('/options/type');
    expect(problems[0].message).toMatch(/"object"/);
    expect(data.blocks.sample).toBeUndefined();
  });

  it('names a missing required property', () => {
    const block = validBlock();
    delete block.category;
    const problems = blockProblems(block);
    expect(problems).toHaveLength(1);
    expect(problems[0].file).toBe(BLOCK_FILE);
    expect(problems[0].pointer).toBe('');
    expect(problems[0].message).toContain('missing required property "category"');
  });

  it('names an unknown property', () => {
    const block = { ...validBlock(), colour: 'red' };
    const problems = blockProblems(block);
    expect(problems).toHaveLength(1);
    expect(problems[0].file).toBe(BLOCK_FILE);
    expect(problems[0].message).toContain('unknown property "colour"');
  });

  it('reports a type name that differs from the file name, with both names', () => {
    const problems = blockProblems(validBlock(), 'registry/blocks/other.json');
    expect(problems).toHaveLength(1);
    expect(problems[0].file).toBe('registry/blocks/other.json');
    expect(problems[0].pointer).toBe('/type');
    expect(problems[0].message).toContain('"other"');
    expect(problems[0].message).toContain('"sample"');
  });

  it('reports defaults that break the options schema under /defaults', () => {
    const block = validBlock();
    block.defaults = { text: 'far too long' };
    const { data, problems } = validateRegistryFiles([file('blocks', BLOCK_FILE, block)]);
    expect(problems).toHaveLength(1);
    expect(problems[0].file).toBe(BLOCK_FILE);
    expect(problems[0].pointer).toBe('/defaults/text');
    expect(problems[0].message).toMatch(/5 characters/);
    expect(data.blocks.sample).toBeUndefined();
  });

  it('reports defaults with a property the options schema does not have at /defaults', () => {
    const block = validBlock();
    block.defaults = { text: 'ab', colour: 'red' };
    const problems = blockProblems(block);
    expect(problems).toHaveLength(1);
    expect(problems[0].pointer).toBe('/defaults');
    expect(problems[0].message).toContain('unknown property "colour"');
  });

  it('rejects a misspelt schema keyword (maxLenght) instead of ignoring it', () => {
    const block = validBlock();
    block.options.properties.text = { type: 'string', title: 'Text', maxLenght: 5 };
    const { data, problems } = validateRegistryFiles([file('blocks', BLOCK_FILE, block)]);
    expect(problems).toHaveLength(1);
    expect(problems[0].file).toBe(BLOCK_FILE);
    expect(problems[0].pointer).toBe('/options');
    expect(problems[0].message).toContain('maxLenght');
    expect(data.blocks.sample).toBeUndefined();
  });
});

describe('validateRegistryFiles: what the admin edit form cannot handle', () => {
  it.each([
    ['anyOf', { anyOf: [{ type: 'string' }, { type: 'number' }] }],
    ['oneOf', { oneOf: [{ const: 'a' }, { const: 'b' }] }],
    ['$ref', { $ref: '#/definitions/x' }],
    ['if', { if: { type: 'string' }, then: { minLength: 1 } }],
  ])('refuses "%s" in an options schema, naming the file and the pointer of the keyword', (keyword, schema) => {
    const block = validBlock();
    block.options.properties.items = { type: 'array', items: { type: 'object', properties: { label: schema } } };
    const { data, problems } = validateRegistryFiles([file('blocks', BLOCK_FILE, block)]);
    expect(problems).toEqual([
      {
        file: BLOCK_FILE,
        pointer: `/options/properties/items/items/properties/label/${keyword}`,
        message: expect.stringContaining(`options schemas may not use "${keyword}"`),
      },
    ]);
    expect(data.blocks.sample).toBeUndefined();
  });

  it('reads a property named like a keyword as a property, not as the keyword', () => {
    const block = validBlock();
    block.options.properties = { if: { type: 'string' }, oneOf: { type: 'boolean', default: false } };
    block.options.required = [];
    block.defaults = {};
    expect(blockProblems(block)).toEqual([]);
  });
});

describe('validateRegistryFiles: bad field types and operators', () => {
  it('reports a field type naming an unknown rule at /rules/N', () => {
    const field = validField();
    field.rules = ['required', 'noSuchRule'];
    const { data, problems } = validateRegistryFiles([file('rules', RULE_FILE, validRule()), file('fields', FIELD_FILE, field)]);
    expect(problems).toHaveLength(1);
    expect(problems[0].file).toBe(FIELD_FILE);
    expect(problems[0].pointer).toBe('/rules/1');
    expect(problems[0].message).toContain('"noSuchRule"');
    expect(data.fields.sampleField).toBeUndefined();
  });

  it('accepts a rule whose file comes later in the list than the field naming it', () => {
    expect(problemsOf(file('fields', FIELD_FILE, validField()), file('rules', RULE_FILE, validRule()))).toEqual([]);
  });

  it('reports an operator template with an unknown $placeholder, with its pointer', () => {
    const operator = validOperator();
    operator.jsonLogic = { '==': ['$subject', '$valeu'] };
    const { data, problems } = validateRegistryFiles([file('operators', OPERATOR_FILE, operator)]);
    expect(problems).toHaveLength(1);
    expect(problems[0].file).toBe(OPERATOR_FILE);
    expect(problems[0].pointer).toBe('/jsonLogic/==/1');
    expect(problems[0].message).toContain('"$valeu"');
    expect(data.operators.sampleOperator).toBeUndefined();
  });

  it('accepts every documented placeholder: $subject, $value, $value.N and $state', () => {
    const operator = validOperator();
    operator.jsonLogic = { and: [{ '>=': ['$subject', '$value.0'] }, { '<=': ['$subject', '$value.1'] }, { '==': ['$state', '$value'] }] };
    expect(problemsOf(file('operators', OPERATOR_FILE, operator))).toEqual([]);
  });
});

describe('loadRegistry', () => {
  it('throws a RegistryError naming a file that is not valid JSON', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-registry-'));
    try {
      fs.mkdirSync(path.join(dir, 'blocks'));
      fs.writeFileSync(path.join(dir, 'blocks', 'sample.json'), JSON.stringify(validBlock()));
      fs.writeFileSync(path.join(dir, 'blocks', 'broken.json'), '{ "type": "broken", ');
      let thrown: unknown;
      try {
        loadRegistry(dir);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(RegistryError);
      const problems = (thrown as RegistryError).problems;
      expect(problems).toHaveLength(1);
      expect(problems[0].file).toBe('registry/blocks/broken.json');
      expect(problems[0].message).toMatch(/not valid JSON/);
      expect((thrown as RegistryError).message).toContain('registry/blocks/broken.json');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('loads the same directory once the broken file is gone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-registry-'));
    try {
      fs.mkdirSync(path.join(dir, 'blocks'));
      fs.writeFileSync(path.join(dir, 'blocks', 'sample.json'), JSON.stringify(validBlock()));
      expect(Object.keys(loadRegistry(dir).blocks)).toEqual(['sample']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
