/**
 * Generates the JSON Schemas in `schemas/` from the TypeScript model in `schemas/model/`.
 * Used by `npm run schemas` (writes) and by the freshness test (compares), so both see the same output.
 */
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
  const program = TJS.getProgramFromFiles(
    [path.join(root, 'schemas/model/index.ts')],
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
    const withId = { $id: `https://tessera.example/schemas/${dir}/${file}`, ...schema };
    out.set(`schemas/${dir}/${file}`, JSON.stringify(sortKeys(withId), null, 2) + '\n');
  };
  for (const [file, type] of Object.entries(MODEL_SCHEMAS)) emit('json', file, type);
  for (const [file, type] of Object.entries(REGISTRY_SCHEMAS)) emit('registry', file, type);
  return out;
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
