/**
 * The form engine's file services in the live app: uploads to the file store (images through
 * uploadImage with the field's Image options, other files through upload, tagged with the field
 * id), preview URLs from the media URL builder with the session's media token, file metadata
 * saves, and the claim that keeps a saved form's uploads from the unclaimed-upload sweep.
 */
import { mediaUrl } from '../../engine/core/media';
import type { FormServices } from '../../engine/forms/types';
import type { Field } from '../../schemas/model';
import type { UploadResponse } from '../../schemas/model/api';
import type { ApiClient } from '../api/client';

/** Preview width of an uploaded image in a form (snapped by the media URL builder). */
const PREVIEW_WIDTH = 300;

function imageOptionsQuery(field: Field): Record<string, string | number> {
  const image = field.opts?.image as Record<string, unknown> | undefined;
  const query: Record<string, string | number> = {};
  for (const key of ['width', 'height', 'quality'] as const) if (typeof image?.[key] === 'number') query[key] = image[key] as number;
  if (image?.type === 'png' || image?.type === 'jpeg') query.type = image.type;
  return query;
}

export function createFileServices(api: ApiClient, mediaToken: string | undefined): Pick<FormServices, 'upload' | 'imageUrl' | 'saveFileData'> {
  return {
    async upload(files, field) {
      const images = field.type === 'imageUploader' || field.opts?.imagesOnly === true;
      const body = new FormData();
      for (const file of files) body.append('file', file, file.name);
      const answer = await api.post<UploadResponse>(images ? 'files/uploadImage' : 'files/upload', body, {
        query: { contextId: field.id, ...(images ? imageOptionsQuery(field) : {}) },
        quiet: true,
      });
      return answer.fileIds;
    },
    imageUrl: (fileId) => mediaUrl({ kind: 'image', id: fileId, token: mediaToken, thumb: true, width: PREVIEW_WIDTH }) ?? '',
    async saveFileData(fileId, data) {
      await api.post(`files/${encodeURIComponent(fileId)}/data`, { changes: data }, { quiet: true });
    },
  };
}
