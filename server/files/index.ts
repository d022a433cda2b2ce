/**
 * The files domain: the file store (table, blob store, image pipeline), its calls, the media
 * routes and the hourly sweep of unclaimed uploads. Other domains use `FilesDomain.files`
 * (receive, get, remove) rather than the routes.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import type { DB } from '../storage/database';
import { loadOrCreateSecret } from '../session/tokens';
import { openBlobStore, type S3Options } from './blob-store';
import { MediaTokens } from './media-token';
import { mediaRoutes } from './media-routes';
import { fileRoutes, type FilesDomain } from './routes';
import { FileStore } from './store';

export type { FilesDomain } from './routes';
export { FileStore, isFileId } from './store';

const SWEEP_INTERVAL_MS = 3_600_000;

export interface OpenedFilesDomain extends FilesDomain {
  close(): void;
}

export function openFilesDomain(options: { dataDir: string; s3?: S3Options }, db: Kysely<DB>, log: (error: unknown) => void): OpenedFilesDomain {
  const blobs = openBlobStore(options.dataDir, options.s3);
  const files = new FileStore(db, blobs, path.join(options.dataDir, 'uploads-in-progress'));
  const mediaTokens = new MediaTokens(loadOrCreateSecret(options.dataDir));
  const sweeper = setInterval(() => void files.sweepUnclaimed().catch(log), SWEEP_INTERVAL_MS);
  sweeper.unref();
  return { files, mediaTokens, close: () => clearInterval(sweeper) };
}

/** Registers the file calls and the media routes under the API prefix. */
export async function filesRoutes(api: FastifyInstance, ctx: AppContext, domain: FilesDomain): Promise<void> {
  await api.register(async (scope) => fileRoutes(scope, ctx, domain));
  mediaRoutes(api, domain);
}
