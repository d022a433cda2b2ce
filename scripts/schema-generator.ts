/**
 * Generates the JSON Schemas in `schemas/` from the TypeScript model in `schemas/model/`.
 * Used by `npm run schemas` (writes) and by the freshness test (compares), so both see the same output.
 */
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot as root } from './paths';
import * as TJS from 'typescript-json-schema';

/** Model schemas: output file (under schemas/json) to the type it describes. */
export const MODEL_SCHEMAS: Record<string, string> = {
  'module.schema.json': 'Module',
  'page.schema.json': 'Page',
  'block.schema.json': 'Block',
  'field.schema.json': 'Field',
  'entity.schema.json': 'Entity',
  'data-schema.schema.json': 'DataSchema',
  'rule-query.schema.json': 'RuleQuery',
  'brand.schema.json': 'Brand',
  'settings.schema.json': 'Settings',
  'profile.schema.json': 'Profile',
  'user-state.schema.json': 'UserState',
  'list-membership.schema.json': 'ListMembership',
  'page-document.schema.json': 'PageDocument',
};

/** Where each domain declares its API types: `schemas/model/api/<domain>.ts`. */
const API_DIR = path.join(root, 'schemas/model/api');

/** `I18nBatchRequest` -> `i18n-batch-request.schema.json`. */
export const apiSchemaFile = (type: string): string => `${type.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}.schema.json`;

/**
 * API request bodies and responses: every type a domain's API file exports whose name ends in
 * `Request` or `Response`, plus `ApiError`; output file (under schemas/json/api) to the type. A new
 * domain's file is picked up without editing this list.
 */
export function apiSchemas(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const file of fs
    .readdirSync(API_DIR)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const text = fs.readFileSync(path.join(API_DIR, file), 'utf8');
    for (const [, type] of text.matchAll(/^export (?:interface|type) (\w+)/gm))
      if (type === 'ApiError' || /(Request|Response)$/.test(type)) {
        const name = apiSchemaFile(type);
        if (out[name]) throw new Error(`schemas/model/api/${file}: ${type} is also declared as ${out[name]}`);
        out[name] = type;
      }
  }
  return out;
}

/** Realtime payloads (schemas/model/realtime.ts): output file (under schemas/json/realtime) to the type. */
export const REALTIME_SCHEMAS: Record<string, string> = {
  'settings-updated-event.schema.json': 'SettingsUpdatedEvent',
};

/** Registry meta-schemas: output file (under schemas/registry) to the entry type. */
export const REGISTRY_SCHEMAS: Record<string, string> = {
  'block-type.schema.json': 'BlockTypeEntry',
  'field-type.schema.json': 'FieldTypeEntry',
  'validation-rule.schema.json': 'ValidationRuleEntry',
  'operator.schema.json': 'OperatorEntry',
};

const SETTINGS: TJS.PartialArgs = {
  required: true,
  ref: true,
  topRef: false,
  noExtraProps: false, // Record<string, unknown> must keep accepting keys; closed types say so with @additionalProperties false
  strictNullChecks: true,
  ignoreErrors: false,
  excludePrivate: true,
};

const DRAFT07 = 'http://json-schema.org/draft-07/schema#';

type Schema = { [key: string]: unknown };

/** Returns every generated schema as relative path -> file text. */
export function generateSchemas(): Map<string, string> {
  const apiFiles = fs
    .readdirSync(API_DIR)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(API_DIR, f));
  const program = TJS.getProgramFromFiles(
    [path.join(root, 'schemas/model/index.ts'), ...apiFiles],
    { strict: true, skipLibCheck: true, esModuleInterop: true },
    root,
  );
  const generator = TJS.buildGenerator(program, SETTINGS);
  if (!generator) throw new Error('typescript-json-schema could not build a generator for schemas/model');
  const out = new Map<string, string>();
  const emit = (dir: string, file: string, type: string) => {
    const schema = generator.getSchemaForSymbol(type) as Schema;
    const definitions = schema.definitions as Record<string, Schema> | undefined;
    // A JsonSchema-typed property must itself be a valid draft-07 schema.
    if (definitions?.JsonSchema) definitions.JsonSchema = { $ref: DRAFT07 };
    const withId = { $id: `https://tessera.example/schemas/${dir}/${file}`, ...(dropRefSiblings(schema) as Schema) };
    out.set(`schemas/${dir}/${file}`, JSON.stringify(sortKeys(withId), null, 2) + '\n');
  };
  for (const [file, type] of Object.entries(MODEL_SCHEMAS)) emit('json', file, type);
  for (const [file, type] of Object.entries(apiSchemas())) emit('json/api', file, type);
  for (const [file, type] of Object.entries(REALTIME_SCHEMAS)) emit('json/realtime', file, type);
  for (const [file, type] of Object.entries(REGISTRY_SCHEMAS)) emit('registry', file, type);
  return out;
}

/**
 * typescript-json-schema copies a closed interface's `additionalProperties: false` onto a property
 * that references it (`near?: MemberSearchNear`). ajv applies keywords beside `$ref`, and that one
 * has no `properties` of its own, so it refused every key. The referenced definition closes itself.
 */
function dropRefSiblings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropRefSiblings);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Schema).filter(([k]) => !(k === 'additionalProperties' && '$ref' in (value as Schema)));
    return Object.fromEntries(entries.map(([k, v]) => [k, dropRefSiblings(v)]));
  }
  return value;
}

/** Stable key order so regeneration never produces a spurious diff. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Schema).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v)]));
  }
  return value;
}

export { root as projectRoot };
