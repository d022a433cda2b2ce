/**
 * A translation file of the bulk upload (community §3 bulkLanguageUpload): JSON `{"key": "text"}`
 * or CSV `key,value` rows (RFC 4180 quoting, an optional `key,value` header). Pure: the server
 * checks the keys and writes all rows or none.
 */
import { BULK_UPLOAD_MAX_ROWS } from './languages';

export interface TranslationRow {
  /** 1-based line (CSV) or entry (JSON) number, for errors. */
  row: number;
  key: string;
  value: string;
}

export type ParsedTranslationFile = { rows: TranslationRow[]; errors: string[] };

/**
 * A text a spreadsheet would run as a formula (OWASP CSV injection: `=`, `+`, `-`, `@`, tab or
 * carriage return first) kept as text: prefixed with `'`, as a spreadsheet's own text marker.
 */
export const formulaSafe = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** RFC 4180 records: quoted cells may hold commas, quotes (doubled) and line breaks. */
function csvRecords(text: string): { line: number; cells: string[] }[] | string {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      if (cells.length > 1 || cells[0] !== '') records.push({ line: start, cells });
      cells = [];
      cell = '';
      start = ++line;
    } else cell += c;
  }
  if (quoted) return `line ${start}: a quoted cell is not closed`;
  cells.push(cell);
  if (cells.length > 1 || cells[0] !== '') records.push({ line: start, cells });
  return records;
}

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
