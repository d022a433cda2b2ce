/**
 * The files calls (community 7 Files) that are not reads of the data layer: uploads (with
 * progress), downloads (the browser saves them), the asset library; the shell wires them to the
 * server. Blocks read files through the data layer's files slice (engine/data/files.ts) and never
 * fetch.
 */
import type { Id } from '../../schemas/model';
import type { AssetsQueryRequest, FileDataChanges, FileInfo } from '../../schemas/model/api/files';

export interface FileUploadOptions {
  /** What the upload belongs to (a block or field id); `getFileList/{contextId}` lists it. */
  contextId?: Id;
  imagesOnly?: boolean;
  /** Kept (claimed) at once: a block upload has no form save to claim it later. */
  claim?: boolean;
  /** Kept in the asset library as well (files managers only; the server refuses others). */
  asset?: boolean;
}

export interface AssetPage {
  items: FileInfo[];
  total: number;
  page: number;
  limit: number;
}

export interface FileService {
  /** `POST files/getFiles`: the files of these ids the viewer may see (others are left out); the admin's file picker. */
  get(ids: Id[]): Promise<FileInfo[]>;
  /** `POST files/upload` (or uploadImage); `onProgress` hears the share sent (0 to 1). */
  upload(files: File[], options: FileUploadOptions, onProgress?: (fraction: number) => void): Promise<FileInfo[]>;
  /** `GET files/download/{id}` (counted by the server), saved under the file's name. */
  download(file: Pick<FileInfo, 'id' | 'name'>): Promise<void>;
  /** `DELETE files/{id}`: the owner's or a files manager's (the asset manager; blocks delete through the data layer). */
  remove(id: Id): Promise<void>;
  /** `GET files/serviceMaxFileSize`, in bytes. */
  maxFileSize(): Promise<number>;
  /** `POST files/{id}/data`. */
  update(id: Id, changes: FileDataChanges): Promise<FileInfo>;
  /** `POST files/getAssets`, `POST files/assetUpload`, `POST files/updateAsset`: the asset library. */
  assets(query: AssetsQueryRequest): Promise<AssetPage>;
  uploadAsset(files: File[], onProgress?: (fraction: number) => void): Promise<FileInfo[]>;
  updateAsset(id: Id, changes: FileDataChanges): Promise<FileInfo>;
}
