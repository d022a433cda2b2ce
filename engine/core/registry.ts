/**
 * The registry as the engine reads it at run time: lookups over validated entries.
 * Built from `registry/generated/runtime.ts` in the browser and from the full registry on the server
 * and in the admin.
 */
import { ownValue } from './own';
import type {
  OperatorEntry,
  RegistryData,
  RuntimeBlockKey,
  RuntimeBlockType,
  RuntimeFieldKey,
  RuntimeFieldType,
  RuntimeRegistryData,
  RuntimeRule,
  RuntimeRuleKey,
} from '../../schemas/model';

/**
 * What a member's browser needs of each entry, as values for the build's subset. The key unions in
 * schemas/model/registry.ts type the result; the checks below make the two lists one.
 */
export const RUNTIME_KEYS = {
  blocks: ['type', 'title', 'category', 'icon', 'status', 'powerUps', 'children', 'defaults', 'section'],
  fields: ['type', 'title', 'icon', 'status', 'rules', 'progress', 'children', 'displayOnly'],
  rules: ['name', 'messageKey', 'messageParams', 'extraMessageKeys', 'server', 'severity'],
} as const satisfies { blocks: readonly RuntimeBlockKey[]; fields: readonly RuntimeFieldKey[]; rules: readonly RuntimeRuleKey[] };

type Lists<Union, Listed> = [Exclude<Union, Listed>] extends [never] ? true : false;
const everyKeyListed: [
  Lists<RuntimeBlockKey, (typeof RUNTIME_KEYS.blocks)[number]>,
  Lists<RuntimeFieldKey, (typeof RUNTIME_KEYS.fields)[number]>,
  Lists<RuntimeRuleKey, (typeof RUNTIME_KEYS.rules)[number]>,
] = [true, true, true];
void everyKeyListed;

export type { RuntimeBlockType, RuntimeFieldType, RuntimeRule, RuntimeRegistryData };

export interface Registry {
  readonly data: RuntimeRegistryData;
  blockType(type: string): RuntimeBlockType | undefined;
  fieldType(type: string): RuntimeFieldType | undefined;
  rule(name: string): RuntimeRule | undefined;
  operator(id: string): OperatorEntry | undefined;
}

export function createRegistry(data: RuntimeRegistryData): Registry {
  return {
    data,
    blockType: (type) => ownValue(data.blocks, type),
    fieldType: (type) => ownValue(data.fields, type),
    rule: (name) => ownValue(data.rules, name),
    operator: (id) => ownValue(data.operators, id),
  };
}

function pick<T extends object, K extends keyof T>(entry: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const k of keys) if (entry[k] !== undefined) out[k] = entry[k];
  return out;
}

function mapEntries<T, U>(record: Record<string, T>, f: (entry: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, f(v)]));
}

/** The subset a member's browser loads: `RUNTIME_KEYS` of every entry, and every operator. */
export function runtimeSubset(data: RegistryData): RuntimeRegistryData {
  return {
    blocks: mapEntries(data.blocks, (b) => pick(b, RUNTIME_KEYS.blocks)),
    fields: mapEntries(data.fields, (f) => pick(f, RUNTIME_KEYS.fields)),
    rules: mapEntries(data.rules, (r) => pick(r, RUNTIME_KEYS.rules)),
    operators: data.operators,
  };
}
