/**
 * Content translations (issue 35, Deliver 4): the names of modules, pages and blocks, the texts in
 * block options and the labels of fields are stored once, in the site's language, and each has an
 * i18n key whose override (the i18n domain's documents, one per published locale) is its
 * translation. A label shows the translation of the member's language when one exists, else the
 * stored text. This file is the one rule: which key a label has, which option strings are labels
 * (by the block type's options schema), and how a block's options or a field are shown translated.
 *
 * Keys:
 * - a module's or page's name: its `customI18NKey` when set, else `content.module.<id>.name` /
 *   `content.page.<id>.name`;
 * - a block's name (a tab's, a step's, a modal's title): `content.block.<id>.name`;
 * - a block option text: `content.block.<id>.<path>` (`content.block.tabs-1.items.0.label`);
 * - a field's `label`, `placeholder`, `infoTooltip`, `infoPopup`: `content.field.<id>.<part>`, a
 *   choice's label `content.field.<id>.options.<n>.label` (module fields and applications' fields);
 * - an application's title: `content.application.<id>.label`; an entity definition's name:
 *   `content.entityDefinition.<id>.name`; a profile data item's name
 *   (`firstName`, `city`): `content.data.<key>.label`.
 */
import { HTML_MEDIA_TYPE } from '../markup-policy';
import { markText } from './text-marks';

export const CONTENT_KEY_PREFIX = 'content.';

/** The translation of a key in the shown language, or undefined (the stored text shows). */
export type ContentLookup = (key: string, stored: string) => string | undefined;

interface Named {
  id: string;
  name: string;
  customI18NKey?: string;
}

export const moduleNameKey = (module: Pick<Named, 'id' | 'customI18NKey'>): string => module.customI18NKey || `content.module.${module.id}.name`;
export const pageNameKey = (page: Pick<Named, 'id' | 'customI18NKey'>): string => page.customI18NKey || `content.page.${page.id}.name`;
export const blockNameKey = (blockId: string): string => `content.block.${blockId}.name`;
export const blockOptionKey = (blockId: string, path: readonly (string | number)[]): string => `content.block.${blockId}.${path.join('.')}`;

/** A field's own texts that people read. */
export const FIELD_TEXT_PARTS = ['label', 'placeholder', 'infoTooltip', 'infoPopup'] as const;
export type FieldTextPart = (typeof FIELD_TEXT_PARTS)[number];
export const fieldTextKey = (fieldId: string, part: FieldTextPart): string => `content.field.${fieldId}.${part}`;
export const fieldOptionKey = (fieldId: string, index: number): string => `content.field.${fieldId}.options.${index}.label`;
/** A profile data item's name (the settings page's privacy list names each item of the profile). */
export const dataItemKey = (key: string): string => `content.data.${key}.label`;
/** An application's title (the application block's heading). */
export const applicationLabelKey = (applicationId: string): string => `content.application.${applicationId}.label`;
/** An entity definition's name (what kind of thing an entity card says it is: "Workshops"). */
export const entityDefinitionNameKey = (definitionId: string): string => `content.entityDefinition.${definitionId}.name`;

/** A module's or page's name in the shown language. */
export const moduleName = (module: Named, lookup: ContentLookup): string => lookup(moduleNameKey(module), module.name) || module.name;
export const pageName = (page: Named, lookup: ContentLookup): string => lookup(pageNameKey(page), page.name) || page.name;

/**
 * The lookup of a translator: its text for a key it has; in text-edit mode (a marking translator)
 * an untranslated label carries its key's mark too, so the admin can give it its first translation
 * where it stands.
 */
export function contentLookup(translator: { has(key: string): boolean; t(key: string): string; marks?: boolean }): ContentLookup {
  return (key, stored) => (translator.has(key) ? translator.t(key) : translator.marks && stored ? markText(key, stored, stored) : undefined);
}

// ---------------------------------------------------------------------------------------------
// Which option strings are labels: decided by the options schema.

export interface OptionSchemaNode {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  contentMediaType?: string;
  properties?: Record<string, OptionSchemaNode>;
  items?: OptionSchemaNode | OptionSchemaNode[];
  additionalProperties?: OptionSchemaNode | boolean;
  anyOf?: OptionSchemaNode[];
  oneOf?: OptionSchemaNode[];
}

/**
 * Option names that hold a reference, not a text (an id, a field's name, a list of types, an
 * address, a template): strings the schema cannot tell apart from a label, since they carry no
 * enum, format or pattern either.
 */
const REFERENCE_NAME = /(Id|Ids|Field|Fields|Type|Types|Url|Path|Key)$|^(id|field|fields|source|value|url|path|href|src|key|icon|color|colour)$/;

export type TextKind = 'text' | 'html';

/** Whether a string option is a label people read, and whether it is HTML; undefined when it is not one. */
export function optionTextKind(schema: OptionSchemaNode | undefined, name: string | number | undefined): TextKind | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (!types.includes('string')) return undefined;
  if (schema.contentMediaType === HTML_MEDIA_TYPE) return 'html';
  if (schema.enum || schema.const !== undefined || schema.format || schema.pattern) return undefined;
  if (schema.contentMediaType && schema.contentMediaType !== 'text/plain') return undefined;
  if (typeof name === 'string' && REFERENCE_NAME.test(name)) return undefined;
  return 'text';
}

function childSchema(schema: OptionSchemaNode | undefined, part: string | number): OptionSchemaNode | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  if (typeof part === 'number' || /^\d+$/.test(String(part))) {
    if (Array.isArray(schema.items)) return schema.items[Number(part)];
    if (schema.items) return schema.items;
  }
  if (typeof part === 'string') {
    if (schema.properties && Object.prototype.hasOwnProperty.call(schema.properties, part)) return schema.properties[part];
    if (typeof schema.additionalProperties === 'object') return schema.additionalProperties;
  }
  return undefined;
}

/** The name an option has in the schema (an array item is named by its array). */
function lastName(path: readonly (string | number)[]): string | undefined {
  for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'string' && !/^\d+$/.test(String(path[i]))) return String(path[i]);
  return undefined;
}

/** What the option at `path` of a block type's options is: a text, HTML, or (undefined) no label at all. */
export function optionPathKind(schema: unknown, path: readonly (string | number)[]): TextKind | undefined {
  let node = schema as OptionSchemaNode | undefined;
  for (const part of path) node = childSchema(node, part);
  return path.length ? optionTextKind(node, lastName(path)) : undefined;
}

export interface OptionText {
  path: (string | number)[];
  text: string;
  kind: TextKind;
}

/** Every label in a block's options (what a translation is given for), with its path; empty strings are none. */
export function optionTexts(schema: unknown, options: unknown): OptionText[] {
  const out: OptionText[] = [];
  const walk = (value: unknown, node: OptionSchemaNode | undefined, path: (string | number)[]) => {
    if (!node) return;
    if (typeof value === 'string') {
      const kind = optionTextKind(node, lastName(path));
      if (kind && value.trim()) out.push({ path, text: value, kind });
    } else if (Array.isArray(value)) value.forEach((item, i) => walk(item, childSchema(node, i), [...path, i]));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, childSchema(node, k), [...path, k]);
  };
  walk(options, schema as OptionSchemaNode, []);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Showing translated content.

/**
 * A block's options with each string that has a translation replaced by it (one walk; the server
 * accepts translations only for label paths, so the schema is not needed here). The same object
 * when nothing is translated, and copies only along the changed paths.
 */
export function translateOptions<T>(blockId: string, options: T, lookup: ContentLookup): T {
  const prefix = `content.block.${blockId}.`;
  const walk = (value: unknown, path: string): unknown => {
    if (typeof value === 'string') return value && path ? (lookup(prefix + path, value) ?? value) : value;
    if (Array.isArray(value)) {
      let out: unknown[] | undefined;
      value.forEach((item, i) => {
        const next = walk(item, path ? `${path}.${i}` : String(i));
        if (next !== item) (out ??= value.slice())[i] = next;
      });
      return out ?? value;
    }
    if (value && typeof value === 'object') {
      let out: Record<string, unknown> | undefined;
      for (const [k, item] of Object.entries(value)) {
        const next = walk(item, path ? `${path}.${k}` : k);
        if (next !== item) (out ??= { ...(value as Record<string, unknown>) })[k] = next;
      }
      return out ?? value;
    }
    return value;
  };
  return walk(options, '') as T;
}

/** A block with its name translated (the same object when it has none). */
export function translateBlockName<T extends { id: string; name?: string }>(block: T, lookup: ContentLookup): T {
  if (typeof block.name !== 'string' || !block.name) return block;
  const name = lookup(blockNameKey(block.id), block.name);
  return name === undefined || name === block.name ? block : { ...block, name };
}

interface TranslatableField {
  id: string;
  label?: string;
  placeholder?: string;
  infoTooltip?: string;
  infoPopup?: string;
  options?: { label: string; labelKey?: string }[];
}

/** A field with its label, placeholder, help texts and choices' labels translated (the same object when none is). */
export function translateField<T extends TranslatableField>(field: T, lookup: ContentLookup): T {
  let out: T | undefined;
  for (const part of FIELD_TEXT_PARTS) {
    const stored = field[part];
    if (typeof stored !== 'string' || !stored) continue;
    const text = lookup(fieldTextKey(field.id, part), stored);
    if (text !== undefined && text !== stored) (out ??= { ...field })[part] = text;
  }
  if (Array.isArray(field.options)) {
    let options: T['options'] | undefined = undefined;
    field.options.forEach((option, i) => {
      if (!option || typeof option.label !== 'string' || !option.label || option.labelKey) return;
      const text = lookup(fieldOptionKey(field.id, i), option.label);
      if (text !== undefined && text !== option.label) (options ??= field.options!.slice())[i] = { ...option, label: text };
    });
    if (options) (out ??= { ...field }).options = options;
  }
  return out ?? field;
}

// ---------------------------------------------------------------------------------------------
// Reading a key back (the server checks a translation names a label before storing it).

export type ContentKeyTarget =
  | { kind: 'module' | 'page'; id: string; path: ['name'] }
  | { kind: 'block'; id: string; path: string[] }
  | { kind: 'field'; id: string; path: string[] }
  | { kind: 'application' | 'data'; id: string; path: ['label'] }
  | { kind: 'entityDefinition'; id: string; path: ['name'] };

/** What a `content.` key names, or undefined when it is not a content key's shape. */
export function parseContentKey(key: string): ContentKeyTarget | undefined {
  if (!key.startsWith(CONTENT_KEY_PREFIX)) return undefined;
  const [kind, id, ...path] = key.slice(CONTENT_KEY_PREFIX.length).split('.');
  if (!id || path.length === 0 || path.some((p) => p === '')) return undefined;
  if ((kind === 'module' || kind === 'page') && path.length === 1 && path[0] === 'name') return { kind, id, path: ['name'] };
  if (kind === 'block') return { kind, id, path };
  if ((kind === 'application' || kind === 'data') && path.length === 1 && path[0] === 'label') return { kind, id, path: ['label'] };
  if (kind === 'entityDefinition' && path.length === 1 && path[0] === 'name') return { kind, id, path: ['name'] };
  if (kind === 'field') {
    if (path.length === 1 && (FIELD_TEXT_PARTS as readonly string[]).includes(path[0])) return { kind, id, path };
    if (path.length === 3 && path[0] === 'options' && /^\d+$/.test(path[1]) && path[2] === 'label') return { kind, id, path };
  }
  return undefined;
}
