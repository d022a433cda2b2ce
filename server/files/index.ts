/**
 * The files domain: the file store (table, blob store, image pipeline), the media tokens and
 * the hourly sweep of unclaimed uploads. Its calls (routes.ts) and the media routes
 * (media-routes.ts) are registered by the app; other domains use `FilesDomain.files` (receive,
 * get, remove) rather than the routes.
 */
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../storage/database';
import { loadOrCreateSecret } from '../session/tokens';
import { openBlobStore, type S3Options } from './blob-store';
import { MediaTokens } from './media-token';
import { FileStore } from './store';
import type { FilesDomain } from './uploads';

export type { FilesDomain } from './uploads';
export { FileStore, isFileId } from './store';

const SWEEP_INTERVAL_MS = 3_600_000;

export interface OpenedFilesDomain extends FilesDomain {
  close(): void;
}

/** `cacheRows`: this process is the only writer of the files table (the embedded database). */
export function openFilesDomain(
  options: { dataDir: string; s3?: S3Options; cacheRows?: boolean },
  db: Kysely<DB>,
  log: (error: unknown) => void,
): OpenedFilesDomain {
  const blobs = openBlobStore(options.dataDir, options.s3);
  const files = new FileStore(db, blobs, path.join(options.dataDir, 'uploads-in-progress'), { cacheRows: options.cacheRows });
  const mediaTokens = new MediaTokens(loadOrCreateSecret(options.dataDir));
  const sweeper = setInterval(() => void files.sweepUnclaimed().catch(log), SWEEP_INTERVAL_MS);
  sweeper.unref();
  return { files, mediaTokens, close: () => clearInterval(sweeper) };
}
