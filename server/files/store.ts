/**
 * The file store: receives uploads as streams (never whole in memory), checks what they are by
 * their content, re-encodes images, keeps the bytes in a blob store and the metadata in the files
 * table, makes thumbnails once on first request, and sweeps uploads nobody claimed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import {
  acceptedFile,
  canMakeThumbnails,
  focalPointOf,
  RASTER_IMAGE_MIMES,
  SVG_MIME,
  type DetectedType,
  type ResolvedImageOptions,
} from '../../engine/core/files';
import type { FileDataChanges, FileInfo } from '../../schemas/model/api/files';
import type { DB } from '../storage/database';
import { HttpError } from '../errors';
import { readAll, type BlobStore } from './blob-store';
import { ImageRejected, makeThumbnail, normaliseImage, type EncodedImage, type ThumbnailRequest } from './images';
import { filesDb, type FilesDB, type FilesTable } from './table';
import { HOT_VARIANT_MAX_BYTES, HotVariants } from './hot-variants';
import { stripFileMetadata } from './metadata-strip';
import { parseJsonColumn } from '../storage/json-column';

/** Unclaimed uploads older than this are swept (the issue: a day). */
export const UNCLAIMED_MAX_AGE_MS = 86_400_000;
/** Rows kept by the embedded database's row cache. */
const ROW_CACHE_SIZE = 10_000;
/** File ids are UUIDs: anything else in a path (`../`, `%2e%2e`, a name) is no file. */
const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isFileId(id: string): boolean {
  return FILE_ID.test(id);
}

export interface IncomingFile {
  /** The uploaded bytes as they arrive. */
  stream: Readable;
  /** The name the client gave (kept for display and downloads only, never trusted for the type). */
  filename: string;
}

export interface ReceiveOptions {
  ownerId: string;
  imagesOnly?: boolean;
  /** Re-encode raster images with these options (spec 3 Image options). */
  image: ResolvedImageOptions;
  contextId?: string | null;
  isAsset?: boolean;
  /** Stored already attached to something (an avatar, a brand image, an asset): never swept. */
  claimed?: boolean;
  /** The id to store it under (imports keep the ids that stored data already names); a new UUID otherwise. */
  id?: string;
}

export const tooLarge = (limit: number) =>
  new HttpError(413, 'fileTooLarge', `the file is larger than the maximum upload size of ${limit} bytes (files/serviceMaxFileSize)`);
const unacceptable = (what: string) =>
  new HttpError(
    415,
    'unsupportedFileType',
    `${what} is not an accepted file type: images, videos, audio (flac, ogg, aac, wav, mp3, m4a) or documents (pdf, Office, OpenDocument)`,
  );

/** Text that is an SVG document (content detection reads binary signatures only). */
async function sniffSvg(file: string): Promise<DetectedType | undefined> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    const head = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const svg = /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE\s+svg[^>]*>\s*)?<svg[\s>]/i.test(head);
    return svg ? { mime: SVG_MIME, ext: 'svg' } : undefined;
  } finally {
    await handle.close();
  }
}

function cleanName(name: string): string {
  // Control characters (and NUL, which PostgreSQL refuses) never reach a header or the table.
  const base = [...path.basename(name.replace(/\\/g, '/'))].filter((c) => c.charCodeAt(0) > 31 && c.charCodeAt(0) !== 127).join('');
  return base.slice(-200) || 'file';
}

export function toFileInfo(row: FilesTable): FileInfo {
  return {
    id: row.id,
    kind: row.kind,
    mime: row.mime,
    size: Number(row.size),
    name: row.name,
    ownerId: row.owner_id,
    isAsset: !!row.is_asset,
    contextId: row.context_id,
    width: row.width,
    height: row.height,
    created: Number(row.created),
    data: {
      title: row.title ?? '',
      description: row.description ?? '',
      focalPos: focalPointOf(parseJsonColumn(row.focal_pos)),
      downloadCount: Number(row.download_count) || 0,
    },
  };
}

export interface VariantRequest {
  width?: number;
  ratio?: { name: string; value: number };
}

export interface FileBytes {
  /** A stream from the blob store, or the bytes themselves when they were in memory. */
  body: Readable | Buffer;
  size: number;
  /** Size of the whole file when `range` was asked for. */
  total: number;
  mime: string;
  etag: string;
}

/** How a file or variant is sent, known before any byte is read (FileStore.variantOf). */
export interface VariantTag {
  etag: string;
  mime: string;
  /** Set for a thumbnail: where it is kept and how it is made. */
  thumbnail?: { key: string } & ThumbnailRequest;
}

/** Lets go of bytes not sent after all (an open file stream is closed). */
export function discard(bytes: FileBytes): void {
  if (bytes.body instanceof Readable) bytes.body.destroy();
}

/** A temp upload or a blob folder without a row younger than this may still be an upload on its way. */
export const ORPHAN_MIN_AGE_MS = 3_600_000;

export class FileStore {
  readonly db: Kysely<FilesDB>;
  private readonly making = new Map<string, Promise<EncodedImage | undefined>>();
  private readonly hot = new HotVariants();
  /**
   * Rows read, by id, when this process is the only writer (the embedded database): a media
   * request then reads no table. Every write here drops the rows it touches; a read that began
   * before a write is not kept. Undefined with PostgreSQL, where other processes write too.
   */
  private readonly rows?: Map<string, FilesTable>;
  private writes = 0;

  constructor(
    db: Kysely<DB>,
    readonly blobs: BlobStore,
    private readonly tmpDir: string,
    options: { cacheRows?: boolean } = {},
  ) {
    this.db = filesDb(db);
    if (options.cacheRows) this.rows = new Map();
    fs.mkdirSync(tmpDir, { recursive: true });
  }

  /** Drops cached rows before and after a write (a read racing it cannot keep the old row). */
  private async writing<T>(ids: readonly string[], write: () => Promise<T>): Promise<T> {
    this.writes++;
    for (const id of ids) this.rows?.delete(id);
    try {
      return await write();
    } finally {
      this.writes++;
      for (const id of ids) this.rows?.delete(id);
    }
  }

  /**
   * Streams one upload to a temporary file (the multipart limit ends the stream with a 413 past
   * the maximum), then checks, encodes, stores and records it. Nothing is kept when any step fails.
   */
  async receive(incoming: IncomingFile, options: ReceiveOptions): Promise<FileInfo> {
    const temp = path.join(this.tmpDir, `${crypto.randomUUID()}.upload`);
    if (options.id !== undefined && !isFileId(options.id)) throw new Error(`"${options.id}" is not a file id`);
    const id = options.id ?? crypto.randomUUID();
    let stored = false;
    try {
      // Hashed as it streams to disk: the bytes are read once, never again to hash them.
      const hash = crypto.createHash('sha256');
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      await pipeline(incoming.stream, hashing, fs.createWriteStream(temp));
      const receivedSha256 = hash.digest('hex');
      if ((incoming.stream as Readable & { truncated?: boolean }).truncated)
        throw new HttpError(413, 'fileTooLarge', 'the file is larger than the maximum upload size');
      const found = await fileTypeFromFile(temp);
      // Content detection names an SVG as XML (or nothing, without a prolog): look closer.
      const detected = !found || found.ext === 'xml' ? ((await sniffSvg(temp)) ?? found) : found;
      const accepted = acceptedFile(detected, incoming.filename, options.imagesOnly);
      if (!accepted)
        throw unacceptable(
          detected ? `the content of "${cleanName(incoming.filename)}" (${detected.mime})` : `the content of "${cleanName(incoming.filename)}"`,
        );

      let mime = accepted.mime;
      let size: number;
      let sha256: string;
      let width: number | null = null;
      let height: number | null = null;
      if ((RASTER_IMAGE_MIMES as readonly string[]).includes(mime)) {
        const image = await normaliseImage(temp, options.image).catch((error: unknown) => {
          throw error instanceof ImageRejected ? new HttpError(415, 'unsupportedFileType', error.message) : error;
        });
        ({ mime, width, height } = image);
        size = image.data.length;
        sha256 = crypto.createHash('sha256').update(image.data).digest('hex');
        await this.blobs.putBuffer(`${id}/original`, image.data, mime);
      } else {
        // Location and text metadata out of what is not re-encoded (SVG, icons, MP4/QuickTime): then size and hash anew.
        const stripped = await stripFileMetadata(temp, mime).catch(() => false);
        size = (await fs.promises.stat(temp)).size;
        sha256 = stripped ? await sha256Of(temp) : receivedSha256;
        if (mime === SVG_MIME)
          ({ width, height } = await sharp(temp)
            .metadata()
            .then(
              (m) => ({ width: m.width ?? null, height: m.height ?? null }),
              () => ({ width: null, height: null }),
            ));
        await this.blobs.putFile(`${id}/original`, temp, size, mime);
      }
      stored = true;
      const row: FilesTable = {
        id,
        owner_id: options.ownerId,
        kind: accepted.kind,
        mime,
        size,
        sha256,
        name: renameForType(cleanName(incoming.filename), mime),
        title: null,
        description: null,
        focal_pos: null,
        width,
        height,
        is_asset: options.isAsset ? 1 : 0,
        download_count: 0,
        context_id: options.contextId ?? null,
        claimed: options.claimed || options.isAsset ? 1 : 0,
        created: Date.now(),
      };
      await this.writing([id], () => this.db.insertInto('files').values(row).execute());
      return toFileInfo(row);
    } catch (error) {
      // An import racing another process for the same id keeps the bytes the winner recorded.
      const recordedElsewhere = options.id !== undefined && (await this.get(id).catch(() => undefined)) !== undefined;
      if (stored && !recordedElsewhere) await this.blobs.deletePrefix(`${id}/`).catch(() => undefined);
      throw error;
    } finally {
      await fs.promises.rm(temp, { force: true });
    }
  }

  async get(id: string): Promise<FilesTable | undefined> {
    if (!isFileId(id)) return undefined;
    const cached = this.rows?.get(id);
    if (cached) return cached;
    const writes = this.writes;
    const row = await this.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
    if (row && this.rows && writes === this.writes) {
      if (this.rows.size >= ROW_CACHE_SIZE) this.rows.delete(this.rows.keys().next().value!);
      this.rows.set(id, row);
    }
    return row;
  }

  async getMany(ids: string[]): Promise<FilesTable[]> {
    const valid = ids.filter(isFileId);
    if (!valid.length) return [];
    return this.db.selectFrom('files').selectAll().where('id', 'in', valid).execute();
  }

  async update(id: string, changes: FileDataChanges): Promise<FilesTable | undefined> {
    const set: Partial<FilesTable> = {};
    if (changes.title !== undefined) set.title = changes.title;
    if (changes.description !== undefined) set.description = changes.description;
    if (changes.focalPos !== undefined) set.focal_pos = JSON.stringify(focalPointOf(changes.focalPos));
    if (Object.keys(set).length) await this.writing([id], () => this.db.updateTable('files').set(set).where('id', '=', id).execute());
    return this.get(id);
  }

  async countDownload(id: string): Promise<void> {
    await this.writing([id], () =>
      this.db
        .updateTable('files')
        .set((eb) => ({ download_count: eb('download_count', '+', 1) }))
        .where('id', '=', id)
        .execute(),
    );
  }

  /** Removes rows first (nothing lists a file being deleted), then the bytes of each. */
  async remove(ids: string[]): Promise<number> {
    if (!ids.length) return 0;
    const result = await this.writing(ids, () => this.db.deleteFrom('files').where('id', 'in', ids).executeTakeFirst());
    for (const id of ids) {
      this.hot.dropFile(id);
      await this.blobs.deletePrefix(`${id}/`);
    }
    return Number(result.numDeletedRows);
  }

  async claim(ownerId: string, ids: string[], contextId?: string): Promise<number> {
    const valid = ids.filter(isFileId);
    if (!valid.length) return 0;
    const result = await this.writing(valid, () =>
      this.db
        .updateTable('files')
        .set({ claimed: 1, ...(contextId !== undefined ? { context_id: contextId } : {}) })
        .where('owner_id', '=', ownerId)
        .where('id', 'in', valid)
        .executeTakeFirst(),
    );
    return Number(result.numUpdatedRows);
  }

  /** Deletes unclaimed uploads older than a day; returns how many. */
  /**
   * What a crash leaves behind: temporary uploads and blob folders without a row, older than
   * ORPHAN_MIN_AGE_MS (younger ones may be an upload still on its way to its row). Answers how many went.
   */
  async sweepOrphans(now = Date.now()): Promise<{ temps: number; blobs: number }> {
    let temps = 0;
    for (const name of await fs.promises.readdir(this.tmpDir)) {
      const file = path.join(this.tmpDir, name);
      const stat = await fs.promises.stat(file).catch(() => undefined);
      if (!stat || stat.mtimeMs >= now - ORPHAN_MIN_AGE_MS) continue;
      await fs.promises.rm(file, { recursive: true, force: true });
      temps++;
    }
    let blobs = 0;
    for await (const page of this.blobs.folders()) {
      const old = page.filter((f) => isFileId(f.id) && f.modifiedAt < now - ORPHAN_MIN_AGE_MS).map((f) => f.id);
      if (!old.length) continue;
      const rows = new Set((await this.db.selectFrom('files').select('id').where('id', 'in', old).execute()).map((r) => r.id));
      for (const id of old.filter((id) => !rows.has(id))) {
        await this.blobs.deletePrefix(`${id}/`);
        blobs++;
      }
    }
    return { temps, blobs };
  }

  async sweepUnclaimed(now = Date.now()): Promise<number> {
    const stale = await this.db
      .selectFrom('files')
      .select('id')
      .where('claimed', '=', 0)
      .where('created', '<', now - UNCLAIMED_MAX_AGE_MS)
      .execute();
    return this.remove(stale.map((r) => r.id));
  }

  /**
   * What a request for a file or variant would be sent as, known from the row alone (no bytes
   * read): its strong ETag, and for a thumbnail its blob key. Originals never change (a new upload
   * is a new id) and a variant's name says everything it depends on.
   */
  variantOf(file: FilesTable, variant: VariantRequest): VariantTag {
    if (!(file.kind === 'image' && (variant.width || variant.ratio) && canMakeThumbnails(file.mime))) return { etag: `"${file.sha256}"`, mime: file.mime };
    const focal = focalPointOf(parseJsonColumn(file.focal_pos));
    const name = `w${variant.width ?? 'full'}${variant.ratio ? `-r${variant.ratio.name.replace(':', 'x')}-f${Math.round(focal.x)}x${Math.round(focal.y)}` : ''}`;
    const png = file.mime === 'image/png' || file.mime === SVG_MIME;
    return {
      etag: `"${file.sha256.slice(0, 32)}-${name}"`,
      mime: png ? 'image/png' : 'image/jpeg',
      thumbnail: { key: `${file.id}/${name}`, width: variant.width ?? file.width ?? 1920, ratio: variant.ratio?.value, focal, png },
    };
  }

  /**
   * The bytes to send for a file: the original (optionally a byte range of it), or a thumbnail at
   * an allowed width, made on first request, kept in the blob store and, while often asked for,
   * in memory.
   */
  async bytes(file: FilesTable, variant: VariantRequest, range?: (size: number) => { start: number; end: number } | undefined): Promise<FileBytes | undefined> {
    const { etag, mime, thumbnail } = this.variantOf(file, variant);
    if (thumbnail) {
      const { key, ...request } = thumbnail;
      const hot = this.hot.get(key);
      if (hot) return { body: hot.data, size: hot.data.length, total: hot.data.length, mime: hot.mime, etag };
      const cached = await this.blobs.get(key);
      if (cached) {
        if (cached.size > HOT_VARIANT_MAX_BYTES) return { body: cached.body, size: cached.size, total: cached.size, mime, etag };
        const data = await readAll(cached.body);
        this.hot.set(key, { data, mime });
        return { body: data, size: data.length, total: data.length, mime, etag };
      }
      const made = await this.makeVariant(file, key, request);
      if (!made) return undefined;
      this.hot.set(key, { data: made.data, mime: made.mime });
      return { body: made.data, size: made.data.length, total: made.data.length, mime: made.mime, etag };
    }
    const size = await this.blobs.size(`${file.id}/original`);
    if (size === undefined) return undefined;
    const wanted = range?.(size);
    const read = await this.blobs.get(`${file.id}/original`, wanted);
    if (!read) return undefined;
    return { body: read.body, size: wanted ? wanted.end - wanted.start + 1 : size, total: size, mime, etag };
  }

  /** One thumbnail per key at a time in this process: concurrent first requests share the work. */
  private makeVariant(file: FilesTable, key: string, request: ThumbnailRequest): Promise<EncodedImage | undefined> {
    let pending = this.making.get(key);
    if (!pending) {
      pending = (async () => {
        const original = await this.blobs.get(`${file.id}/original`);
        if (!original) return undefined;
        const made = await makeThumbnail(await readAll(original.body), request);
        await this.blobs.putBuffer(key, made.data, made.mime);
        return made;
      })().finally(() => this.making.delete(key));
      this.making.set(key, pending);
    }
    return pending;
  }

  /** A file's original bytes in memory (small images only: avatars, brand images). */
  async originalBuffer(file: FilesTable): Promise<Buffer | undefined> {
    const read = await this.blobs.get(`${file.id}/original`);
    return read ? readAll(read.body) : undefined;
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A re-encoded image keeps its name with the extension of what it now is. */
function renameForType(name: string, mime: string): string {
  const ext = mime === 'image/jpeg' ? 'jpg' : mime === 'image/png' ? 'png' : undefined;
  return ext ? `${name.replace(/\.[A-Za-z0-9]{1,8}$/, '')}.${ext}` : name;
}
