/**
 * Data mappings (community §3 "Data mapping"): the one rule of what a mapping may say, and how a
 * row of a file becomes profile values through it. The server checks mappings when saved and
 * applies them in the members import; the admin shows the same problems while editing. Pure.
 *
 * A mapping writes profile fields (the keys of the profile data schema: the stored form fields)
 * and the account's own fields (email, firstName, lastName). Cells are data, never formulas: a
 * cell such as `=1+2` is stored as the text it is (the export guards it, engine/core/csv.ts).
 */
import type { JsonValue } from '../../schemas/model/common';
import type { DataMappingData, DataMappingField, DataMappingTransform } from '../../schemas/model/api/mappings';
import { isPlainEmail } from './validation/email';

export const DATA_MAPPING_TRANSFORMS: readonly DataMappingTransform[] = ['trim', 'lowercase', 'date', 'number', 'boolean', 'split;'];
/** Fields kept on the account (and copied to the profile): always there, whatever the forms hold. */
export const ACCOUNT_FIELDS = ['email', 'firstName', 'lastName'] as const;
/** A mapping's columns, at most. */
export const DATA_MAPPING_MAX_FIELDS = 100;
/** The members import: the file's limit, and the rows the upload's preview dry-runs at once. */
export const MEMBERS_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const MEMBERS_IMPORT_PREVIEW_ROWS = 20;

/** A problem of a mapping: where (`fields.2.profileField`), its code and parameters (the admin's i18n key `mappingsAdmin.problems.<code>`), and the English sentence the server answers. */
export interface DataMappingProblem {
  path: string;
  code: string;
  params: Record<string, string | number>;
  message: string;
}

const column = (text: string) => text.trim().toLowerCase();

const PROBLEM_TEXT: Record<string, (p: Record<string, string | number>) => string> = {
  source: (p) => `source must be "csv", got "${p.source}"`,
  noFields: () => 'a mapping needs at least one column',
  tooManyFields: (p) => `at most ${p.max} columns`,
  noColumnName: (p) => `column ${p.n} has no name`,
  columnTwice: (p) => `column "${p.column}" is mapped twice (columns ${p.first} and ${p.n})`,
  unknownField: (p) => `"${p.field}" is no profile field`,
  fieldTwice: (p) => `profile field "${p.field}" is written by two columns`,
  unknownTransform: (p) => `"${p.transform}" is no transform (${DATA_MAPPING_TRANSFORMS.join(', ')})`,
  noMatch: () => 'name the column that finds an existing member (the match key)',
  matchNotMapped: (p) => `the match column "${p.column}" is not one of the mapped columns`,
  matchField: (p) => `the match column "${p.column}" writes "${p.field}", not "${p.wanted}"`,
  noEmail: () => 'map a column to "email": every member needs one',
  listTwice: () => 'a list is named twice',
};

/**
 * Every problem of a mapping against the fields that exist now (profile field keys; the account
 * fields are always there): unknown profile fields, a column used twice or a field written twice,
 * an unknown transform, and one match key naming a mapped column.
 */
export function dataMappingProblems(data: DataMappingData, profileFields: readonly string[]): DataMappingProblem[] {
  const problems: DataMappingProblem[] = [];
  const add = (path: string, code: string, params: Record<string, string | number> = {}) =>
    problems.push({ path, code, params, message: PROBLEM_TEXT[code](params) });
  const known = new Set<string>([...ACCOUNT_FIELDS, ...profileFields]);
  if (data.source !== 'csv') add('source', 'source', { source: String(data.source) });
  if (!data.fields.length) add('fields', 'noFields');
  if (data.fields.length > DATA_MAPPING_MAX_FIELDS) add('fields', 'tooManyFields', { max: DATA_MAPPING_MAX_FIELDS });
  const columns = new Map<string, number>();
  const targets = new Map<string, number>();
  data.fields.forEach((f, i) => {
    if (!f.column.trim()) add(`fields.${i}.column`, 'noColumnName', { n: i + 1 });
    else if (columns.has(column(f.column))) add(`fields.${i}.column`, 'columnTwice', { column: f.column, first: columns.get(column(f.column))! + 1, n: i + 1 });
    else columns.set(column(f.column), i);
    if (!known.has(f.profileField)) add(`fields.${i}.profileField`, 'unknownField', { field: f.profileField });
    else if (targets.has(f.profileField)) add(`fields.${i}.profileField`, 'fieldTwice', { field: f.profileField });
    else targets.set(f.profileField, i);
    if (f.transform !== undefined && !DATA_MAPPING_TRANSFORMS.includes(f.transform))
      add(`fields.${i}.transform`, 'unknownTransform', { transform: String(f.transform) });
  });
  const match = data.match;
  if (!match || !match.column.trim()) add('match.column', 'noMatch');
  else {
    const mapped = columns.get(column(match.column));
    if (mapped === undefined) add('match.column', 'matchNotMapped', { column: match.column });
    else if (data.fields[mapped].profileField !== match.profileField)
      add('match.profileField', 'matchField', { column: match.column, field: data.fields[mapped].profileField, wanted: match.profileField });
  }
  if (!targets.has('email')) add('fields', 'noEmail');
  if (new Set(data.lists ?? []).size !== (data.lists ?? []).length) add('lists', 'listTwice');
  return problems;
}

/** The column indexes of a file's header for a mapping's fields; a mapped column the header lacks is named. */
export function mappingColumns(data: DataMappingData, header: readonly string[]): { indexes: number[]; missing: string[] } {
  const at = new Map<string, number>();
  header.forEach((h, i) => {
    if (!at.has(column(h))) at.set(column(h), i);
  });
  const indexes = data.fields.map((f) => at.get(column(f.column)) ?? -1);
  return { indexes, missing: data.fields.filter((_, i) => indexes[i] < 0).map((f) => f.column) };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_FIRST = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/;
const TRUE = new Set(['true', 'yes', 'y', '1', 'oui']);
const FALSE = new Set(['false', 'no', 'n', '0', 'non']);

function validDate(y: number, m: number, d: number): string | undefined {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** One cell through its transform: the value stored, or the reason it cannot be. An empty cell is null. */
export function transformCell(text: string, transform: DataMappingTransform | undefined): { value: JsonValue } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  switch (transform) {
    case undefined:
      return { value: text };
    case 'trim':
      return { value: trimmed };
    case 'lowercase':
      return { value: trimmed.toLowerCase() };
    case 'number': {
      const n = Number(trimmed.replace(/\s/g, ''));
      return Number.isFinite(n) && /^[-+]?(\d[\d\s]*)?(\.\d+)?([eE][-+]?\d+)?$/.test(trimmed)
        ? { value: n }
        : { error: `"${trimmed.slice(0, 40)}" is no number` };
    }
    case 'boolean': {
      const word = trimmed.toLowerCase();
      if (TRUE.has(word)) return { value: true };
      if (FALSE.has(word)) return { value: false };
      return { error: `"${trimmed.slice(0, 40)}" is no yes/no value (true, false, yes, no, 1, 0)` };
    }
    case 'date': {
      const iso = DATE.exec(trimmed);
      const dayFirst = DAY_FIRST.exec(trimmed);
      const value = iso ? validDate(+iso[1], +iso[2], +iso[3]) : dayFirst ? validDate(+dayFirst[3], +dayFirst[2], +dayFirst[1]) : undefined;
      return value ? { value } : { error: `"${trimmed.slice(0, 40)}" is no date (yyyy-MM-dd or dd/MM/yyyy)` };
    }
    case 'split;':
      return {
        value: trimmed
          .split(';')
          .map((s) => s.trim())
          .filter(Boolean),
      };
    default:
      return { error: `"${String(transform)}" is no transform` };
  }
}

/** A row read through a mapping: the values by profile field, the match value, and what was wrong. */
export interface MappedRow {
  values: Record<string, JsonValue>;
  /** The match column's value, compared case-insensitively (trimmed, lower case). */
  matchValue: string;
  errors: { field: string; message: string }[];
}

/** Reads one row of cells (in the file's column order) through the mapping; `indexes` from `mappingColumns`. */
export function mapRow(data: DataMappingData, indexes: readonly number[], cells: readonly string[]): MappedRow {
  const values: Record<string, JsonValue> = {};
  const errors: MappedRow['errors'] = [];
  let matchValue = '';
  data.fields.forEach((f: DataMappingField, i) => {
    const text = indexes[i] >= 0 ? (cells[indexes[i]] ?? '') : '';
    // The account's fields are plain text: trimmed; email compared in lower case.
    const transform =
      f.profileField === 'email'
        ? 'lowercase'
        : f.transform === undefined && (ACCOUNT_FIELDS as readonly string[]).includes(f.profileField)
          ? 'trim'
          : f.transform;
    const result = transformCell(text, transform);
    if ('error' in result) errors.push({ field: f.column, message: result.error });
    else if (result.value === null) {
      if (f.required || f.profileField === 'email') errors.push({ field: f.column, message: `"${f.column}" is required` });
    } else {
      if (f.profileField === 'email' && !isPlainEmail(String(result.value)))
        errors.push({ field: f.column, message: `"${String(result.value).slice(0, 80)}" is no email address` });
      else values[f.profileField] = result.value;
    }
    if (column(f.column) === column(data.match.column)) matchValue = text.trim().toLowerCase();
  });
  if (!matchValue && !errors.some((e) => column(e.field) === column(data.match.column)))
    errors.push({ field: data.match.column, message: `the match column "${data.match.column}" is empty` });
  return { values, matchValue, errors };
}
