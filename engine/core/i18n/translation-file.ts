/**
 * A translation file of the bulk upload (community §3 bulkLanguageUpload): JSON `{"key": "text"}`
 * or CSV `key,value` rows (RFC 4180 quoting, an optional `key,value` header). Pure: the server
 * checks the keys and writes all rows or none.
 */
import { csvRecords } from '../csv';
import { BULK_UPLOAD_MAX_ROWS } from './languages';

export { formulaSafe } from '../csv';

export interface TranslationRow {
  /** 1-based line (CSV) or entry (JSON) number, for errors. */
  row: number;
  key: string;
  value: string;
}

export type ParsedTranslationFile = { rows: TranslationRow[]; errors: string[] };

export function parseTranslationFile(format: 'json' | 'csv', content: string): ParsedTranslationFile {
  const rows: TranslationRow[] = [];
  const errors: string[] = [];
  if (format === 'json') {
    let data: unknown;
    try {
      data = JSON.parse(content);
    } catch {
      return { rows, errors: ['the file is not JSON: expected {"key": "text", ...}'] };
    }
    if (!data || typeof data !== 'object' || Array.isArray(data)) return { rows, errors: ['the JSON file must be one object {"key": "text", ...}'] };
    Object.entries(data).forEach(([key, value], i) => {
      if (typeof value !== 'string') errors.push(`entry ${i + 1} ("${key.slice(0, 80)}"): the value must be a text`);
      else rows.push({ row: i + 1, key, value });
    });
  } else {
    const records = csvRecords(content.replace(/^\uFEFF/, ''));
    if (typeof records === 'string') return { rows, errors: [records] };
    records.forEach(({ line, cells }, i) => {
      if (i === 0 && cells[0].trim().toLowerCase() === 'key' && cells[1]?.trim().toLowerCase() === 'value') return;
      if (cells.length !== 2) errors.push(`line ${line}: expected 2 cells (key,value), found ${cells.length}`);
      else rows.push({ row: line, key: cells[0].trim(), value: cells[1] });
    });
  }
  if (rows.length + errors.length > BULK_UPLOAD_MAX_ROWS) return { rows: [], errors: [`at most ${BULK_UPLOAD_MAX_ROWS} rows per file`] };
  if (!rows.length && !errors.length) errors.push('the file holds no translations');
  return { rows, errors };
}
