/**
 * File calls (community §7 "Files").
 * Request bodies are validated against the schemas generated from these types
 * (`schemas/json/api/*.schema.json`, one per type named `...Request` or `...Response`); bodies are
 * closed (`@additionalProperties false`) so a misspelt property is a 400 naming it.
 */
import type { Id } from '../common';

/** A stored file as the file calls answer it (community 3 File). */
export interface FileInfo {
  id: Id;
  kind: 'image' | 'video' | 'audio' | 'document';
  mime: string;
  /** Bytes. */
  size: number;
  name: string;
  ownerId: Id;
  isAsset: boolean;
  contextId: string | null;
  width: number | null;
  height: number | null;
  /** Epoch ms. */
  created: number;
  data: { title: string; description: string; focalPos: { x: number; y: number }; downloadCount: number };
}

/** Metadata a file's owner (or a files manager) may change. @additionalProperties false */
export interface FileDataChanges {
  /** @maxLength 500 */
  title?: string;
  /** @maxLength 5000 */
  description?: string;
  focalPos?: {
    /** @minimum 0 @maximum 100 */
    x: number;
    /** @minimum 0 @maximum 100 */
    y: number;
  };
}

/** @additionalProperties false */
export interface FileDataRequest {
  changes: FileDataChanges;
}

/** @additionalProperties false */
export interface AssetUpdateRequest {
  /** @minLength 1 @maxLength 64 */
  id: Id;
  changes: FileDataChanges;
}

/** @additionalProperties false */
export interface FilesGetRequest {
  /** @maxLength 100 */
  scope?: string;
  /** @maxItems 500 */
  fileIds: Id[];
}

/** @additionalProperties false */
export interface FilesClaimRequest {
  /** @maxItems 500 */
  fileIds: Id[];
  /** @maxLength 200 */
  contextId?: string;
}

/** @additionalProperties false */
export interface FilesContextRequest {
  /** @minLength 1 @maxLength 200 */
  contextId: string;
}

/** @additionalProperties false */
export interface AssetsQueryRequest {
  /** @maxLength 200 */
  search?: string;
  /** @minimum 1 */
  page?: number;
  /** @minimum 1 @maximum 100 */
  limit?: number;
}

/** An upload's answer: the ids (spec 7.4 'An upload response carries fileIds') and the stored files. */
export interface UploadResponse {
  fileIds: Id[];
  files: FileInfo[];
}
