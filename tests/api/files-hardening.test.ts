/**
 * Issue 36 finding 7, files: a malformed multipart body is a 400 on every upload route; location
 * metadata leaves what is not re-encoded (MP4 `©xyz`, an ICO's PNG EXIF, SVG `<metadata>`), with
 * every byte offset kept; an SVG declaring 100,000 x 100,000 px answers the thumbnail placeholder,
 * not a 500; temp uploads and blobs without a row are swept (files.sweepOrphans).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResponse } from '../../schemas/model/api/files';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';
import { fetchBytes, testPng, upload } from '../helpers/uploads';
import { until } from '../helpers/until';

const LOCATION = '+51.5074-000.1278/';
const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};

/** A minimal MP4: ftyp, a moov whose udta holds a `©xyz` location, an mdat. */
function mp4WithLocation(): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41'));
  const xyz = box('\u00a9xyz', Buffer.from([0, LOCATION.length, 0x15, 0xc7]), Buffer.from(LOCATION));
  const moov = box('moov', box('mvhd', Buffer.alloc(100)), box('udta', xyz));
  return Buffer.concat([ftyp, moov, box('mdat', Buffer.alloc(64, 7))]);
}

/** An ICO holding one 16x16 PNG with an eXIf chunk naming a place. */
async function icoWithExif(): Promise<Buffer> {
  const png = await testPng(16, 16);
  const exifData = Buffer.from(`MM\0*GPS ${LOCATION}`);
  const chunk = Buffer.alloc(12 + exifData.length);
  chunk.writeUInt32BE(exifData.length, 0);
  chunk.write('eXIf', 4, 'latin1');
  exifData.copy(chunk, 8);
  // CRC is not checked by the test's reader: sharp reads the cleaned copy below.
  const withExif = Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(16, 6);
  header.writeUInt8(16, 7);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(withExif.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, withExif]);
}

const SVG_WITH_METADATA =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><metadata><rdf:RDF><geo>' +
  LOCATION +
  '</geo></rdf:RDF></metadata><rect width="10" height="10"/><svg:metadata xmlns:svg="http://www.w3.org/2000/svg">x</svg:metadata></svg>';
const HUGE_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><rect width="100000" height="100000"/></svg>';

describe.each(BACKENDS)('files hardening (%s)', (backend) => {
  let api: ApiServer;
  let maya: string;
  let media: string;
  const url = (kind: string, id: string, query = '') => `${api.url}/api/v1/${kind}/${id}?token=${encodeURIComponent(media)}${query}`;
  const uploadOne = async (filename: string, body: Buffer | string, type: string) => {
    const res = await upload<UploadResponse>(api.url, 'files/upload', maya, [{ filename, body, type }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.files[0];
  };

  beforeAll(async () => {
    api = await startApiServer(backend);
    maya = await api.signIn('maya');
    media = (await api.call<{ token: string }>('GET', 'user/image_access_token', { token: maya })).body.token;
  });
  afterAll(async () => api?.close());

  it.each(['files/upload', 'files/uploadImage', 'files/assetUpload', 'user/image/avatar'])(
    'a malformed multipart body to %s is a 400 naming it',
    async (route) => {
      const admin = await api.signIn('admin');
      const part = 'Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';
      for (const [type, body] of [
        ['multipart/form-data', `--x\r\n${part}x\r\n--x--\r\n`],
        ['multipart/form-data; boundary=x', `--x\r\n${part}\x89PNG\r\n`],
        ['multipart/form-data; boundary=x', 'no parts here'],
      ]) {
        const res = await api.call<{ message: string }>('POST', route, { token: admin, rawBody: body, contentType: type });
        expect(res.status, `${type}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.message).toMatch(/multipart/);
      }
    },
  );

  it('an MP4 loses its ©xyz location, keeping its size and every other byte', async () => {
    const original = mp4WithLocation();
    const file = await uploadOne('walk.mp4', original, 'video/mp4');
    expect(file).toMatchObject({ kind: 'video', mime: 'video/mp4', size: original.length });
    const served = await fetchBytes(url('video', file.id));
    expect(served.bytes.length).toBe(original.length);
    expect(served.bytes.includes(LOCATION)).toBe(false);
    expect(served.bytes.includes('\u00a9xyz', 0, 'latin1')).toBe(false);
    expect(served.bytes.subarray(0, 20)).toEqual(original.subarray(0, 20));
  });

  it("an ICO's PNG loses its EXIF and still decodes", async () => {
    const original = await icoWithExif();
    const file = await uploadOne('favicon.ico', original, 'image/x-icon');
    const served = await fetchBytes(url('image', file.id));
    expect(served.bytes.length).toBe(original.length);
    expect(served.bytes.includes(LOCATION)).toBe(false);
    const meta = await sharp(served.bytes.subarray(22)).metadata();
    expect({ width: meta.width, exif: meta.exif }).toEqual({ width: 16, exif: undefined });
  });

  it('an SVG loses its <metadata> elements and keeps its drawing', async () => {
    const file = await uploadOne('map.svg', SVG_WITH_METADATA, 'image/svg+xml');
    const served = (await fetchBytes(url('image', file.id))).bytes.toString('utf8');
    expect(served).not.toContain(LOCATION);
    expect(served).not.toMatch(/metadata/i);
    expect(served).toContain('<rect width="10" height="10"/>');
  });

  it('an SVG declaring 100,000 x 100,000 px answers the thumbnail placeholder, every time', async () => {
    const file = await uploadOne('huge.svg', HUGE_SVG, 'image/svg+xml');
    for (let i = 0; i < 2; i++) {
      const thumb = await fetchBytes(url('image', file.id, '&width=56'));
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get('content-type')).toBe('image/png');
      expect(thumb.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('temp uploads and blob folders without a row, older than an hour, are swept at start; files with rows stay', async () => {
    const kept = await uploadOne('kept.png', await testPng(8, 8), 'image/png');
    const hourAgo = new Date(Date.now() - 2 * 3_600_000);
    const filesDir = path.join(api.dataDir, 'files');
    const tempDir = path.join(api.dataDir, 'uploads-in-progress');
    const orphan = crypto.randomUUID();
    const young = crypto.randomUUID();
    fs.mkdirSync(path.join(filesDir, orphan));
    fs.writeFileSync(path.join(filesDir, orphan, 'original'), 'left by a crash');
    fs.mkdirSync(path.join(filesDir, young));
    fs.writeFileSync(path.join(filesDir, young, 'original'), 'an upload on its way');
    fs.writeFileSync(path.join(tempDir, 'crashed.upload'), 'half an upload');
    fs.writeFileSync(path.join(tempDir, 'current.upload'), 'an upload streaming now');
    for (const p of [path.join(filesDir, orphan), path.join(filesDir, kept.id), path.join(tempDir, 'crashed.upload')]) fs.utimesSync(p, hourAgo, hourAgo);
    await api.restart();
    await until(
      'the start-up sweep',
      async () => fs.existsSync(path.join(filesDir, orphan)) || fs.existsSync(path.join(tempDir, 'crashed.upload')),
      (left) => !left,
    );
    expect(fs.existsSync(path.join(filesDir, young))).toBe(true);
    expect(fs.existsSync(path.join(tempDir, 'current.upload'))).toBe(true);
    expect(fs.existsSync(path.join(filesDir, kept.id, 'original'))).toBe(true);
    media = (await api.call<{ token: string }>('GET', 'user/image_access_token', { token: maya })).body.token;
    expect((await fetchBytes(url('image', kept.id))).headers.get('content-type')).toBe(kept.mime);
  });
});
