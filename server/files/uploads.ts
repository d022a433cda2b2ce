/**
 * What the files domain offers other domains and its own routes: the domain handle, the upload
 * limit, who manages files, image options from a query, receiving multipart uploads, and the
 * Content-Disposition of a stored file.
 */
import type { FastifyRequest } from 'fastify';
import { SUBJECTS } from '../../engine/core/permissions';
import { resolveImageOptions, type ImageOptions, type ResolvedImageOptions } from '../../engine/core/files';
import type { Settings } from '../../schemas/model';
import type { FileInfo } from '../../schemas/model/api/files';
import type { AppContext } from '../context';
import { badRequest, HttpError } from '../errors';
import { can, type PermissionContext } from '../permissions';
import { tooLarge, type FileStore, type ReceiveOptions } from './store';
import type { MediaTokens } from './media-token';
import type { FilesTable } from './table';

/** The server's upload limit when settings name none (files/serviceMaxFileSize). */
export const DEFAULT_SERVICE_MAX_FILE_SIZE = 26_214_400;
/** Files in one multipart request (a `files` field with multipleFiles). */
const MAX_FILES_PER_UPLOAD = 20;
/** What the multipart parser (@fastify/busboy) says of a body that is no valid multipart: no or a bad boundary, cut-off or broken parts. */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|The needle cannot|Malformed part header|Unexpected end of form)/;
/** Room for multipart boundaries and part headers on top of the files themselves. */
const MULTIPART_OVERHEAD = 64 * 1024;

export interface FilesDomain {
  files: FileStore;
  mediaTokens: MediaTokens;
}

export async function serviceMaxFileSize(ctx: AppContext): Promise<number> {
  const settings = (await ctx.store.get<Settings>('settings', 'app'))?.data;
  const value = settings?.files?.serviceMaxFileSize;
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : DEFAULT_SERVICE_MAX_FILE_SIZE;
}

/** Files managers (admins, and accounts granted files manage) change and delete anyone's files; the asset library's calls are the admin area `content` (server/admin-area.ts). */
export function canManageFiles(user: PermissionContext): boolean {
  return can(user, 'manage', SUBJECTS.files);
}

export function mayChange(user: PermissionContext, file: FilesTable): boolean {
  return file.owner_id === user.account.accountId || canManageFiles(user);
}

/** A file is visible (metadata, download, media URL) to its owner, to files managers, and once attached to something (claimed). */
export function mayView(user: PermissionContext, file: FilesTable): boolean {
  return !!file.claimed || mayChange(user, file);
}

/** Image options from the query string (spec 3 Image options); bad values are a 400 naming them. */
export function imageOptionsFrom(query: unknown, defaults?: { width: number; height: number }): ResolvedImageOptions {
  const q = (query ?? {}) as Record<string, string | undefined>;
  const options: ImageOptions = {};
  for (const key of ['width', 'height', 'quality'] as const) {
    if (q[key] === undefined) continue;
    const n = Number(q[key]);
    if (!Number.isFinite(n) || n <= 0 || (key === 'quality' && n > 1))
      throw badRequest(`${key} must be a positive number${key === 'quality' ? ' up to 1' : ''}, got "${q[key]}"`);
    options[key] = n;
  }
  if (q.type !== undefined) {
    if (q.type !== 'jpeg' && q.type !== 'png') throw badRequest(`type must be jpeg or png, got "${q.type}"`);
    options.type = q.type;
  }
  return resolveImageOptions(options, defaults);
}

/**
 * Receives every file part of a multipart request. A body declared larger than the limit allows
 * is refused before a byte is read; one that grows past it is cut off while streaming; either way
 * a 413 and nothing stored.
 */
export async function receiveUploads(
  domain: FilesDomain,
  ctx: AppContext,
  req: FastifyRequest,
  options: Omit<ReceiveOptions, 'image'> & { image?: ResolvedImageOptions; field?: string; single?: boolean },
): Promise<FileInfo[]> {
  if (!req.isMultipart()) throw new HttpError(415, 'unsupportedMediaType', 'send the file as multipart/form-data');
  const limit = await serviceMaxFileSize(ctx);
  const declared = Number(req.headers['content-length']);
  const maxFiles = options.single ? 1 : MAX_FILES_PER_UPLOAD;
  if (Number.isFinite(declared) && declared > limit * maxFiles + MULTIPART_OVERHEAD) throw tooLarge(limit);
  const received: FileInfo[] = [];
  try {
    for await (const part of req.files({ limits: { fileSize: limit, files: maxFiles, fields: 20 } })) {
      if (options.field && part.fieldname !== options.field) {
        part.file.resume();
        throw badRequest(`expected the file in the multipart field "${options.field}", got "${part.fieldname}"`);
      }
      received.push(await domain.files.receive({ stream: part.file, filename: part.filename }, { ...options, image: options.image ?? imageOptionsFrom({}) }));
    }
  } catch (error) {
    // What was stored before a later part failed goes too: an upload succeeds whole or not at all.
    await domain.files.remove(received.map((f) => f.id));
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || (error instanceof HttpError && error.statusCode === 413)) throw tooLarge(limit);
    if (code === 'FST_FILES_LIMIT') throw badRequest(`at most ${maxFiles} file${maxFiles === 1 ? '' : 's'} per upload`);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_MULTIPART_INVALID_CONTENT_TYPE')
      throw badRequest('the body is not valid multipart/form-data');
    if (error instanceof HttpError) throw error;
    if (MALFORMED_MULTIPART.test((error as Error).message ?? '')) throw badRequest(`the multipart body is malformed: ${(error as Error).message}`);
    throw error;
  }
  if (!received.length) throw badRequest('the multipart body holds no file');
  return received;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^A-Za-z0-9._ -]/g, '_').slice(0, 150) || 'file';
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
