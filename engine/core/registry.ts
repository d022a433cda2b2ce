/**
 * The registry as the engine reads it at run time: lookups over validated entries.
 * Built from `registry/generated/runtime.ts` in the browser and from the full registry on the server
 * and in the admin.
 */
import { ownValue } from './own';
import type {
  BlockTypeEntry,
  RegistryData,
  RuntimeBlockKey,
  RuntimeBlockType,
  RuntimeFieldKey,
  RuntimeFieldType,
  RuntimeOperator,
  RuntimeOperatorKey,
  RuntimeRegistryData,
  RuntimeRule,
  RuntimeRuleKey,
} from '../../schemas/model';

/**
 * What a member's browser needs of each entry to render pages, run forms and judge rules, as values
 * for the build's subset (the composer's titles, icons, categories and operator labels are in the
 * admin's full registry). The key unions in
 * schemas/model/registry.ts type the result; the checks below make the two lists one.
 */
export const RUNTIME_KEYS = {
  blocks: ['type', 'title', 'status', 'powerUps', 'children', 'defaults'],
  fields: ['type', 'title', 'status', 'rules', 'progress', 'children', 'displayOnly'],
  rules: ['name', 'messageKey', 'messageParams', 'extraMessageKeys', 'server', 'severity'],
  operators: ['id', 'subjects', 'arity', 'negatable', 'jsonLogic', 'valueSchema'],
} as const satisfies {
  blocks: readonly RuntimeBlockKey[];
  fields: readonly RuntimeFieldKey[];
  rules: readonly RuntimeRuleKey[];
  operators: readonly RuntimeOperatorKey[];
};

type Lists<Union, Listed> = [Exclude<Union, Listed>] extends [never] ? true : false;
const everyKeyListed: [
  Lists<RuntimeBlockKey, (typeof RUNTIME_KEYS.blocks)[number]>,
  Lists<RuntimeFieldKey, (typeof RUNTIME_KEYS.fields)[number]>,
  Lists<RuntimeRuleKey, (typeof RUNTIME_KEYS.rules)[number]>,
  Lists<RuntimeOperatorKey, (typeof RUNTIME_KEYS.operators)[number]>,
] = [true, true, true, true];
void everyKeyListed;

export type { RuntimeBlockType, RuntimeFieldType, RuntimeRule, RuntimeOperator, RuntimeRegistryData };

export interface Registry {
  readonly data: RuntimeRegistryData;
  blockType(type: string): RuntimeBlockType | undefined;
  fieldType(type: string): RuntimeFieldType | undefined;
  rule(name: string): RuntimeRule | undefined;
  operator(id: string): RuntimeOperator | undefined;
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

/**
 * What the engine reads of a block type, and only where it differs from an available type without
 * required power-ups or children (the engine's reading of an absent key): a planned or removed
 * type never renders a component, so its state needs its status and title. No defaults: a type's
 * defaults come with its block chunk (registry-artifacts.ts blockChunkModule), loaded with its code.
 */
function runtimeBlockType(b: BlockTypeEntry): RuntimeBlockType {
  const out: RuntimeBlockType = {};
  if (b.status !== 'available') Object.assign(out, { status: b.status, title: b.title });
  if (b.powerUps.required.length > 0) out.powerUps = { required: b.powerUps.required };
  if (b.children) out.children = true;
  return out;
}

/** The subset a member's browser loads: `RUNTIME_KEYS` of every entry. */
export function runtimeSubset(data: RegistryData): RuntimeRegistryData {
  return {
    blocks: mapEntries(data.blocks, runtimeBlockType),
    fields: mapEntries(data.fields, (f) => pick(f, RUNTIME_KEYS.fields)),
    rules: mapEntries(data.rules, (r) => pick(r, RUNTIME_KEYS.rules)),
    operators: mapEntries(data.operators, (o) => pick(o, RUNTIME_KEYS.operators)),
  };
}
