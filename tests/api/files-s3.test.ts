/**
 * The file store on an S3-compatible bucket (s3rver, started here), scaled out: two server
 * processes on one PostgreSQL schema and one bucket. A file uploaded through one is served, with
 * its thumbnail, by the other; a delete through one removes the bytes for both.
 */
import { filesOf } from '../../server/files';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTessera, type RunningTessera } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { projectRoot } from '../../scripts/paths';
import type { UploadResponse } from '../../schemas/model/api/files';
import { backendEnv, createSchemaName, dropSchema, requirePostgres, signInAt } from '../helpers/api-server';
import { fetchBytes, testJpeg, upload } from '../helpers/uploads';

const BUCKET = 'tessera-files';

describe('files on an S3-compatible bucket, two server processes on PostgreSQL', () => {
  let s3: S3rver;
  let s3Dir: string;
  let dataDir: string;
  let schema: string;
  const servers: RunningTessera[] = [];
  let client: S3Client;
  const keys = async () => ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key);

  beforeAll(async () => {
    await requirePostgres();
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-s3-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
    const { port } = await s3.run();
    client = new S3Client({
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    schema = await createSchemaName();
    // Processes that share a database share the data folder's signing secret (server/auth.ts), not its files.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-s3-data-'));
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...backendEnv('postgres', schema),
      FILES_S3_BUCKET: BUCKET,
      FILES_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      FILES_S3_ACCESS_KEY_ID: 'S3RVER',
      FILES_S3_SECRET_ACCESS_KEY: 'S3RVER',
      FILES_S3_PREFIX: 'site-a',
    };
    servers.push(await startTessera(configFromEnv(env, projectRoot)));
    servers.push(await startTessera(configFromEnv(env, projectRoot)));
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await s3?.close();
    if (schema) await dropSchema(schema);
    for (const dir of [s3Dir, dataDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uploads through one process are served, thumbnailed and deleted through the other', async () => {
    const [a, b] = servers;
    expect(filesOf(a.ctx).files.blobs.description).toContain(`S3 bucket ${BUCKET}`);
    const maya = await signInAt(a.url, 'maya');
    const photo = await testJpeg(1200, 600);
    const res = await upload<UploadResponse>(a.url, 'files/uploadImage', maya, [{ filename: 'shared.jpg', body: photo }]);
    expect(res.status).toBe(200);
    const id = res.body.fileIds[0];
    // Nothing on the local disk: the bytes are in the bucket, under the prefix.
    expect(fs.existsSync(path.join(dataDir, 'files', id))).toBe(false);
    // The demo's pictures are in the bucket too (drawn at start-up); this upload's keys are its own.
    const ours = async () => (await keys()).filter((k) => k?.startsWith(`site-a/${id}/`));
    expect(await ours()).toEqual([`site-a/${id}/original`]);

    const token = (await (await fetch(`${b.url}/api/v1/user/image_access_token`, { headers: { authorization: `Bearer ${maya}` } })).json()) as {
      token: string;
    };
    const original = await fetchBytes(`${b.url}/api/v1/image/${id}?token=${encodeURIComponent(token.token)}`);
    expect(original.status).toBe(200);
    expect(original.headers.get('etag')).toBe(`"${crypto.createHash('sha256').update(original.bytes).digest('hex')}"`);
    const thumb = await fetchBytes(`${b.url}/api/v1/image/${id}?token=${encodeURIComponent(token.token)}&width=250`);
    expect((await sharp(thumb.bytes).metadata()).width).toBe(250);
    // The thumbnail made by b is in the bucket, so a serves it without making it again.
    expect((await ours()).sort()).toEqual([`site-a/${id}/original`, `site-a/${id}/w250`]);
    const fromA = await fetchBytes(`${a.url}/api/v1/image/${id}?token=${encodeURIComponent(token.token)}&width=250`);
    expect(fromA.bytes.equals(thumb.bytes)).toBe(true);
    const range = await fetchBytes(`${a.url}/api/v1/image/${id}?token=${encodeURIComponent(token.token)}`, { range: 'bytes=0-9' });
    expect(range.status).toBe(206);
    expect(range.bytes.equals(original.bytes.subarray(0, 10))).toBe(true);

    const deleted = await fetch(`${a.url}/api/v1/files/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${maya}` } });
    expect(deleted.status).toBe(200);
    expect((await fetchBytes(`${b.url}/api/v1/image/${id}?token=${encodeURIComponent(token.token)}`)).status).toBe(404);
    expect(await ours()).toEqual([]);
  });
});
