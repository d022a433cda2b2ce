/** Small value helpers the rules share. */
import type { FileInfo, RuleValue, SyncRule } from './types';
import { BYTE_LABEL_GIGABYTE_FROM } from '../constants';

export function isEmptyValue(value: RuleValue): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

export const asText = (value: RuleValue): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

export function isFileInfo(value: unknown): value is FileInfo {
  return (
    !!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    typeof (value as FileInfo).name === 'string' &&
    typeof (value as FileInfo).size === 'number'
  );
}

/** Picked files of a value (uploaded file ids are not re-checked). */
export function filesOf(value: RuleValue): FileInfo[] {
  const list = Array.isArray(value) ? value : [value];
  return (list as unknown[]).filter(isFileInfo);
}

/** A count for min_custom/max_custom: a number, a numeric string, or an array's length. */
export function countOf(value: RuleValue): number | undefined {
  if (Array.isArray(value)) return value.length;
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  return undefined;
}

/** Size limits are shown in MB, or GB from the spec's gigabyte threshold (spec 5.2, 9). */
export function formatBytes(bytes: number): string {
  if (bytes >= BYTE_LABEL_GIGABYTE_FROM) return `${round(bytes / BYTE_LABEL_GIGABYTE_FROM)} GB`;
  const megabytes = round(bytes / MEGABYTE);
  // A few kilobytes are not nothing: never "0 MB" for a file that has bytes.
  return megabytes === 0 && bytes > 0 ? '< 0.01 MB' : `${megabytes} MB`;
}

/**
 * A file's own size as people read it: KB under a megabyte (at least 1 KB for a file with bytes),
 * then MB, then GB. Limits keep formatBytes (the spec labels them in MB or GB only); a 10 KB
 * picture labelled "0.01 MB" reads as a mistake.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 KB';
  const kilobytes = Math.max(1, Math.round(bytes / 1024));
  return kilobytes < 1024 ? `${kilobytes} KB` : formatBytes(bytes);
}

const MEGABYTE = 1_048_576;
const round = (n: number) => Math.round(n * 100) / 100;

/** Matches a file against accepted types: `image/*`, `application/pdf`, `pdf` or `.pdf`. */
export function fileMatchesType(file: FileInfo, accepted: readonly string[]): boolean {
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  return accepted.some((raw) => {
    const type = raw.toLowerCase().trim();
    if (type.endsWith('/*')) return file.type.toLowerCase().startsWith(type.slice(0, -1));
    if (type.includes('/')) return file.type.toLowerCase() === type;
    const wanted = type.replace(/^\./, '');
    return ext === wanted || file.type.toLowerCase().endsWith(`/${wanted}`);
  });
}

/** A rule over a list parameter: the value (or every item) must be listed (`in`) or none listed (`not_in`, `excluded`). */
export function listRule(name: string, mustBeListed: boolean): SyncRule {
  return {
    name,
    validate: (value, params) => {
      const list = Array.isArray(params) ? params.map(String) : [];
      const items = Array.isArray(value) ? value : [value];
      const ok = mustBeListed ? items.every((v) => list.includes(String(v))) : !items.some((v) => list.includes(String(v)));
      return ok ? null : { key: `validation.${name}` };
    },
  };
}
