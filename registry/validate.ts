/**
 * Validates registry entries against their meta-schemas (schemas/registry) and the checks a
 * meta-schema cannot express: names match file names, defaults satisfy the options schema,
 * options schemas compile, field types name existing rules, operator templates use known
 * placeholders. Pure: no file system, so it runs on fixtures too.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import blockTypeSchema from '../schemas/registry/block-type.schema.json' with { type: 'json' };
import fieldTypeSchema from '../schemas/registry/field-type.schema.json' with { type: 'json' };
import operatorSchema from '../schemas/registry/operator.schema.json' with { type: 'json' };
import ruleSchema from '../schemas/registry/validation-rule.schema.json' with { type: 'json' };
import type { BlockTypeEntry, FieldTypeEntry, JsonValue, OperatorEntry, ValidationRuleEntry } from '../schemas/model';
import { createSchemaAjv } from './ajv';
import { NAME_PROPERTY, type RegistryData, type RegistryFile, type RegistryKind, type RegistryProblem } from './types';

const META_SCHEMAS: Record<RegistryKind, object> = {
  blocks: blockTypeSchema,
  fields: fieldTypeSchema,
  rules: ruleSchema,
  operators: operatorSchema,
};

const PLACEHOLDER = /^\$(subject|value|value\.\d+|state)$/;

let metaValidators: Record<RegistryKind, ValidateFunction> | undefined;
function metaValidator(kind: RegistryKind): ValidateFunction {
  if (!metaValidators) {
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    metaValidators = {
      blocks: ajv.compile(META_SCHEMAS.blocks),
      fields: ajv.compile(META_SCHEMAS.fields),
      rules: ajv.compile(META_SCHEMAS.rules),
      operators: ajv.compile(META_SCHEMAS.operators),
    };
  }
  return metaValidators[kind];
}

/** Turns ajv errors into problems with a pointer and an expectation a person can act on. */
export function describeAjvErrors(file: string, base: string, errors: ErrorObject[] | null | undefined): RegistryProblem[] {
  if (!errors?.length) return [];
  const byPath = new Map<string, ErrorObject[]>();
  for (const e of errors) {
    const key = base + e.instancePath;
    byPath.set(key, [...(byPath.get(key) ?? []), e]);
  }
  const problems: RegistryProblem[] = [];
  for (const [pointer, errs] of byPath) {
    // anyOf/oneOf wrappers repeat what their branches said; keep the branches.
    const useful = errs.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf');
    const list = useful.length ? useful : errs;
    const messages = [...new Set(list.map(formatAjvError))];
    problems.push({ file, pointer, message: messages.join('; or ') });
  }
  return problems;
}

function formatAjvError(e: ErrorObject): string {
  switch (e.keyword) {
    case 'enum':
      return `expected one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'type':
      return `expected ${e.params.type}`;
    case 'required':
      return `missing required property "${e.params.missingProperty}"`;
    case 'additionalProperties':
      return `unknown property "${e.params.additionalProperty}"`;
    case 'const':
      return `expected ${JSON.stringify(e.params.allowedValue)}`;
    default:
      return e.message ?? e.keyword;
  }
}

/** Validates every file; returns the entries that are valid and every problem found. */
export function validateRegistryFiles(files: RegistryFile[]): { data: RegistryData; problems: RegistryProblem[] } {
  const data: RegistryData = { blocks: {}, fields: {}, rules: {}, operators: {} };
  const problems: RegistryProblem[] = [];
  const schemaAjv = createSchemaAjv();

  for (const { kind, file, data: entry } of files) {
    const validate = metaValidator(kind);
    if (!validate(entry)) {
      problems.push(...describeAjvErrors(file, '', validate.errors));
      continue;
    }
    const nameProp = NAME_PROPERTY[kind];
    const name = (entry as Record<string, string>)[nameProp];
    const base = baseName(file);
    if (name !== base) {
      problems.push({ file, pointer: `/${nameProp}`, message: `expected "${base}" (the file name), got "${name}"` });
      continue;
    }
    if (name in data[kind]) {
      problems.push({ file, pointer: `/${nameProp}`, message: `duplicate ${kind} entry "${name}"` });
      continue;
    }
    const before = problems.length;
    if (kind === 'blocks') checkBlock(schemaAjv, file, entry as BlockTypeEntry, problems);
    if (kind === 'fields') checkSchemaCompiles(schemaAjv, file, '/value', (entry as FieldTypeEntry).value, problems);
    if (kind === 'fields' && (entry as FieldTypeEntry).opts) checkSchemaCompiles(schemaAjv, file, '/opts', (entry as FieldTypeEntry).opts!, problems);
    if (kind === 'rules') checkSchemaCompiles(schemaAjv, file, '/params', (entry as ValidationRuleEntry).params, problems);
    if (kind === 'operators') checkOperator(schemaAjv, file, entry as OperatorEntry, problems);
    if (problems.length === before) (data[kind] as Record<string, unknown>)[name] = entry;
  }

  // Cross-entry check: a field type may only accept rules that exist.
  for (const { kind, file, data: entry } of files) {
    if (kind !== 'fields') continue;
    const field = entry as FieldTypeEntry;
    if (!data.fields[field.type]) continue;
    field.rules.forEach((rule, i) => {
      if (!data.rules[rule] && !files.some((f) => f.kind === 'rules' && baseName(f.file) === rule)) {
        problems.push({ file, pointer: `/rules/${i}`, message: `unknown validation rule "${rule}" (no registry/rules/${rule}.json)` });
        delete data.fields[field.type];
      }
    });
  }
  return { data, problems };
}

/**
 * Keywords an options schema may not use: the admin's edit form (rjsf) runs only the build's
 * precompiled validator of the whole options schema, and these make rjsf ask for a validator of a
 * sub-schema, which does not exist (the form would throw on open).
 */
const ADMIN_UNSUPPORTED = ['anyOf', 'oneOf', '$ref', 'if'] as const;

/** Where each sub-schema sits under a schema keyword (keyword -> how its value holds schemas). */
const SUBSCHEMAS: Record<string, 'one' | 'map' | 'list' | 'oneOrList'> = {
  properties: 'map',
  patternProperties: 'map',
  definitions: 'map',
  $defs: 'map',
  additionalProperties: 'one',
  propertyNames: 'one',
  contains: 'one',
  not: 'one',
  additionalItems: 'one',
  items: 'oneOrList',
  prefixItems: 'list',
  allOf: 'list',
};

function checkOptionsForAdmin(file: string, schema: JsonValue, pointer: string, problems: RegistryProblem[]) {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return;
  for (const keyword of ADMIN_UNSUPPORTED) {
    if (keyword in schema) {
      problems.push({
        file,
        pointer: `${pointer}/${escapePointer(keyword)}`,
        message: `options schemas may not use "${keyword}": the admin's edit form validates with one precompiled validator of the whole schema; use enum, const or separate properties instead`,
      });
    }
  }
  for (const [keyword, shape] of Object.entries(SUBSCHEMAS)) {
    const value = schema[keyword];
    if (value === undefined) continue;
    const at = `${pointer}/${escapePointer(keyword)}`;
    if (shape === 'map' && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [name, sub] of Object.entries(value)) checkOptionsForAdmin(file, sub, `${at}/${escapePointer(name)}`, problems);
    } else if (Array.isArray(value) && shape !== 'one' && shape !== 'map') {
      value.forEach((sub, i) => checkOptionsForAdmin(file, sub, `${at}/${i}`, problems));
    } else if (shape === 'one' || shape === 'oneOrList') {
      checkOptionsForAdmin(file, value, at, problems);
    }
  }
}

function checkBlock(ajv: Ajv, file: string, entry: BlockTypeEntry, problems: RegistryProblem[]) {
  const before = problems.length;
  checkOptionsForAdmin(file, entry.options, '/options', problems);
  if (problems.length > before) return;
  const validate = checkSchemaCompiles(ajv, file, '/options', entry.options, problems);
  if (validate && entry.defaults && !validate(entry.defaults)) {
    problems.push(...describeAjvErrors(file, '/defaults', validate.errors));
  }
}

function checkOperator(ajv: Ajv, file: string, entry: OperatorEntry, problems: RegistryProblem[]) {
  if (entry.valueSchema) checkSchemaCompiles(ajv, file, '/valueSchema', entry.valueSchema, problems);
  walkStrings(entry.jsonLogic, '/jsonLogic', (value, pointer) => {
    if (value.startsWith('$') && !PLACEHOLDER.test(value)) {
      problems.push({ file, pointer, message: `unknown placeholder "${value}"; expected $subject, $value, $value.N or $state` });
    }
  });
}

function checkSchemaCompiles(ajv: Ajv, file: string, pointer: string, schema: object, problems: RegistryProblem[]): ValidateFunction | undefined {
  try {
    return ajv.compile(schema);
  } catch (error) {
    problems.push({ file, pointer, message: `not a usable JSON Schema: ${(error as Error).message}` });
    return undefined;
  }
}

function walkStrings(value: JsonValue | undefined, pointer: string, visit: (s: string, pointer: string) => void) {
  if (typeof value === 'string') visit(value, pointer);
  else if (Array.isArray(value)) value.forEach((v, i) => walkStrings(v, `${pointer}/${i}`, visit));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) walkStrings(v, `${pointer}/${escapePointer(k)}`, visit);
  }
}

function baseName(file: string): string {
  return file.replace(/^.*\//, '').replace(/\.json$/, '');
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
