/**
 * The files domain: the file store (table, blob store, image pipeline), the media tokens, the
 * hourly sweeps of unclaimed uploads and of what a crash left (scheduled jobs, the latter also at
 * start); its calls (routes.ts) and the media routes (media-routes.ts). Other domains use `filesOf(ctx).files` (receive, get, remove), never the
 * routes or the table.
 */
import path from 'node:path';
import type { Kysely } from 'kysely';
import { SUBJECTS } from '../../engine/core/permissions';
import type { AppContext } from '../context';
import { defineDomain } from '../domain';
import { enqueue } from '../jobs';
import type { DB } from '../storage/database';
import { loadOrCreateSecret } from '../auth/tokens';
import { openBlobStore, s3OptionsFromEnv, type S3Options } from './blob-store';
import { seedDemoMedia } from './demo-media';
import { importLegacyImages } from './legacy-images';
import { MediaTokens } from './media-token';
import { mediaRoutes } from './media-routes';
import { fileRoutes } from './routes';
import { FileStore } from './store';
import { filesMigration } from './table';
import type { FilesDomain } from './uploads';

export type { FilesDomain } from './uploads';
export { FileStore, isFileId } from './store';

declare module '../storage/documents' {
  interface DocumentKinds {
    /** A brand image stored before the file store existed (legacy-images.ts moves it into the store at start). */
    image: { contentType?: unknown; base64?: unknown };
  }
}

const SWEEP_INTERVAL_MS = 3_600_000;

/** `cacheRows`: this process is the only writer of the files table (the embedded database). */
export function openFilesDomain(options: { dataDir: string; s3?: S3Options; cacheRows?: boolean }, db: Kysely<DB>): FilesDomain {
  const blobs = openBlobStore(options.dataDir, options.s3);
  const files = new FileStore(db, blobs, path.join(options.dataDir, 'uploads-in-progress'), { cacheRows: options.cacheRows });
  const mediaTokens = new MediaTokens(loadOrCreateSecret(options.dataDir));
  return { files, mediaTokens };
}

const opened = new WeakMap<AppContext, FilesDomain>();

/** The files domain of a running app: what other domains call. */
export function filesOf(ctx: AppContext): FilesDomain {
  const domain = opened.get(ctx);
  if (!domain) throw new Error('the files domain is not open in this app');
  return domain;
}

export default defineDomain({
  name: 'files',
  documents: { image: {} },
  permissionSubjects: [SUBJECTS.files],
  migrations: () => ({ '0003_files': filesMigration }),
  async open(ctx) {
    const domain = openFilesDomain({ dataDir: ctx.config.dataDir, s3: s3OptionsFromEnv(ctx.config.env), cacheRows: ctx.engine === 'sqlite' }, ctx.store.kysely);
    opened.set(ctx, domain);
    await importLegacyImages(ctx.store, domain.files, (message) => console.warn(message));
  },
  async routes(api, ctx) {
    const domain = filesOf(ctx);
    // Its own scope: the multipart parser applies to these routes only.
    await api.register(async (scope) => fileRoutes(scope, ctx, domain));
    mediaRoutes(api, ctx, domain);
  },
  // The demo's pictures are drawn once; the demo JSON names their ids.
  seed: { run: (ctx) => seedDemoMedia(filesOf(ctx).files).then(() => undefined) },
  // Answers how many went (kept as the job's result).
  jobs: [
    { name: 'files.sweepUnclaimed', every: SWEEP_INTERVAL_MS, run: (ctx) => filesOf(ctx).files.sweepUnclaimed() },
    // What a crash left (temp uploads, blobs without a row): hourly, and once at every start.
    { name: 'files.sweepOrphans', every: SWEEP_INTERVAL_MS, run: (ctx) => filesOf(ctx).files.sweepOrphans() },
  ],
  async start(ctx) {
    await enqueue(ctx, 'files.sweepOrphans', {}, { key: 'files.sweepOrphans' });
  },
});
