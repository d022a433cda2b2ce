/**
 * The members import (community §3 job kind createAccounts 7): the process type `importMembers`
 * (server/processes/definition.ts), run by the processes domain, over a file uploaded with
 * `POST admin/imports/members/upload` (./import-routes.ts) and a data mapping.
 *
 * Each row is read through the mapping (engine/core/data-mappings.ts: transforms, required
 * columns, the email's form), then judged against the file (a match key or email seen in an
 * earlier row) and the members there are now (found by the match key; an email that belongs to
 * another member). A dry run judges every row and writes nothing; a real run creates the members
 * it does not find and updates those it finds (a repeat finds what the first run created, so it
 * creates nothing twice), adds them to the mapping's lists (accepted, through the lists domain's
 * `moveMembership`; a membership in another state, a ban say, is left as it is), 200 rows per
 * transaction. Cells are kept as given: `=1+2` is stored as that text, never evaluated.
 */
import crypto from 'node:crypto';
import { csvRecords } from '../../engine/core/csv';
import { dataMappingProblems, mappingColumns, mapRow, MEMBERS_IMPORT_PREVIEW_ROWS } from '../../engine/core/data-mappings';
import { SUBJECTS } from '../../engine/core/permissions';
import { sameJson } from '../../engine/core/same-json';
import type { Id, JsonObject, JsonValue, Profile } from '../../schemas/model';
import type { DataMapping, DataMappingMatch, ImportMembersPayload, MembersImportUploadResponse } from '../../schemas/model/api/mappings';
import type { ProcessRowError } from '../../schemas/model/api/processes';
import type { AppContext } from '../context';
import { badRequest, HttpError, notFound } from '../errors';
import { moveMembership, storedMembershipsOf } from '../lists';
import type { Account } from '../model';
import { defineProcess } from '../processes/definition';
import type { DocumentTx } from '../storage/documents';
import { mappingById, profileFieldsOf } from './records';
import { mappingsDb } from './tables';

export const IMPORT_MEMBERS = 'importMembers';
/** Rows per transaction of a real run. */
const IMPORT_BATCH = 200;

export interface ImportFile {
  uploadId: Id;
  name: string;
  sizeBytes: number;
  header: string[];
  rows: { row: number; cells: string[] }[];
}

/** An uploaded file, parsed (RFC 4180, engine/core/csv.ts); 404 when gone, 400 naming what cannot be read. */
export async function readUpload(ctx: AppContext, uploadId: Id): Promise<ImportFile> {
  const row = await mappingsDb(ctx.store.kysely).selectFrom('member_import_uploads').selectAll().where('id', '=', uploadId).executeTakeFirst();
  if (!row) throw notFound(`uploadId: no uploaded members file "${uploadId.slice(0, 200)}" (uploads are kept a week)`);
  return { uploadId, name: row.name, sizeBytes: Number(row.size_bytes), ...parseMembersCsv(row.content) };
}

/** The header and rows of a members file, or 400 naming what is wrong with it. */
export function parseMembersCsv(text: string): Pick<ImportFile, 'header' | 'rows'> {
  const records = csvRecords(text.startsWith('\uFEFF') ? text.slice(1) : text);
  if (typeof records === 'string') throw badRequest(`the file is no valid CSV: ${records}`);
  if (!records.length) throw badRequest('the file is empty: it needs a header line naming its columns');
  const header = records[0].cells.map((c) => c.trim());
  if (header.every((h) => !h)) throw badRequest('the first line must name the columns');
  return { header, rows: records.slice(1).map((r, i) => ({ row: i + 1, cells: r.cells })) };
}

/** A mapping the import can use now: 404 when gone, 400 naming its problems (fields deleted since it was saved). */
export async function usableMapping(ctx: AppContext, mappingId: Id): Promise<DataMapping> {
  const mapping = await mappingById(ctx.store.kysely, mappingId);
  if (!mapping) throw notFound(`mappingId: data mapping "${mappingId.slice(0, 200)}" does not exist`);
  const problems = dataMappingProblems(
    mapping.data,
    (await profileFieldsOf(ctx)).map((f) => f.key),
  );
  if (problems.length) throw badRequest(`data mapping "${mapping.title}" cannot be used: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  return mapping;
}

/** 400 naming the mapped columns the file's header lacks. */
function requireColumns(mapping: DataMapping, header: readonly string[]): number[] {
  const { indexes, missing } = mappingColumns(mapping.data, header);
  if (missing.length)
    throw badRequest(
      `the file lacks the mapped column${missing.length === 1 ? '' : 's'} ${missing.map((m) => `"${m}"`).join(', ')} (its header: ${header.join(', ')})`,
    );
  return indexes;
}

const key = (v: unknown) => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v).trim().toLowerCase() : '');

/** The members there are now, by the match key's value and by email. */
interface Members {
  byMatch: Map<string, Id>;
  byEmail: Map<string, Id>;
}

async function membersNow(ctx: AppContext, match: DataMappingMatch): Promise<Members> {
  const accounts = (await ctx.store.list<Account>('account')).map((d) => d.data).filter((a) => a && typeof a.accountId === 'string');
  const byEmail = new Map<string, Id>();
  for (const a of accounts) if (key(a.email)) byEmail.set(key(a.email), a.accountId);
  if (match.profileField === 'email') return { byMatch: byEmail, byEmail };
  const byMatch = new Map<string, Id>();
  for (const p of await ctx.store.list<Profile>('profile')) {
    const value = key(p.data?.data?.profile?.[match.profileField]);
    if (value && !byMatch.has(value)) byMatch.set(value, p.id);
  }
  return { byMatch, byEmail };
}

interface Judged {
  row: number;
  action: 'create' | 'update' | 'skip';
  accountId?: Id;
  values: Record<string, JsonValue>;
  errors: ProcessRowError[];
}

/** Judges rows in file order; `seen` carries the match values and emails of earlier rows. */
class RowJudge {
  private readonly seenMatch = new Map<string, number>();
  private readonly seenEmail = new Map<string, number>();
  constructor(
    private readonly mapping: DataMapping,
    private readonly indexes: readonly number[],
    readonly members: Members,
  ) {}

  judge(row: number, cells: readonly string[]): Judged {
    const mapped = mapRow(this.mapping.data, this.indexes, cells);
    const errors: ProcessRowError[] = mapped.errors.map((e) => ({ row, field: e.field, message: e.message }));
    const email = key(mapped.values.email);
    if (!errors.length) {
      const earlier = this.seenMatch.get(mapped.matchValue);
      const earlierEmail = email ? this.seenEmail.get(email) : undefined;
      if (earlier !== undefined)
        errors.push({ row, field: this.mapping.data.match.column, message: `the same "${this.mapping.data.match.column}" as row ${earlier}` });
      else if (earlierEmail !== undefined) errors.push({ row, field: 'email', message: `the same email as row ${earlierEmail}` });
    }
    const accountId = this.members.byMatch.get(mapped.matchValue);
    const owner = email ? this.members.byEmail.get(email) : undefined;
    if (!errors.length && owner !== undefined && owner !== accountId)
      errors.push({ row, field: 'email', message: `${email} belongs to another member than the one "${this.mapping.data.match.column}" finds` });
    if (errors.length) return { row, action: 'skip', values: mapped.values, errors };
    this.seenMatch.set(mapped.matchValue, row);
    if (email) this.seenEmail.set(email, row);
    return { row, action: accountId ? 'update' : 'create', ...(accountId ? { accountId } : {}), values: mapped.values, errors };
  }

  /** A member this run created: later rows (and a repeat) find her. */
  created(values: Record<string, JsonValue>, matchField: string, accountId: Id) {
    this.members.byMatch.set(key(values[matchField]), accountId);
    if (key(values.email)) this.members.byEmail.set(key(values.email), accountId);
  }
}

/** The dry run of an upload's first rows with a mapping, for the upload's answer. */
export async function previewImport(ctx: AppContext, file: ImportFile, mappingId: Id): Promise<NonNullable<MembersImportUploadResponse['dryRun']>> {
  const mapping = await usableMapping(ctx, mappingId);
  const judge = new RowJudge(mapping, requireColumns(mapping, file.header), await membersNow(ctx, mapping.data.match));
  const counts = { create: 0, update: 0, skip: 0 };
  const errors: ProcessRowError[] = [];
  for (const r of file.rows.slice(0, MEMBERS_IMPORT_PREVIEW_ROWS)) {
    const judged = judge.judge(r.row, r.cells);
    counts[judged.action]++;
    errors.push(...judged.errors);
  }
  return { mappingId, errors, summary: { rows: Math.min(file.rows.length, MEMBERS_IMPORT_PREVIEW_ROWS), ...counts } };
}

const ACCOUNT_KEYS = ['email', 'firstName', 'lastName'] as const;

/** Creates or updates one member in `tx`; answers whether anything changed and the account id. */
async function writeMember(ctx: AppContext, tx: DocumentTx, judged: Judged): Promise<{ accountId: Id; changed: boolean }> {
  const { email, ...profileValues } = judged.values;
  if (judged.action === 'create') {
    const accountId = `m-${crypto.randomUUID()}`;
    const account: Account = {
      accountId,
      email: String(email),
      firstName: typeof profileValues.firstName === 'string' ? profileValues.firstName : '',
      lastName: typeof profileValues.lastName === 'string' ? profileValues.lastName : '',
      isAdmin: false,
      isElevated: false,
      permissions: {},
      basePaths: {},
    };
    await tx.put('account', accountId, account);
    await tx.put('profile', accountId, { accountId, data: { profile: profileValues as JsonObject, meta: {} } } satisfies Profile);
    return { accountId, changed: true };
  }
  const accountId = judged.accountId!;
  let changed = false;
  const account = (await tx.get<Account>('account', accountId))?.data;
  if (account) {
    const next = { ...account };
    for (const k of ACCOUNT_KEYS) if (typeof judged.values[k] === 'string') next[k] = judged.values[k] as string;
    if (ACCOUNT_KEYS.some((k) => next[k] !== account[k])) {
      await tx.put('account', accountId, next);
      changed = true;
    }
  }
  const profile = (await tx.get<Profile>('profile', accountId))?.data;
  const before = profile?.data?.profile ?? {};
  const after = { ...before, ...(profileValues as JsonObject) };
  if (!profile || !sameJson(before, after)) {
    await tx.put('profile', accountId, {
      ...(profile ?? { accountId }),
      accountId,
      data: { meta: {}, ...(profile?.data ?? {}), profile: after },
    } satisfies Profile);
    changed = true;
  }
  return { accountId, changed };
}

/** Adds the member to the mapping's lists she holds no membership of; a refusal (a full list) is a row error, the row's other writes kept. */
async function joinLists(ctx: AppContext, tx: DocumentTx, lists: readonly Id[], accountId: Id, row: number, errors: ProcessRowError[]): Promise<boolean> {
  if (!lists.length) return false;
  const held = new Set((await storedMembershipsOf(tx.raw, accountId)).map((m) => m.userListId));
  let changed = false;
  for (const listId of lists) {
    if (held.has(listId)) continue;
    try {
      changed = (await moveMembership(ctx, tx, { listId, accountId, to: 'accepted', actor: 'admin' })).changed || changed;
    } catch (error) {
      // Refused before any statement ran (a full list, a list made dynamic since): the transaction goes on.
      if (!(error instanceof HttpError)) throw error;
      errors.push({ row, field: 'lists', message: `not added to list "${listId}": ${error.message}` });
    }
  }
  return changed;
}

export const importMembersProcess = defineProcess<ImportMembersPayload>({
  type: IMPORT_MEMBERS,
  kind: 7,
  permission: { action: 'update', subject: SUBJECTS.dataMappings },
  payloadSchema: {
    type: 'object',
    required: ['uploadId', 'mappingId', 'dryRun'],
    additionalProperties: false,
    properties: {
      uploadId: { type: 'string', minLength: 1, maxLength: 200, description: 'The id POST admin/imports/members/upload answered' },
      mappingId: { type: 'string', minLength: 1, maxLength: 200, description: 'The data mapping that reads the file' },
      dryRun: { type: 'boolean', description: 'Check every row and report, writing nothing' },
    },
  },
  async parse(ctx, _user, payload) {
    const { uploadId, mappingId, dryRun } = payload;
    const unknown = Object.keys(payload).filter((k) => !['uploadId', 'mappingId', 'dryRun'].includes(k));
    if (unknown.length) throw badRequest(`payload: unknown ${unknown.map((k) => `"${k.slice(0, 40)}"`).join(', ')} (it takes uploadId, mappingId, dryRun)`);
    if (typeof uploadId !== 'string' || !uploadId) throw badRequest('payload.uploadId: name the uploaded file (the id its upload answered)');
    if (typeof mappingId !== 'string' || !mappingId) throw badRequest('payload.mappingId: name the data mapping that reads the file');
    if (dryRun !== undefined && typeof dryRun !== 'boolean') throw badRequest('payload.dryRun must be true or false');
    const file = await readUpload(ctx, uploadId);
    requireColumns(await usableMapping(ctx, mappingId), file.header);
    return { uploadId, mappingId, dryRun: dryRun ?? true };
  },
  async run(ctx, payload, process) {
    const file = await readUpload(ctx, payload.uploadId);
    const mapping = await usableMapping(ctx, payload.mappingId);
    const judge = new RowJudge(mapping, requireColumns(mapping, file.header), await membersNow(ctx, mapping.data.match));
    const counts = { created: 0, updated: 0, unchanged: 0, skipped: 0 };
    const totalRows = file.rows.length;
    const lists = mapping.data.lists ?? [];
    for (let start = 0; start < totalRows; start += IMPORT_BATCH) {
      if (process.signal.aborted) throw new Error('the members import stopped: it starts again, finding what it already wrote');
      const batch = file.rows.slice(start, start + IMPORT_BATCH);
      if (payload.dryRun) {
        for (const r of batch) {
          const judged = judge.judge(r.row, r.cells);
          judged.errors.forEach((e) => process.rowError(e));
          if (judged.action === 'skip') counts.skipped++;
          else counts[judged.action === 'create' ? 'created' : 'updated']++;
        }
      } else {
        // Judged before the transaction, so a retried transaction writes the same rows again.
        const judged = batch.map((r) => judge.judge(r.row, r.cells));
        for (const j of judged.filter((j) => j.action === 'skip')) j.errors.forEach((e) => process.rowError(e));
        const { step, created, listErrors } = await ctx.store.transaction(async (tx) => {
          const step = { created: 0, updated: 0, unchanged: 0, skipped: 0 };
          const created: [Record<string, JsonValue>, Id][] = [];
          const listErrors: ProcessRowError[] = [];
          for (const j of judged) {
            if (j.action === 'skip') {
              step.skipped++;
              continue;
            }
            const { accountId, changed } = await writeMember(ctx, tx, j);
            if (j.action === 'create') created.push([j.values, accountId]);
            const joined = await joinLists(ctx, tx, lists, accountId, j.row, listErrors);
            step[j.action === 'create' ? 'created' : changed || joined ? 'updated' : 'unchanged']++;
          }
          return { step, created, listErrors };
        });
        listErrors.forEach((e) => process.rowError(e));
        for (const [values, accountId] of created) judge.created(values, mapping.data.match.profileField, accountId);
        for (const k of Object.keys(counts) as (keyof typeof counts)[]) counts[k] += step[k];
      }
      const done = Math.min(start + IMPORT_BATCH, totalRows);
      await process.progress({ rows: done, totalRows, stepCompletion: totalRows ? done / totalRows : 1 });
    }
    if (!totalRows) await process.progress({ rows: 0, totalRows: 0, stepCompletion: 1 });
    const summary: Record<string, JsonValue> = payload.dryRun
      ? { dryRun: true, rows: totalRows, wouldCreate: counts.created, wouldUpdate: counts.updated, skipped: counts.skipped }
      : { dryRun: false, rows: totalRows, ...counts };
    return { summary: { ...summary, mapping: mapping.title, file: file.name } };
  },
});

/** An uploaded file is kept this long for its import (swept by `mappings.sweepImportUploads`). */
export const IMPORT_UPLOAD_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** Removes uploads older than a week (the scheduled job `mappings.sweepImportUploads`); answers how many went. */
export async function sweepImportUploads(ctx: AppContext): Promise<number> {
  const result = await mappingsDb(ctx.store.kysely)
    .deleteFrom('member_import_uploads')
    .where('created_at', '<', Date.now() - IMPORT_UPLOAD_KEPT_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
