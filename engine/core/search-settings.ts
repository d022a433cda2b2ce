/**
 * Search settings (issue 34 part 6; schemas/model/api/search-management.ts): which profile fields
 * feed the member index's words and the directory's filters, and what a member's index entry holds
 * given them. Pure, so the server (index writes, the directory's filter check, the admin calls) and
 * the admin screen (which boxes may be ticked) decide alike.
 *
 * Defaults are the behaviour from before the settings: every public value's words are searched but
 * a profile photo's and a point's, and every public value can be filtered on. Only what an admin
 * changed is stored. Privacy comes first and is not a setting: the caller hands in the values
 * others may see (engine/core/profile-privacy.ts), so a private value is never indexed whatever
 * the settings say.
 */
import type { JsonValue } from '../../schemas/model';
import type { SearchFieldOverride, SearchIndexSettings, SearchManagementField } from '../../schemas/model/api/search-management';

/** The keys of the public name: always searched (the name is the entry's first words and its sort key). */
export const NAME_KEYS: ReadonlySet<string> = new Set(['firstName', 'lastName']);

/** Keys whose values are file ids or coordinates: never words anyone searches for (the default since before the settings). */
export const NOT_TEXT_KEYS: ReadonlySet<string> = new Set(['avatar', 'geoLocation']);

/** Field types whose values are not words: files, points, colours, icons, layout. */
const UNSEARCHABLE_TYPES: ReadonlySet<string> = new Set(['imageUploader', 'files', 'geoLocation', 'colorPicker', 'icon', 'group', 'repeater', 'csv']);

/** Field types whose values cannot be chosen from as a filter: files, points, rich or long text, layout. */
const UNFILTERABLE_TYPES: ReadonlySet<string> = new Set(['imageUploader', 'files', 'geoLocation', 'wysiwyg', 'textarea', 'group', 'repeater', 'csv']);

/** The type holds words worth searching. An unknown type (a stored value no form describes) does. */
export const typeCanSearch = (type: string): boolean => !UNSEARCHABLE_TYPES.has(type);

/** The type's values can be offered as a filter's choices. */
export const typeCanFilter = (type: string): boolean => !UNFILTERABLE_TYPES.has(type);

export const EMPTY_SEARCH_SETTINGS: SearchIndexSettings = { profileFields: {}, revision: 0 };

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Stored settings read tolerantly: anything that is not a `{searchable?, filterable?}` of booleans
 * is left out (its field keeps the default), never thrown on.
 */
export function readSearchSettings(raw: unknown): SearchIndexSettings {
  if (!isObject(raw)) return EMPTY_SEARCH_SETTINGS;
  const profileFields: Record<string, SearchFieldOverride> = {};
  if (isObject(raw.profileFields))
    for (const [key, value] of Object.entries(raw.profileFields)) {
      if (!isObject(value)) continue;
      const override: SearchFieldOverride = {};
      if (typeof value.searchable === 'boolean') override.searchable = value.searchable;
      if (typeof value.filterable === 'boolean') override.filterable = value.filterable;
      if (Object.keys(override).length) Object.defineProperty(profileFields, key, { value: override, enumerable: true, writable: true, configurable: true });
    }
  const revision = typeof raw.revision === 'number' && Number.isInteger(raw.revision) && raw.revision >= 0 ? raw.revision : 0;
  const out: SearchIndexSettings = { profileFields, revision };
  if (typeof raw.indexedRevision === 'number') out.indexedRevision = raw.indexedRevision;
  const last = raw.lastReindex;
  if (isObject(last) && typeof last.at === 'number' && typeof last.documents === 'number' && typeof last.errors === 'number')
    out.lastReindex = { at: last.at, documents: last.documents, errors: last.errors };
  return out;
}

const overrideOf = (settings: SearchIndexSettings, key: string): SearchFieldOverride | undefined =>
  Object.prototype.hasOwnProperty.call(settings.profileFields, key) ? settings.profileFields[key] : undefined;

/** A profile field's words go into the member index's text. */
export function isProfileFieldSearchable(settings: SearchIndexSettings, key: string): boolean {
  if (NAME_KEYS.has(key)) return true;
  return overrideOf(settings, key)?.searchable ?? !NOT_TEXT_KEYS.has(key);
}

/** A profile field may be a directory filter, a facet, a range or a date range. */
export function isProfileFieldFilterable(settings: SearchIndexSettings, key: string): boolean {
  return overrideOf(settings, key)?.filterable ?? true;
}

/** The settings' index is behind them: a reindex would change entries. */
export const isIndexStale = (settings: SearchIndexSettings): boolean => settings.revision > (settings.indexedRevision ?? 0);

function words(value: JsonValue): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap((v) => (typeof v === 'string' ? [v] : []));
  return [];
}

/** What a member's index entry holds: the texts searched (the name first) and the values filters and sorts read. */
export interface MemberIndexContent {
  /** Texts whose words are searched, the public name first. */
  texts: string[];
  /** The public values, for filters, facets and sorts (a filter on a key not filterable is refused before it runs). */
  values: Record<string, JsonValue>;
}

/**
 * The content of a member's index entry from the values others may see: the public name, then the
 * words of each searchable field. Hand in public values only (publicProfileValues): privacy is
 * decided before the settings and they cannot undo it.
 */
export function memberIndexContent(publicValues: Record<string, JsonValue>, publicName: string, settings: SearchIndexSettings): MemberIndexContent {
  const texts = [publicName];
  for (const [key, value] of Object.entries(publicValues)) if (!NAME_KEYS.has(key) && isProfileFieldSearchable(settings, key)) texts.push(...words(value));
  return { texts, values: publicValues };
}

/** A change an admin asks for. */
export interface FieldFlagsChange {
  key: string;
  searchable?: boolean;
  filterable?: boolean;
}

/**
 * The problems of a change to profile field flags, in words naming the field (empty when none):
 * a key no field has, a flag turned on for a type that cannot take it, the name made unsearchable.
 * `types` holds each known field's type.
 */
export function searchChangeProblems(changes: readonly FieldFlagsChange[], types: ReadonlyMap<string, string>, what = 'profileFields'): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const change of changes) {
    const type = types.get(change.key);
    const name = `${what} "${change.key.slice(0, 100)}"`;
    if (seen.has(change.key)) problems.push(`${name} is listed twice`);
    seen.add(change.key);
    if (type === undefined) {
      problems.push(`${name} is not a field`);
      continue;
    }
    if (change.searchable === undefined && change.filterable === undefined) problems.push(`${name}: say searchable or filterable`);
    if (change.searchable === true && !typeCanSearch(type)) problems.push(`${name}: a ${type} field cannot be searchable`);
    if (change.filterable === true && !typeCanFilter(type)) problems.push(`${name}: a ${type} field cannot be filterable`);
    if (what === 'profileFields' && change.searchable === false && NAME_KEYS.has(change.key))
      problems.push(`${name} is part of the public name, which is always searchable`);
  }
  return problems;
}

/** The settings after a change (checked first with searchChangeProblems); the revision moves when a flag does. */
export function applySearchChange(settings: SearchIndexSettings, changes: readonly FieldFlagsChange[]): SearchIndexSettings {
  const profileFields: Record<string, SearchFieldOverride> = {};
  for (const [key, value] of Object.entries(settings.profileFields))
    Object.defineProperty(profileFields, key, { value: { ...value }, enumerable: true, writable: true, configurable: true });
  let moved = false;
  for (const change of changes) {
    const before = { searchable: isProfileFieldSearchable(settings, change.key), filterable: isProfileFieldFilterable(settings, change.key) };
    const next: SearchFieldOverride = { ...(overrideOf({ ...settings, profileFields }, change.key) ?? {}) };
    if (change.searchable !== undefined) next.searchable = change.searchable;
    if (change.filterable !== undefined) next.filterable = change.filterable;
    if (next.searchable !== undefined && next.searchable !== before.searchable) moved = true;
    Object.defineProperty(profileFields, change.key, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return { ...settings, profileFields, revision: moved ? settings.revision + 1 : settings.revision };
}

/** A stored form field as the catalogue reads it (any shape: what does not fit is skipped). */
interface FieldLike {
  id?: unknown;
  key?: unknown;
  name?: unknown;
  label?: unknown;
  type?: unknown;
}

/**
 * The profile fields the screen lists, once per key, by label: every stored form field that holds
 * a value (display-only and container types left out, `holdsValue` says), with its effective flags
 * and what its type allows.
 */
export function profileSearchFields(fields: readonly unknown[], holdsValue: (type: string) => boolean, settings: SearchIndexSettings): SearchManagementField[] {
  const out = new Map<string, SearchManagementField>();
  for (const raw of fields) {
    if (!raw || typeof raw !== 'object') continue;
    const field = raw as FieldLike;
    const key = [field.key, field.name, field.id].find((k): k is string => typeof k === 'string' && k !== '');
    if (!key || typeof field.type !== 'string' || !holdsValue(field.type) || out.has(key)) continue;
    const label = typeof field.label === 'string' && field.label.trim() ? field.label : key;
    out.set(key, {
      key,
      label,
      type: field.type,
      searchable: isProfileFieldSearchable(settings, key),
      filterable: isProfileFieldFilterable(settings, key),
      canSearch: typeCanSearch(field.type),
      canFilter: typeCanFilter(field.type),
    });
  }
  return [...out.values()].sort((a, b) => a.label.localeCompare(b.label) || a.key.localeCompare(b.key));
}

/** An entity definition field as the screen lists it (absent flags are off, as the entities' search reads them). */
export function entitySearchField(field: { key: string; label?: string; type: string; searchable?: boolean; filterable?: boolean }): SearchManagementField {
  return {
    key: field.key,
    label: field.label || field.key,
    type: field.type,
    searchable: field.searchable === true,
    filterable: field.filterable === true,
    canSearch: typeCanSearch(field.type),
    canFilter: typeCanFilter(field.type),
  };
}
