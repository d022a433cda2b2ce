/**
 * The form engine's file services in the live app: uploads to the file store (images through
 * uploadImage with the field's Image options, other files through upload, tagged with the field
 * id), preview URLs from the media URL builder with the session's media token, file metadata
 * saves, and the claim that keeps a saved form's uploads from the unclaimed-upload sweep. The
 * calls themselves are web/engine/file-calls.ts, loaded on the first one (lazyCalls); file reads
 * go through the data layer's files slice, which loads with them.
 */
import { mediaUrl } from '../../engine/core/media';
import type { DataLayer } from '../../engine/data/data-layer';
import type { FormServices } from '../../engine/forms/types';
import type { FileService } from '../../engine/react/file-service';
import type { ApiClient } from '../api/client';
import type { FormFileCalls } from './file-calls';
import { lazyCalls } from './lazy-calls';

/** Preview width of an uploaded image in a form (snapped by the media URL builder). */
const PREVIEW_WIDTH = 300;

const FORM_FILE_CALLS = ['maxFileSize', 'fileInfos', 'fileData', 'upload', 'saveFileData'] as const satisfies readonly (keyof FormFileCalls)[];
const FILE_CALLS = [
  'get',
  'upload',
  'download',
  'remove',
  'maxFileSize',
  'update',
  'assets',
  'uploadAsset',
  'updateAsset',
] as const satisfies readonly (keyof FileService)[];

export function createFileServices(
  api: ApiClient,
  mediaToken: string | undefined,
  layer: DataLayer,
): Pick<FormServices, 'upload' | 'imageUrl' | 'saveFileData' | 'maxFileSize' | 'fileData' | 'fileInfos' | 'fileUrl'> {
  return {
    ...lazyCalls(() => import('./file-calls').then((m) => m.formFileCalls(api, layer)), FORM_FILE_CALLS),
    fileUrl: (file) => mediaUrl({ kind: file.kind, id: file.id, token: mediaToken }),
    imageUrl: (fileId) => mediaUrl({ kind: 'image', id: fileId, token: mediaToken, thumb: true, width: PREVIEW_WIDTH }) ?? '',
  };
}

/** The files calls for blocks and the asset manager (community 7 Files). Failures reject with the server's message. */
export function createFileService(api: ApiClient): FileService {
  return lazyCalls(() => import('./file-calls').then((m) => m.fileCalls(api)), FILE_CALLS);
}
