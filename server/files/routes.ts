/**
 * The file calls (community 7 Files), the avatar upload (core 7.1, owner only) and the media
 * token. Uploads are multipart streams; every call checks who may do it before touching anything.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { IMAGE_UPLOAD_DEFAULT } from '../../engine/core/constants';
import { AVATAR_FIELD } from '../../engine/core/files';
import type { Profile } from '../../schemas/model';
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
} from '../../schemas/model/api/files';
import { requireAdminArea } from '../admin-area';
import { requireUser, type AppContext, type SignedInUser } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import { emptyProfile } from '../profiles/profile-data';
import { isFileId, toFileInfo } from './store';
import type { FilesTable } from './table';
import { canManageFiles, contentDisposition, imageOptionsFrom, mayChange, mayView, receiveUploads, serviceMaxFileSize, type FilesDomain } from './uploads';

function contextIdFrom(query: unknown): string | null {
  const contextId = (query as { contextId?: string } | undefined)?.contextId;
  if (contextId === undefined || contextId === '') return null;
  if (contextId.length > 200) throw badRequest('contextId is longer than 200 characters');
  return contextId;
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
    // `asset=true` (an upload block kept in the asset library) is for files managers only.
    const asset = (req.query as { asset?: string }).asset === 'true';
    if (asset && !canManageFiles(user)) throw forbidden('You may not add to the asset library');
    return uploaded(
      await receiveUploads(domain, ctx, req, {
        ownerId: user.account.accountId,
        contextId: contextIdFrom(req.query),
        image: imageOptionsFrom(req.query),
        ...(asset ? { isAsset: true } : {}),
      }),
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
  // The asset library is the admin area `content` (its screen's calls): admins and elevated users with files manage.
  app.post('/files/assetUpload', async (req) => {
    const user = await requireAdminArea(ctx, req, 'content');
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
    await requireAdminArea(ctx, req, 'content');
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
    await requireAdminArea(ctx, req, 'content');
    const { id, changes } = v.body<AssetUpdateRequest>('asset-update-request', req.body);
    checkChanges(changes);
    const file = await files.get(id);
    if (!file?.is_asset) throw notFound(`asset "${id}" does not exist`);
    return toFileInfo((await files.update(id, changes))!);
  });

  app.get('/user/image_access_token', async (req) => {
    const user = await requireUser(ctx, req);
    return domain.mediaTokens.issue({ accountId: user.account.accountId, sid: user.claims.sid, issuedAt: user.claims.issuedAt });
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

/** Sets the avatar of the account's own profile; returns the previous value. The owner's tabs get the new profile. */
async function setAvatar(ctx: AppContext, accountId: string, fileId: string): Promise<string | undefined> {
  const { before, next } = await ctx.store.transaction(async (tx) => {
    const profile = (await tx.get<Profile>('profile', accountId))?.data ?? emptyProfile(accountId);
    const next: Profile = { ...profile, data: { ...profile.data, profile: { ...profile.data.profile, [AVATAR_FIELD]: fileId } } };
    await tx.put('profile', accountId, next);
    return { before: profile.data.profile[AVATAR_FIELD], next };
  });
  ctx.realtime?.toAccount(accountId, 'profile:update', { accountId, profile: next });
  return typeof before === 'string' ? before : undefined;
}
