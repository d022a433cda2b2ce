/**
 * The members import's file (schemas/model/api/mappings.ts): `POST admin/imports/members/upload`
 * takes one CSV file as multipart/form-data (field `file`, text/csv, at most 10 MB: a body
 * declared larger is refused before a byte is read, one that grows past it is cut off while it
 * streams; 413 naming the limit either way, nothing kept), stores it for the `importMembers`
 * process and answers its header, first rows and, with `?mappingId=`, the dry run of those rows.
 * `GET admin/imports/members/{uploadId}/preview?mappingId=` answers the same for a stored file.
 * Both need update on dataMappings (what starting the import needs).
 */
import crypto from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { MEMBERS_IMPORT_MAX_BYTES, MEMBERS_IMPORT_PREVIEW_ROWS } from '../../engine/core/data-mappings';
import type { MembersImportUploadResponse } from '../../schemas/model/api/mappings';
import type { AppContext } from '../context';
import { badRequest, HttpError } from '../errors';
import { parseMembersCsv, previewImport, readUpload, type ImportFile } from './import';
import { requireMappings } from './records';
import { mappingsDb } from './tables';

/** Room for the multipart boundary and part headers on top of the file. */
const MULTIPART_OVERHEAD = 64 * 1024;
/** What browsers and spreadsheets send for a .csv file. */
const CSV_TYPES = new Set(['text/csv', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel', 'text/plain']);

const tooLarge = () =>
  new HttpError(
    413,
    'fileTooLarge',
    `the members file is larger than the import's limit of ${MEMBERS_IMPORT_MAX_BYTES / 1024 / 1024} MB (${MEMBERS_IMPORT_MAX_BYTES} bytes)`,
  );

async function answer(ctx: AppContext, file: ImportFile, mappingId: unknown): Promise<MembersImportUploadResponse> {
  const base: MembersImportUploadResponse = {
    uploadId: file.uploadId,
    name: file.name,
    sizeBytes: file.sizeBytes,
    header: file.header,
    totalRows: file.rows.length,
    rows: file.rows.slice(0, MEMBERS_IMPORT_PREVIEW_ROWS),
  };
  if (mappingId === undefined || mappingId === '') return base;
  if (typeof mappingId !== 'string') throw badRequest('mappingId must be one data mapping id');
  return { ...base, dryRun: await previewImport(ctx, file, mappingId) };
}

export async function importRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  // Its own scope: the multipart parser applies to the upload only.
  await api.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: true });
    scope.post<{ Querystring: { mappingId?: string } }>('/admin/imports/members/upload', async (req, reply) => {
      const user = await requireMappings(ctx, req, 'Uploading a members file');
      if (!req.isMultipart()) throw new HttpError(415, 'unsupportedMediaType', 'send the members file as multipart/form-data (field "file")');
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > MEMBERS_IMPORT_MAX_BYTES + MULTIPART_OVERHEAD) throw tooLarge();
      let name = '';
      let bytes: Buffer;
      try {
        const part = await req.file({ limits: { fileSize: MEMBERS_IMPORT_MAX_BYTES, files: 1, fields: 5 } });
        if (!part) throw badRequest('the multipart body holds no file');
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw badRequest(`expected the file in the multipart field "file", got "${part.fieldname.slice(0, 40)}"`);
        }
        const type = part.mimetype.split(';')[0].trim().toLowerCase();
        if (!CSV_TYPES.has(type)) {
          part.file.resume();
          throw new HttpError(415, 'unsupportedMediaType', `the members file must be CSV (text/csv), got ${type.slice(0, 80) || 'no type'}`);
        }
        name = (part.filename || 'members.csv').slice(0, 300);
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        if (part.file.truncated) throw tooLarge();
        bytes = Buffer.concat(chunks);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        if (code === 'FST_FILES_LIMIT') throw badRequest('send one members file');
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_MULTIPART_INVALID_CONTENT_TYPE')
          throw badRequest('the body is not valid multipart/form-data');
        if (error instanceof HttpError) throw error;
        throw badRequest(`the multipart body could not be read: ${(error as Error).message}`);
      }
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        throw badRequest('the members file is not UTF-8 text (save the spreadsheet as "CSV UTF-8")');
      }
      if (text.includes('\u0000')) throw badRequest('the members file holds NUL characters: it is no CSV text');
      const parsed = parseMembersCsv(text);
      const uploadId = `imp-${crypto.randomUUID()}`;
      const file: ImportFile = { uploadId, name, sizeBytes: bytes.length, ...parsed };
      // Checked before it is kept: a mapping that cannot read the file keeps nothing.
      const response = await answer(ctx, file, req.query.mappingId);
      await mappingsDb(ctx.store.kysely)
        .insertInto('member_import_uploads')
        .values({ id: uploadId, name, size_bytes: bytes.length, content: text, account_id: user.account.accountId, created_at: Date.now() })
        .execute();
      return reply.code(201).send(response);
    });
  });

  api.get<{ Params: { uploadId: string }; Querystring: { mappingId?: string } }>('/admin/imports/members/:uploadId/preview', async (req) => {
    await requireMappings(ctx, req, 'Previewing a members import');
    return answer(ctx, await readUpload(ctx, req.params.uploadId), req.query.mappingId);
  });
}
