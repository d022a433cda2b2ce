/**
 * The file calls behind web/engine/file-services.ts, a chunk of their own: imported on the first
 * call, so only a page whose blocks upload, list or download files loads them.
 */
import type { DataLayer } from '../../engine/data/data-layer';
import { filesSlice } from '../../engine/data/files';
import type { FormServices } from '../../engine/forms/types';
import type { AssetPage, FileService } from '../../engine/react/file-service';
import type { Field } from '../../schemas/model';
import type { FileInfo, UploadResponse } from '../../schemas/model/api/files';
import type { ApiClient } from '../api/client';

/** The form engine's asynchronous file services (see createFileServices). */
export type FormFileCalls = Required<Pick<FormServices, 'upload' | 'saveFileData' | 'maxFileSize' | 'fileData' | 'fileInfos'>>;

function imageOptionsQuery(field: Field): Record<string, string | number> {
  const image = field.opts?.image as Record<string, unknown> | undefined;
  const query: Record<string, string | number> = {};
  for (const key of ['width', 'height', 'quality'] as const) if (typeof image?.[key] === 'number') query[key] = image[key] as number;
  if (image?.type === 'png' || image?.type === 'jpeg') query.type = image.type;
  return query;
}

/** Reads and metadata saves go through the data layer's files (batched with the blocks' reads, one cache); uploads over XMLHttpRequest. */
export function formFileCalls(api: ApiClient, layer: DataLayer): FormFileCalls {
  const files = layer.slice(filesSlice);
  let serverMax: Promise<number> | undefined;
  return {
    // Asked once per page; a failure is asked again next time.
    maxFileSize() {
      serverMax ??= api.get<{ serviceMaxFileSize: number }>('files/serviceMaxFileSize', { quiet: true }).then(
        (answer) => answer.serviceMaxFileSize,
        (error: unknown) => {
          serverMax = undefined;
          throw error;
        },
      );
      return serverMax;
    },
    fileInfos: (fileIds) => files.many(fileIds),
    async fileData(fileId) {
      const [file] = await files.many([fileId]);
      return file?.data;
    },
    async upload(files, field, onProgress) {
      const images = field.type === 'imageUploader' || field.opts?.imagesOnly === true;
      const body = formOf(files);
      const query = new URLSearchParams({ contextId: field.id });
      if (images) for (const [key, value] of Object.entries(imageOptionsQuery(field))) query.set(key, String(value));
      const answer = await sendWithProgress(api, `${images ? 'files/uploadImage' : 'files/upload'}?${query.toString()}`, body, onProgress);
      return answer.fileIds;
    },
    async saveFileData(fileId, data) {
      await files.saveData(fileId, data);
    },
  };
}

const seg = encodeURIComponent;

function formOf(files: File[]): FormData {
  const body = new FormData();
  for (const file of files) body.append('file', file, file.name);
  return body;
}

/** The files calls for blocks and the asset manager (blocks read through the data layer instead). */
export function fileCalls(api: ApiClient): FileService {
  return {
    get: (ids) => (ids.length ? api.post<FileInfo[]>('files/getFiles', { fileIds: ids }, { quiet: true }) : Promise.resolve([])),
    async upload(files, options, onProgress) {
      const query = new URLSearchParams(options.contextId ? { contextId: options.contextId } : {});
      if (options.asset) query.set('asset', 'true');
      const answer = await sendWithProgress(api, `${options.imagesOnly ? 'files/uploadImage' : 'files/upload'}?${query.toString()}`, formOf(files), onProgress);
      if (options.claim)
        await api.post('files/claimFiles', { fileIds: answer.fileIds, ...(options.contextId ? { contextId: options.contextId } : {}) }, { quiet: true });
      return answer.files;
    },
    async download(file) {
      const body = await api.stream(`files/download/${seg(file.id)}`, { quiet: true });
      const url = URL.createObjectURL(await new Response(body).blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = file.name;
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has taken the bytes once the click is handled.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
    remove: async (id) => void (await api.delete(`files/${seg(id)}`, { quiet: true })),
    maxFileSize: async () => (await api.get<{ serviceMaxFileSize: number }>('files/serviceMaxFileSize', { quiet: true })).serviceMaxFileSize,
    update: (id, changes) => api.post<FileInfo>(`files/${seg(id)}/data`, { changes }, { quiet: true }),
    assets: (query) => api.post<AssetPage>('files/getAssets', query, { quiet: true }),
    uploadAsset: async (files, onProgress) => (await sendWithProgress(api, 'files/assetUpload', formOf(files), onProgress)).files,
    updateAsset: (id, changes) => api.post<FileInfo>('files/updateAsset', { id, changes }, { quiet: true }),
  };
}

/**
 * A multipart upload over XMLHttpRequest, whose upload events report progress (fetch has none),
 * with the session's bearer token. A refused upload rejects with the server's message.
 */
function sendWithProgress(api: ApiClient, path: string, body: FormData, onProgress?: (fraction: number) => void): Promise<UploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${api.baseURL}/${path}`);
    const token = api.getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.responseType = 'json';
    if (onProgress) xhr.upload.onprogress = (e) => e.lengthComputable && e.total > 0 && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      const answer = xhr.response as (UploadResponse & { message?: string }) | null;
      if (xhr.status === 200 && answer && Array.isArray(answer.fileIds)) resolve(answer);
      else reject(new Error(answer?.message ?? `upload failed (${xhr.status})`));
    };
    xhr.onerror = () => reject(new Error('upload failed: the connection was lost'));
    xhr.send(body);
  });
}
