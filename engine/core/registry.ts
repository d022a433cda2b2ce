/**
 * The registry as the engine reads it at run time: lookups over validated entries.
 * Built from `registry/generated/runtime.ts` in the browser and from the full registry on the server
 * and in the admin.
 */
import { ownValue } from './own';
import type { BlockTypeEntry, FieldTypeEntry, OperatorEntry, RegistryData, ValidationRuleEntry } from '../../schemas/model';

/**
 * What a member's browser needs of each entry (`registry/generated/runtime.ts`): the one list the
 * build's subset and the runtime types are both made from. Options schemas, ui hints and admin
 * panels stay with the admin and the server.
 */
export const RUNTIME_KEYS = {
  blocks: ['type', 'title', 'category', 'icon', 'status', 'powerUps', 'children', 'defaults', 'section'],
  fields: ['type', 'title', 'icon', 'status', 'rules', 'progress', 'children', 'displayOnly'],
  rules: ['name', 'messageKey', 'messageParams', 'extraMessageKeys', 'server', 'severity'],
} as const satisfies { blocks: readonly (keyof BlockTypeEntry)[]; fields: readonly (keyof FieldTypeEntry)[]; rules: readonly (keyof ValidationRuleEntry)[] };

/** The runtime keys of an entry, and the rest as optional: the server and the admin pass full entries. */
type Runtime<T, K extends keyof T> = Pick<T, K> & Partial<Omit<T, K>>;
export type RuntimeBlockType = Runtime<BlockTypeEntry, (typeof RUNTIME_KEYS.blocks)[number]>;
export type RuntimeFieldType = Runtime<FieldTypeEntry, (typeof RUNTIME_KEYS.fields)[number]>;
export type RuntimeRule = Runtime<ValidationRuleEntry, (typeof RUNTIME_KEYS.rules)[number]>;

export interface RuntimeRegistryData {
  blocks: Record<string, RuntimeBlockType>;
  fields: Record<string, RuntimeFieldType>;
  rules: Record<string, RuntimeRule>;
  operators: Record<string, OperatorEntry>;
}

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
