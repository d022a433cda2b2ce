/**
 * The file calls (community 7 Files), the avatar upload (core 7.1, owner only) and the media
 * token. Uploads are multipart streams; every call checks who may do it before touching anything.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMAGE_UPLOAD_DEFAULT } from '../../engine/core/constants';
import { resolveImageOptions, type ImageOptions, type ResolvedImageOptions } from '../../engine/core/files';
import type { Profile, Settings } from '../../schemas/model';
import type {
  AssetsQueryRequest,
  AssetUpdateRequest,
  FileDataChanges,
  FileDataRequest,
  FileInfo,
  FilesClaimRequest,
  FilesContextRequest,
  FilesGetRequest,
  UploadResponse,
} from '../../schemas/model/api';
import { requireUser, type AppContext, type SignedInUser } from '../context';
import { badRequest, forbidden, HttpError, notFound } from '../errors';
import { can } from '../permissions';
import { emptyProfile } from '../profiles/profile-data';
import { isFileId, toFileInfo, tooLarge, type FileStore, type ReceiveOptions } from './store';
import type { FilesTable } from './table';
import type { MediaTokens } from './media-token';

/** The server's upload limit when settings name none (files/serviceMaxFileSize). */
export const DEFAULT_SERVICE_MAX_FILE_SIZE = 26_214_400;
/** Files in one multipart request (a `files` field with multipleFiles). */
const MAX_FILES_PER_UPLOAD = 20;
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

/** Admins, and elevated users granted files.manage, manage every file and the asset library. */
export function canManageFiles(user: SignedInUser): boolean {
  return can(user, 'manage', 'files');
}

function mayChange(user: SignedInUser, file: FilesTable): boolean {
  return file.owner_id === user.account.accountId || canManageFiles(user);
}

/** Metadata is visible to its owner, to files managers, and for files attached to something (claimed). */
function mayView(user: SignedInUser, file: FilesTable): boolean {
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

function contextIdFrom(query: unknown): string | null {
  const contextId = (query as { contextId?: string } | undefined)?.contextId;
  if (contextId === undefined || contextId === '') return null;
  if (contextId.length > 200) throw badRequest('contextId is longer than 200 characters');
  return contextId;
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
    if ((error as Error).message?.includes('Unexpected end of form') || (error as Error).message?.includes('Malformed part header'))
      throw badRequest(`the multipart body is malformed: ${(error as Error).message}`);
    throw error;
  }
  if (!received.length) throw badRequest('the multipart body holds no file');
  return received;
}

const uploaded = (files: FileInfo[]): UploadResponse => ({ fileIds: files.map((f) => f.id), files });

export async function fileRoutes(app: FastifyInstance, ctx: AppContext, domain: FilesDomain): Promise<void> {
  const v = ctx.validator;
  const { files } = domain;
  // Scoped to these routes: the rest of the API takes JSON only.
  await app.register(multipart, { throwFileSizeLimit: true });

  async function fileFor(user: SignedInUser, id: string, check: (user: SignedInUser, file: FilesTable) => boolean, action: string): Promise<FilesTable> {
    const file = await files.get(id);
    if (!file || !mayView(user, file)) throw notFound(`file "${id}" does not exist`);
    if (!check(user, file)) throw forbidden(`You may not ${action} file "${id}"`);
    return file;
  }

  function checkChanges(changes: FileDataChanges): void {
    if (changes.title === undefined && changes.description === undefined && changes.focalPos === undefined)
      throw badRequest('changes name nothing to save: give title, description or focalPos (assetManager.warnings.noData)');
  }

  app.post('/files/upload', async (req) => {
    const user = await requireUser(ctx, req);
    return uploaded(
      await receiveUploads(domain, ctx, req, { ownerId: user.account.accountId, contextId: contextIdFrom(req.query), image: imageOptionsFrom(req.query) }),
    );
  });
  app.post('/files/uploadImage', async (req) => {
    const user = await requireUser(ctx, req);
    return uploaded(
      await receiveUploads(domain, ctx, req, {
        ownerId: user.account.accountId,
        imagesOnly: true,
        contextId: contextIdFrom(req.query),
        image: imageOptionsFrom(req.query),
      }),
    );
  });
  app.post('/files/assetUpload', async (req) => {
    const user = await requireUser(ctx, req);
    if (!canManageFiles(user)) throw forbidden('You may not add to the asset library');
    return uploaded(
      await receiveUploads(domain, ctx, req, { ownerId: user.account.accountId, isAsset: true, claimed: true, image: imageOptionsFrom(req.query) }),
    );
  });

  app.get('/files/serviceMaxFileSize', async (req) => {
    await requireUser(ctx, req);
    return { serviceMaxFileSize: await serviceMaxFileSize(ctx) };
  });

  app.post('/files/getFiles', async (req) => {
    const user = await requireUser(ctx, req);
    const { fileIds } = v.body<FilesGetRequest>('files-get-request', req.body);
    return (await files.getMany(fileIds)).filter((f) => mayView(user, f)).map(toFileInfo);
  });

  app.get<{ Params: { fieldId: string } }>('/files/getFileList/:fieldId', async (req) => {
    const user = await requireUser(ctx, req);
    const rows = await files.db
      .selectFrom('files')
      .selectAll()
      .where('context_id', '=', req.params.fieldId)
      .where('owner_id', '=', user.account.accountId)
      .orderBy('created', 'asc')
      .limit(500)
      .execute();
    return rows.map(toFileInfo);
  });

  app.post<{ Params: { id: string } }>('/files/:id/data', async (req) => {
    const user = await requireUser(ctx, req);
    const { changes } = v.body<FileDataRequest>('file-data-request', req.body);
    checkChanges(changes);
    const file = await fileFor(user, req.params.id, mayChange, 'change');
    return toFileInfo((await files.update(file.id, changes))!);
  });

  app.delete<{ Params: { id: string } }>('/files/:id', async (req) => {
    const user = await requireUser(ctx, req);
    const file = await fileFor(user, req.params.id, mayChange, 'delete');
    await files.remove([file.id]);
    return { deleted: 1 };
  });

  app.get<{ Params: { id: string } }>('/files/download/:id', async (req, reply) => {
    const user = await requireUser(ctx, req);
    const file = await fileFor(user, req.params.id, () => true, 'download');
    const bytes = await files.bytes(file, {});
    if (!bytes) throw notFound(`file "${req.params.id}" has no stored bytes`);
    await files.countDownload(file.id);
    return reply
      .headers({
        'content-type': 'application/octet-stream',
        'content-length': String(bytes.size),
        'content-disposition': contentDisposition('attachment', file.name),
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': 'private, no-store',
      })
      .send(bytes.body);
  });

  app.post('/files/claimFiles', async (req) => {
    const user = await requireUser(ctx, req);
    const { fileIds, contextId } = v.body<FilesClaimRequest>('files-claim-request', req.body);
    return { claimed: await files.claim(user.account.accountId, fileIds, contextId) };
  });

  app.post('/files/deleteFilesByContextId', async (req) => {
    const user = await requireUser(ctx, req);
    const { contextId } = v.body<FilesContextRequest>('files-context-request', req.body);
    let query = files.db.selectFrom('files').select('id').where('context_id', '=', contextId);
    if (!canManageFiles(user)) query = query.where('owner_id', '=', user.account.accountId);
    const ids = (await query.execute()).map((r) => r.id);
    return { deleted: await files.remove(ids) };
  });

  app.post('/files/getAssets', async (req) => {
    const user = await requireUser(ctx, req);
    if (!canManageFiles(user)) throw forbidden('You may not see the asset library');
    const { search, page = 1, limit = 10 } = v.body<AssetsQueryRequest>('assets-query-request', req.body ?? {});
    let query = files.db.selectFrom('files').where('is_asset', '=', 1);
    if (search?.trim()) {
      const like = `%${search
        .trim()
        .toLowerCase()
        .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['name']), 'like', eb.val(like)),
          eb(eb.fn('lower', ['title']), 'like', eb.val(like)),
          eb(eb.fn('lower', ['description']), 'like', eb.val(like)),
        ]),
      );
    }
    const [{ total }] = await query.select((eb) => eb.fn.countAll<string | number>().as('total')).execute();
    const rows = await query
      .selectAll()
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return { items: rows.map(toFileInfo), total: Number(total), page, limit };
  });

  app.post('/files/updateAsset', async (req) => {
    const user = await requireUser(ctx, req);
    const { id, changes } = v.body<AssetUpdateRequest>('asset-update-request', req.body);
    if (!canManageFiles(user)) throw forbidden('You may not change the asset library');
    checkChanges(changes);
    const file = await files.get(id);
    if (!file?.is_asset) throw notFound(`asset "${id}" does not exist`);
    return toFileInfo((await files.update(id, changes))!);
  });

  app.get('/user/image_access_token', async (req) => {
    const user = await requireUser(ctx, req);
    return domain.mediaTokens.issue(user.account.accountId);
  });

  // Only the account owner changes an avatar (spec core 1 and community 6): there is no id to
  // name another account, and one named in the query that is not the caller is refused.
  app.post('/user/image/avatar', async (req) => {
    const user = await requireUser(ctx, req);
    const named = (req.query as { accountId?: string }).accountId;
    if (named !== undefined && named !== user.account.accountId) throw forbidden('Only the account owner can change their avatar');
    const [file] = await receiveUploads(domain, ctx, req, {
      ownerId: user.account.accountId,
      imagesOnly: true,
      claimed: true,
      contextId: 'avatar',
      single: true,
      field: 'avatar',
      image: imageOptionsFrom(req.query, IMAGE_UPLOAD_DEFAULT),
    });
    const previous = await setAvatar(ctx, user.account.accountId, file.id);
    if (previous && isFileId(previous) && previous !== file.id) {
      const old = await files.get(previous);
      if (old?.owner_id === user.account.accountId && old.context_id === 'avatar') await files.remove([old.id]);
    }
    return { id: file.id, fileIds: [file.id], files: [file] };
  });
}

/** Sets profile.avatar of the account's own profile; returns the previous value. */
async function setAvatar(ctx: AppContext, accountId: string, fileId: string): Promise<string | undefined> {
  const previous = await ctx.store.transaction(async (tx) => {
    const profile = (await tx.get<Profile>('profile', accountId))?.data ?? emptyProfile(accountId);
    const before = profile.data.profile.avatar;
    await tx.put('profile', accountId, { ...profile, data: { ...profile.data, profile: { ...profile.data.profile, avatar: fileId } } });
    return typeof before === 'string' ? before : undefined;
  });
  ctx.realtime?.toAccount(accountId, 'profile:update', { accountId, avatar: fileId });
  return previous;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^A-Za-z0-9._ -]/g, '_').slice(0, 150) || 'file';
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
