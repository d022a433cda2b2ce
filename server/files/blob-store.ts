/**
 * Where file bytes live. On disk under DATA_DIR/files by default; in an S3-compatible bucket when
 * FILES_S3_BUCKET is set, so several server processes serve the same files. Keys are made by the
 * file store (a file id and a variant name), never taken from a request.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

export interface BlobRead {
  body: Readable;
  /** Size of the whole blob (not of the range). */
  size: number;
}

export interface BlobStore {
  /** Stores a local file's bytes under `key`. The file may be moved away: the caller is done with it. */
  putFile(key: string, file: string, size: number, contentType: string): Promise<void>;
  putBuffer(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The blob, or a range of it; undefined when there is no such key. */
  get(key: string, range?: ByteRange): Promise<BlobRead | undefined>;
  size(key: string): Promise<number | undefined>;
  /** Removes every blob whose key starts with `prefix` (an original and all its variants). */
  deletePrefix(prefix: string): Promise<void>;
  /** The file folders (`<id>/` of every key) with their newest change, a page at a time (the orphan sweep). */
  folders(): AsyncIterable<BlobFolder[]>;
  readonly description: string;
}

export interface BlobFolder {
  id: string;
  modifiedAt: number;
}

const FOLDER_PAGE = 500;

const KEY = /^[a-z0-9][a-z0-9/_.-]*$/;
function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`blob key "${key}" is not one the file store makes`);
  return key;
}

export class DiskBlobStore implements BlobStore {
  readonly description: string;
  constructor(private readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
    this.description = `disk folder ${root}`;
  }

  private pathOf(key: string): string {
    return path.join(this.root, checkKey(key));
  }

  async putFile(key: string, file: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    // Moved when on the same disk (no bytes read or written); else copied beside and renamed.
    // Either way a reader never sees half a file.
    try {
      await fs.promises.rename(file, target);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    }
    const partial = `${target}.partial-${process.pid}-${Date.now()}`;
    await fs.promises.copyFile(file, partial);
    await fs.promises.rename(partial, target);
  }

  async putBuffer(key: string, body: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.partial-${process.pid}-${Date.now()}`;
    await fs.promises.writeFile(partial, body);
    await fs.promises.rename(partial, target);
  }

  async get(key: string, range?: ByteRange): Promise<BlobRead | undefined> {
    const file = this.pathOf(key);
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const { size } = await handle.stat();
    return { body: handle.createReadStream(range ? { start: range.start, end: range.end } : {}), size };
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return (await fs.promises.stat(this.pathOf(key))).size;
    } catch {
      return undefined;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    checkKey(prefix);
    // Keys are `<id>/<variant>`: the prefix names the file's folder.
    await fs.promises.rm(path.join(this.root, prefix.replace(/\/$/, '')), { recursive: true, force: true });
  }

  async *folders(): AsyncIterable<BlobFolder[]> {
    const dir = await fs.promises.opendir(this.root);
    let page: BlobFolder[] = [];
    for await (const entry of dir) {
      if (!entry.isDirectory()) continue;
      const stat = await fs.promises.stat(path.join(this.root, entry.name)).catch(() => undefined);
      if (stat) page.push({ id: entry.name, modifiedAt: stat.mtimeMs });
      if (page.length >= FOLDER_PAGE) {
        yield page;
        page = [];
      }
    }
    if (page.length) yield page;
  }
}

export interface S3Options {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Key prefix inside the bucket, so several deployments can share one. */
  prefix: string;
}

export class S3BlobStore implements BlobStore {
  readonly description: string;
  private readonly client: S3Client;

  constructor(private readonly options: S3Options) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    });
    this.description = `S3 bucket ${options.bucket}${options.endpoint ? ` at ${options.endpoint}` : ''}`;
  }

  private keyOf(key: string): string {
    return this.options.prefix + checkKey(key);
  }

  async putFile(key: string, file: string, size: number, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.keyOf(key),
        Body: fs.createReadStream(file),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async putBuffer(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(key), Body: body, ContentType: contentType }));
  }

  async get(key: string, range?: ByteRange): Promise<BlobRead | undefined> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      const total = out.ContentRange ? Number(/\/(\d+)$/.exec(out.ContentRange)?.[1]) : Number(out.ContentLength);
      return { body: out.Body as Readable, size: total };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return Number((await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(key) }))).ContentLength);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    const listed = await this.client.send(new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: this.keyOf(prefix) }));
    const keys = (listed.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
    if (keys.length) await this.client.send(new DeleteObjectsCommand({ Bucket: this.options.bucket, Delete: { Objects: keys } }));
  }

  async *folders(): AsyncIterable<BlobFolder[]> {
    let token: string | undefined;
    do {
      const listed = await this.client.send(new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: this.options.prefix, ContinuationToken: token }));
      const newest = new Map<string, number>();
      for (const o of listed.Contents ?? []) {
        const id = o.Key?.slice(this.options.prefix.length).split('/')[0];
        if (id) newest.set(id, Math.max(newest.get(id) ?? 0, o.LastModified?.getTime() ?? 0));
      }
      yield [...newest].map(([id, modifiedAt]) => ({ id, modifiedAt }));
      token = listed.IsTruncated ? listed.NextContinuationToken : undefined;
    } while (token);
  }
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/** The S3 settings of the environment, or undefined for the disk default. */
export function s3OptionsFromEnv(env: Readonly<Record<string, string | undefined>>): S3Options | undefined {
  if (!env.FILES_S3_BUCKET) return undefined;
  return {
    bucket: env.FILES_S3_BUCKET,
    endpoint: env.FILES_S3_ENDPOINT || undefined,
    region: env.FILES_S3_REGION || 'us-east-1',
    accessKeyId: env.FILES_S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.FILES_S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.FILES_S3_FORCE_PATH_STYLE !== 'false',
    prefix: env.FILES_S3_PREFIX ? `${env.FILES_S3_PREFIX.replace(/\/$/, '')}/` : '',
  };
}

export function openBlobStore(dataDir: string, s3?: S3Options): BlobStore {
  return s3 ? new S3BlobStore(s3) : new DiskBlobStore(path.join(dataDir, 'files'));
}

/** Reads a whole blob into memory (variants are small; originals go through streams). */
export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
