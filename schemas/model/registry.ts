import type { JsonObject, JsonValue } from './common';
import type { PowerUp } from './entity';

/**
 * A JSON Schema (draft-07). In the generated meta-schemas this is replaced by a reference to the
 * draft-07 meta-schema, so a registry entry with a broken schema fails at load.
 */
export interface JsonSchema {
  [keyword: string]: JsonValue;
}

export type BlockCategory =
  'user' | 'form' | 'display' | 'entity' | 'structure' | 'interaction' | 'headlessSearch' | 'events' | 'jobs' | 'dashboard' | 'tickets';

/** Panels of the edit-block dialog a block type shows. */
export type AdminPanel = 'settings' | 'visibility' | 'design' | 'style' | 'permissions' | 'notifications' | 'fields' | 'template' | 'powerUps';

/**
 * `available`: a component ships in `blocks/<type>/` (or `blocks/fields/<type>/` for field types).
 * `planned`: in the catalogue, component not built yet; renders a clear "not available yet" state.
 * `removed`: retired (programme blocks); renders "This component has been removed.".
 */
export type EntryStatus = 'available' | 'planned' | 'removed';

/**
 * A block type, `registry/blocks/<type>.json`.
 * @additionalProperties false
 */
export interface BlockTypeEntry {
  $schema?: string;
  /** Type name; equals the file name and the component folder name. */
  type: string;
  title: string;
  description?: string;
  category: BlockCategory;
  /** Icon name shown in the block picker. */
  icon: string;
  status: EntryStatus;
  powerUps: { required: PowerUp[]; optional: PowerUp[] };
  adminPanels: AdminPanel[];
  /** Whether the block holds child blocks (laid out by `positions`). */
  children: boolean;
  /** JSON Schema of `block.options`. */
  options: JsonSchema;
  /** rjsf uiSchema hints for the edit-block form. */
  ui?: JsonObject;
  /** Options applied to a new block of this type; must satisfy `options`. */
  defaults?: JsonObject;
  /** Lazily loaded section of the shell the block belongs to (spec 2.6), if any. */
  section?: 'programme' | 'search' | 'orderList' | 'ticketing' | 'userAssetList' | 'entityNotificationSender';
}

/** How a field counts towards form progress (spec 4.5). */
export type FieldProgress = 'whenFilled' | 'alwaysFilled' | 'excluded';

/**
 * A field type, `registry/fields/<type>.json`.
 * @additionalProperties false
 */
export interface FieldTypeEntry {
  $schema?: string;
  type: string;
  title: string;
  description?: string;
  icon: string;
  status: EntryStatus;
  /** JSON Schema of the field's value. */
  value: JsonSchema;
  /** Names of the validation rules this type accepts (spec 5.1); only these apply. */
  rules: string[];
  progress: FieldProgress;
  /** Whether the field holds child fields (repeater, group, conditional). */
  children: boolean;
  /** Display-only fields (heading, paragraph) hold no value and are never submitted. */
  displayOnly?: boolean;
  /** JSON Schema of `field.opts`. */
  opts?: JsonSchema;
  ui?: JsonObject;
}

/**
 * A validation rule, `registry/rules/<name>.json`.
 * @additionalProperties false
 */
export interface ValidationRuleEntry {
  $schema?: string;
  name: string;
  title: string;
  description?: string;
  /** JSON Schema of the rule's parameters in `field.validation[name]`. */
  params: JsonSchema;
  /** i18n key of the failure message; message parameters are named in `messageParams`. */
  messageKey: string;
  messageParams?: string[];
  /** Further message keys the rule can produce (multi-outcome rules such as language tags). */
  extraMessageKeys?: string[];
  /** Needs the server to decide (slug_valid, feed_valid, uniqueness); checked through an injected async checker. */
  server: boolean;
  /** `warning` results do not block submit. */
  severity: 'error' | 'warning';
}

/** Kinds of value an operator can test. */
export type OperatorSubject = 'string' | 'number' | 'boolean' | 'date' | 'array' | 'file' | 'list' | 'powerUp' | 'any';

/**
 * A rule-query operator, `registry/operators/<id>.json`.
 * @additionalProperties false
 */
export interface OperatorEntry {
  $schema?: string;
  id: string;
  label: string;
  description?: string;
  subjects: OperatorSubject[];
  /** Number of operands: 0 (unary), 1, 2 (between) or `many` (list operators). */
  arity: 0 | 1 | 2 | 'many';
  negatable: boolean;
  /**
   * json-logic template. `"$subject"` stands for the tested value, `"$value"` for the operand,
   * `"$value.0"`/`"$value.1"` for the operands of binary operators, `"$state"` for a membership state.
   */
  jsonLogic: JsonObject;
  /** Named json-logic operations the template uses that json-logic lacks; each is registered once by the engine. */
  operations?: string[];
  /** JSON Schema of the operand value. */
  valueSchema?: JsonSchema;
}

/** Every registry entry by kind, keyed by its name (type, name or id). */
export interface RegistryData {
  blocks: Record<string, BlockTypeEntry>;
  fields: Record<string, FieldTypeEntry>;
  rules: Record<string, ValidationRuleEntry>;
  operators: Record<string, OperatorEntry>;
}

/** The keys of each entry a member's browser loads (`registry/generated/runtime.ts`); engine/core's `RUNTIME_KEYS` lists them for the build's subset. */
export type RuntimeBlockKey = 'type' | 'title' | 'status' | 'powerUps' | 'children' | 'defaults';
export type RuntimeFieldKey = 'type' | 'title' | 'status' | 'rules' | 'progress' | 'children' | 'displayOnly';
export type RuntimeRuleKey = 'name' | 'messageKey' | 'messageParams' | 'extraMessageKeys' | 'server' | 'severity';
export type RuntimeOperatorKey = 'id' | 'subjects' | 'arity' | 'negatable' | 'jsonLogic' | 'valueSchema';

/** The runtime keys of an entry, and the rest as optional: the server and the admin pass full entries. */
type RuntimeEntry<T, K extends keyof T> = Pick<T, K> & Partial<Omit<T, K>>;
/**
 * A block type as the member's engine reads it: only what differs from an available type without
 * power-ups or children (status and title of planned or removed types, required power-ups, whether
 * it holds children, defaults), so the engine page's registry carries no composer data.
 */
export type RuntimeBlockType = Partial<Pick<BlockTypeEntry, Exclude<RuntimeBlockKey, 'powerUps'>>> & {
  powerUps?: { required: PowerUp[]; optional?: PowerUp[] };
} & Partial<Omit<BlockTypeEntry, RuntimeBlockKey>>;
export type RuntimeFieldType = RuntimeEntry<FieldTypeEntry, RuntimeFieldKey>;
export type RuntimeRule = RuntimeEntry<ValidationRuleEntry, RuntimeRuleKey>;
export type RuntimeOperator = RuntimeEntry<OperatorEntry, RuntimeOperatorKey>;

/** The registry as a member's browser loads it. */
export interface RuntimeRegistryData {
  blocks: Record<string, RuntimeBlockType>;
  fields: Record<string, RuntimeFieldType>;
  rules: Record<string, RuntimeRule>;
  operators: Record<string, RuntimeOperator>;
}
