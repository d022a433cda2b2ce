/**
 * The spreadsheet an export writes, row by row to a file (never the whole table in memory): CSV
 * through engine/core/csv.ts (RFC 4180, CRLF, the formula-injection guard on every text cell, a
 * UTF-8 BOM so Excel reads accents) or XLSX through exceljs's streaming writer (rows are flushed
 * to the zip as they are committed; a string is always a text cell, never a formula).
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { JsonValue } from '../../schemas/model/common';
import { csvLine } from '../../engine/core/csv';
import { badRequest } from '../errors';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Rows an export writes at most (200,000); the report says when it stopped there. An object read
 * at each run, so a test can lower it for a while.
 */
export const EXPORT_LIMITS = { maxRows: 200_000 };

export type Cell = string | number | boolean | null | undefined;

export interface SheetWriter {
  row(cells: readonly Cell[]): Promise<void>;
  /** Bytes written so far (for XLSX, what the zip has flushed). */
  bytes(): number;
  close(): Promise<void>;
}

/** A stored value as one cell: lists joined, objects as JSON, absent as empty. */
export function cellOf(value: JsonValue | undefined): Cell {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

function csvSheet(file: string): SheetWriter {
  const out = fs.createWriteStream(file);
  let written = 0;
  let failed: Error | undefined;
  out.on('error', (e) => (failed = e));
  const write = async (text: string) => {
    if (failed) throw failed;
    written += Buffer.byteLength(text);
    if (!out.write(text)) await new Promise<void>((resolve, reject) => (out.once('drain', resolve), out.once('error', reject)));
  };
  let first = true;
  return {
    async row(cells) {
      await write(`${first ? '\uFEFF' : ''}${csvLine(cells)}`);
      first = false;
    },
    bytes: () => written,
    close: () => new Promise<void>((resolve, reject) => (failed ? reject(failed) : out.end(() => (failed ? reject(failed) : resolve())))),
  };
}

function xlsxSheet(file: string, sheetName: string): SheetWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  return {
    async row(cells) {
      // Text stays text: exceljs writes a formula only for { formula } values, which no cell here is.
      sheet.addRow(cells.map((c) => (c === null || c === undefined ? '' : c))).commit();
    },
    bytes() {
      try {
        return fs.statSync(file).size;
      } catch {
        return 0;
      }
    },
    async close() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

export function openSheet(format: ExportFormat, file: string, sheetName: string): SheetWriter {
  return format === 'csv' ? csvSheet(file) : xlsxSheet(file, sheetName);
}

/** `members-2026-11-30T0915.csv`: a file name of the export's kind, date and format. */
export function exportFileName(kind: string, format: ExportFormat, now = new Date()): string {
  const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return `${kind}-${stamp}.${format}`;
}

/** The payload's fields, refusing one the type does not take (400 naming it). */
export function onlyFields(payload: Record<string, JsonValue>, known: readonly string[]): void {
  const extra = Object.keys(payload).filter((k) => !known.includes(k));
  if (extra.length) throw badRequest(`payload has unknown fields: ${extra.join(', ')} (it takes ${known.join(', ')})`);
}

/** payload.format: csv or xlsx (csv when absent). */
export function readFormat(payload: Record<string, JsonValue>): ExportFormat {
  const format = payload.format ?? 'csv';
  if (!EXPORT_FORMATS.includes(format as ExportFormat))
    throw badRequest(`payload.format must be one of ${EXPORT_FORMATS.join(', ')}, got ${JSON.stringify(format)}`);
  return format as ExportFormat;
}

/** The payload schema's format property. */
export const FORMAT_SCHEMA = { type: 'string', enum: [...EXPORT_FORMATS], default: 'csv', title: 'format' } as const;
