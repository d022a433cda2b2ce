/**
 * The registry as the engine reads it at run time: lookups over validated entries.
 * Built from `registry/generated/runtime.json` in the browser and from the full registry on the server.
 */
import { ownValue } from './own';
import type { BlockTypeEntry, FieldTypeEntry, OperatorEntry, ValidationRuleEntry } from '../../schemas/model';

/** What the engine needs of a block type at run time (the options schema stays with admin and server). */
export type RuntimeBlockType = Pick<BlockTypeEntry, 'type' | 'title' | 'category' | 'icon' | 'status' | 'powerUps' | 'children'> &
  Partial<Pick<BlockTypeEntry, 'defaults' | 'section' | 'options' | 'ui' | 'adminPanels' | 'description'>>;
export type RuntimeFieldType = Pick<FieldTypeEntry, 'type' | 'title' | 'icon' | 'status' | 'rules' | 'progress' | 'children'> &
  Partial<Pick<FieldTypeEntry, 'displayOnly' | 'value' | 'opts' | 'ui' | 'description'>>;
export type RuntimeRule = Pick<ValidationRuleEntry, 'name' | 'messageKey' | 'server' | 'severity'> &
  Partial<Pick<ValidationRuleEntry, 'messageParams' | 'extraMessageKeys' | 'params' | 'title' | 'description'>>;

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
