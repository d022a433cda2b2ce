/**
 * CSV, one rule for every file the platform reads or writes (translation uploads, member imports,
 * exports): RFC 4180 records read in one linear pass, cells written quoted where needed, and the
 * formula-injection guard on every text cell a spreadsheet would otherwise run. Pure.
 */

/**
 * A text a spreadsheet would run as a formula (OWASP CSV injection: `=`, `+`, `-`, `@`, tab or
 * carriage return first) kept as text: prefixed with `'`, as a spreadsheet's own text marker.
 */
export const formulaSafe = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** RFC 4180 records: quoted cells may hold commas, quotes (doubled) and line breaks. */
export function csvRecords(text: string): { line: number; cells: string[] }[] | string {
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

/** One cell as written: formula-guarded, quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? formulaSafe(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A line of cells with CRLF (RFC 4180). */
export const csvLine = (cells: readonly (string | number | boolean | null | undefined)[]): string => `${cells.map(csvCell).join(',')}\r\n`;
