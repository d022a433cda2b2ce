/**
 * The file store over real HTTP on SQLite and PostgreSQL: uploads checked by content, images
 * re-encoded, the media routes (token, thumbnails, ratio crops around the focal point, ETags,
 * ranges, placeholders, path tricks), the file calls of community 7 with their permissions, the
 * avatar (owner only) and the unclaimed-upload sweep.
 */
import { filesOf } from '../../server/files';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileInfo, UploadResponse } from '../../schemas/model/api/files';
import type { Profile } from '../../schemas/model';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';
import { fetchBytes, testJpeg, testPng, upload } from '../helpers/uploads';

const HTML = '<!doctype html><html><body><script>alert(1)</script></body></html>';
const SVG_WITH_SCRIPT =
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
const PDF = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

/** A mono 8-bit PCM WAV of `samples` bytes of silence. */
function wav(samples: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 128)]);
}

describe.each(BACKENDS)('files and media on %s', (backend) => {
  let api: ApiServer;
  let admin: string;
  let maya: string;
  let victor: string;
  let mayaMedia: string;
  const media = (kind: string, id: string, query = '') => `${api.url}/api/v1/${kind}/${id}?token=${encodeURIComponent(mayaMedia)}${query}`;
  const storedFolders = () => fs.readdirSync(path.join(api.dataDir, 'files')).filter((n) => /^[0-9a-f-]{36}$/.test(n));

  beforeAll(async () => {
    api = await startApiServer(backend);
    [admin, maya, victor] = await Promise.all([api.signIn('admin'), api.signIn('maya'), api.signIn('victor')]);
    const token = await api.call<{ token: string; expiresAt: number }>('GET', 'user/image_access_token', { token: maya });
    expect(token.status).toBe(200);
    expect(token.body.expiresAt).toBeGreaterThan(Date.now());
    mayaMedia = token.body.token;
  });
  afterAll(async () => api?.close());

  it('uploadImage re-encodes: EXIF orientation applied, metadata stripped, fitted inside 2880x1620, jpeg by default', async () => {
    const photo = await testJpeg(3200, 1800, { orientation: 6 });
    const res = await upload<UploadResponse>(api.url, 'files/uploadImage', maya, [{ filename: 'holiday.jpeg', body: photo, type: 'image/jpeg' }]);
    expect(res.status).toBe(200);
    expect(res.body.fileIds).toHaveLength(1);
    const [file] = res.body.files;
    // Orientation 6 turns 3200x1800 into 1800x3200; fitted inside 2880x1620 that is 911x1620.
    expect(file).toMatchObject({ kind: 'image', mime: 'image/jpeg', ownerId: 'maya', width: 911, height: 1620, name: 'holiday.jpg' });
    const served = await fetchBytes(media('image', file.id));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('content-disposition')).toMatch(/^inline/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(served.bytes).metadata();
    expect({ width: meta.width, height: meta.height, orientation: meta.orientation, exif: meta.exif }).toEqual({
      width: 911,
      height: 1620,
      orientation: undefined,
      exif: undefined,
    });
    expect(served.bytes.includes('secret camera owner')).toBe(false);
  });

  it('image options: png keeps transparency, quality makes smaller jpegs, width and height bound the box', async () => {
    const png = await upload<UploadResponse>(api.url, 'files/uploadImage?type=png&width=64&height=64', maya, [
      { filename: 'a.png', body: await testPng(200, 100) },
    ]);
    expect(png.body.files[0]).toMatchObject({ mime: 'image/png', width: 64, height: 32 });
    const photo = await testJpeg(1200, 800);
    const high = await upload<UploadResponse>(api.url, 'files/uploadImage', maya, [{ filename: 'h.jpg', body: photo }]);
    const low = await upload<UploadResponse>(api.url, 'files/uploadImage?quality=0.2', maya, [{ filename: 'l.jpg', body: photo }]);
    expect(low.body.files[0].size).toBeLessThan(high.body.files[0].size);
    expect((await upload(api.url, 'files/uploadImage?quality=3', maya, [{ filename: 'l.jpg', body: photo }])).status).toBe(400);
    expect((await upload(api.url, 'files/uploadImage?type=gif', maya, [{ filename: 'l.jpg', body: photo }])).status).toBe(400);
  });

  it('types are checked by content: HTML named .png is refused, an SVG is kept but never served inline', async () => {
    const before = storedFolders().length;
    for (const route of ['files/upload', 'files/uploadImage']) {
      const res = await upload<{ error: string; message: string }>(api.url, route, maya, [{ filename: 'innocent.png', body: HTML, type: 'image/png' }]);
      expect(res.status).toBe(415);
      expect(res.body.message).toMatch(/not an accepted file type/);
    }
    expect(storedFolders().length).toBe(before);

    const svg = await upload<UploadResponse>(api.url, 'files/upload', maya, [{ filename: 'logo.svg', body: SVG_WITH_SCRIPT, type: 'image/svg+xml' }]);
    expect(svg.status).toBe(200);
    expect(svg.body.files[0]).toMatchObject({ kind: 'image', mime: 'image/svg+xml', width: 10, height: 10 });
    const served = await fetchBytes(media('image', svg.body.fileIds[0]));
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    // Its thumbnail is a raster image: safe inline.
    const thumb = await fetchBytes(media('image', svg.body.fileIds[0], '&width=56'));
    expect(thumb.headers.get('content-type')).toBe('image/png');
  });

  it('thumbnails snap to the allowed widths, are made once and cached, with strong ETags and long cache headers', async () => {
    const res = await upload<UploadResponse>(api.url, 'files/uploadImage', maya, [{ filename: 'wide.jpg', body: await testJpeg(2880, 1620) }]);
    const id = res.body.fileIds[0];
    const thumb = await fetchBytes(media('image', id, '&thumb=true&width=450'));
    expect(thumb.status).toBe(200);
    expect((await sharp(thumb.bytes).metadata()).width).toBe(500);
    expect(thumb.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const etag = thumb.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}-w500"$/);
    expect(fs.existsSync(path.join(api.dataDir, 'files', id, 'w500'))).toBe(true);
    const again = await fetchBytes(media('image', id, '&thumb=true&width=450'));
    expect(again.bytes.equals(thumb.bytes)).toBe(true);
    expect((await fetchBytes(media('image', id, '&width=450'), { 'if-none-match': etag })).status).toBe(304);
    // Wider than every allowed width: the full image.
    expect((await sharp((await fetchBytes(media('image', id, '&width=5000'))).bytes).metadata()).width).toBe(2880);
    expect((await fetchBytes(media('image', id, '&width=abc'))).status).toBe(400);
    expect((await fetchBytes(media('image', id, '&ratio=2:7'))).status).toBe(400);
    // The cors variant says so.
    const cors = await fetchBytes(`${api.url}/api/v1/image/cors/${id}?token=${encodeURIComponent(mayaMedia)}&width=56`);
    expect(cors.headers.get('access-control-allow-origin')).toBe('*');
    expect((await sharp(cors.bytes).metadata()).width).toBe(56);
  });

  it('the focal point decides where a ratio crop falls', async () => {
    // 1600x800: red left half, blue right half. A square crop centred on the left is red.
    const res = await upload<UploadResponse>(api.url, 'files/uploadImage', maya, [{ filename: 'halves.jpg', body: await testJpeg(1600, 800) }]);
    const id = res.body.fileIds[0];
    const colourOf = async (query: string) => {
      const { bytes } = await fetchBytes(media('image', id, query));
      const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      expect(info.width).toBe(info.height);
      const centre = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
      return data[centre] > data[centre + 2] ? 'red' : 'blue';
    };
    const left = await api.call<FileInfo>('POST', `files/${id}/data`, { token: maya, body: { changes: { focalPos: { x: 10, y: 50 } } } });
    expect(left.body.data.focalPos).toEqual({ x: 10, y: 50 });
    expect(await colourOf('&width=100&ratio=1:1')).toBe('red');
    await api.call('POST', `files/${id}/data`, { token: maya, body: { changes: { focalPos: { x: 90, y: 50 } } } });
    expect(await colourOf('&width=100&ratio=1:1')).toBe('blue');
    // A crop follows a focal point that can move: revalidated, never kept as immutable.
    expect((await fetchBytes(media('image', id, '&width=100&ratio=1:1'))).headers.get('cache-control')).toBe('private, no-cache');
    expect((await api.call('POST', `files/${id}/data`, { token: maya, body: { changes: { focalPos: { x: 150, y: 50 } } } })).status).toBe(400);
  });

  it('without a valid media token a placeholder answers, never the file; path tricks in ids are 404', async () => {
    const res = await upload<UploadResponse>(api.url, 'files/uploadImage', maya, [{ filename: 'p.jpg', body: await testJpeg(300, 200) }]);
    const id = res.body.fileIds[0];
    for (const query of ['', '?token=not-a-token', `?token=${encodeURIComponent(maya)}`]) {
      const answer = await fetchBytes(`${api.url}/api/v1/image/${id}${query}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(await sharp(answer.bytes).metadata()).toMatchObject({ width: 1, height: 1, format: 'png' });
    }
    for (const trick of ['..%2F..%2Ftessera.sqlite', '%2e%2e', '%2e%2e%2fjwt-secret', `${id}%2F..%2F..%2Fjwt-secret`, '..', 'jwt-secret']) {
      const answer = await fetchBytes(`${api.url}/api/v1/image/${trick}?token=${encodeURIComponent(mayaMedia)}`);
      expect(answer.status, trick).toBe(404);
      expect(JSON.parse(answer.bytes.toString())).toMatchObject({ error: 'notFound' });
    }
    // A real id under another kind's route is no such file either.
    expect((await fetchBytes(media('video', id))).status).toBe(404);
  });

  it('audio and video answer byte ranges; documents download as attachments', async () => {
    const sound = wav(5000);
    const res = await upload<UploadResponse>(api.url, 'files/upload', maya, [{ filename: 'bell.wav', body: sound }]);
    expect(res.body.files[0]).toMatchObject({ kind: 'audio', size: sound.length });
    const id = res.body.fileIds[0];
    const part = await fetchBytes(media('audio', id), { range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${sound.length}`);
    expect(part.bytes.equals(sound.subarray(0, 100))).toBe(true);
    const tail = await fetchBytes(media('audio', id), { range: 'bytes=-10' });
    expect(tail.bytes.equals(sound.subarray(sound.length - 10))).toBe(true);
    expect((await fetchBytes(media('audio', id), { range: 'bytes=999999-' })).status).toBe(416);
    expect((await fetchBytes(media('audio', id))).headers.get('accept-ranges')).toBe('bytes');

    const pdf = await upload<UploadResponse>(api.url, 'files/upload', maya, [{ filename: 'minutes.pdf', body: PDF }]);
    expect(pdf.body.files[0]).toMatchObject({ kind: 'document', mime: 'application/pdf' });
    const doc = await fetchBytes(media('document', pdf.body.fileIds[0]));
    expect(doc.headers.get('content-disposition')).toMatch(/^attachment; filename="minutes.pdf"/);
    expect(doc.headers.get('content-type')).toBe('application/octet-stream');
  });

  it('a file over the size limit is refused with 413 while streaming and nothing is stored', async () => {
    expect((await api.call('POST', 'settings/files', { token: admin, body: { changes: { serviceMaxFileSize: 1_048_576 } } })).status).toBe(200);
    expect((await api.call('GET', 'files/serviceMaxFileSize', { token: maya })).body).toEqual({ serviceMaxFileSize: 1_048_576 });
    const before = storedFolders().length;
    const big = Buffer.concat([Buffer.from(PDF), Buffer.alloc(2 * 1_048_576, 32)]);
    const res = await upload<{ error: string; message: string }>(api.url, 'files/upload?contextId=big', maya, [{ filename: 'big.pdf', body: big }]);
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/larger than the maximum upload size of 1048576 bytes/);
    expect(storedFolders().length).toBe(before);
    expect((await api.call('GET', 'files/getFileList/big', { token: maya })).body).toEqual([]);
    expect(fs.readdirSync(path.join(api.dataDir, 'uploads-in-progress'))).toEqual([]);
    await api.call('POST', 'settings/files', { token: admin, body: { changes: {} } });
  });

  it('bad uploads are clear 4xx: not multipart, no file, no session', async () => {
    expect((await api.call('POST', 'files/upload', { token: maya, body: { a: 1 } })).status).toBe(415);
    const empty = await fetch(`${api.url}/api/v1/files/upload`, { method: 'POST', body: new FormData(), headers: { authorization: `Bearer ${maya}` } });
    expect(empty.status).toBe(400);
    expect((await upload(api.url, 'files/upload', undefined, [{ filename: 'a.pdf', body: PDF }])).status).toBe(401);
  });

  it('file calls: getFiles, data, getFileList, claimFiles, download counts, delete, deleteFilesByContextId, with permissions', async () => {
    const one = await upload<UploadResponse>(api.url, 'files/upload?contextId=field-cv', maya, [{ filename: 'cv.pdf', body: PDF }]);
    const two = await upload<UploadResponse>(api.url, 'files/upload?contextId=field-cv', maya, [
      { filename: 'a.pdf', body: PDF },
      { filename: 'b.jpg', body: await testJpeg(100, 100) },
    ]);
    expect(two.body.fileIds).toHaveLength(2);
    const [id, a, b] = [one.body.fileIds[0], ...two.body.fileIds];
    expect((await api.call<FileInfo[]>('GET', 'files/getFileList/field-cv', { token: maya })).body.map((f) => f.id)).toEqual([id, a, b]);
    expect((await api.call<FileInfo[]>('GET', 'files/getFileList/field-cv', { token: victor })).body).toEqual([]);

    // Unclaimed uploads are the uploader's own: others cannot see, change or delete them.
    expect((await api.call<FileInfo[]>('POST', 'files/getFiles', { token: victor, body: { fileIds: [id] } })).body).toEqual([]);
    expect((await api.call('POST', `files/${id}/data`, { token: victor, body: { changes: { title: 'x' } } })).status).toBe(404);
    expect((await api.call('POST', 'files/claimFiles', { token: victor, body: { fileIds: [id] } })).body).toEqual({ claimed: 0 });
    expect((await api.call('POST', 'files/claimFiles', { token: maya, body: { fileIds: [id, 'nope'], contextId: 'block-7' } })).body).toEqual({ claimed: 1 });
    const seen = await api.call<FileInfo[]>('POST', 'files/getFiles', { token: victor, body: { scope: 'form', fileIds: [id] } });
    expect(seen.body).toMatchObject([{ id, contextId: 'block-7', name: 'cv.pdf', data: { title: '', downloadCount: 0 } }]);
    expect((await api.call('POST', `files/${id}/data`, { token: victor, body: { changes: { title: 'x' } } })).status).toBe(403);
    expect((await api.call('DELETE', `files/${id}`, { token: victor })).status).toBe(403);

    // Data: a missing id refused, empty changes refused, the owner's change kept.
    expect((await api.call('POST', 'files/00000000-0000-4000-8000-000000000000/data', { token: maya, body: { changes: { title: 'x' } } })).status).toBe(404);
    const noData = await api.call<{ message: string }>('POST', `files/${id}/data`, { token: maya, body: { changes: {} } });
    expect(noData.status).toBe(400);
    expect(noData.body.message).toContain('assetManager.warnings.noData');
    expect((await api.call('POST', `files/${id}/data`, { token: maya, body: { changes: { title: 1 } } })).status).toBe(400);
    const titled = await api.call<FileInfo>('POST', `files/${id}/data`, { token: maya, body: { changes: { title: 'My CV', description: 'Two pages' } } });
    expect(titled.body.data).toMatchObject({ title: 'My CV', description: 'Two pages' });

    // Download counts.
    for (let i = 0; i < 2; i++) {
      const dl = await fetch(`${api.url}/api/v1/files/download/${id}`, { headers: { authorization: `Bearer ${victor}` } });
      expect(dl.status).toBe(200);
      expect(dl.headers.get('content-disposition')).toMatch(/^attachment; filename="cv.pdf"/);
      expect(Buffer.from(await dl.arrayBuffer()).toString()).toBe(PDF);
    }
    expect((await api.call<FileInfo[]>('POST', 'files/getFiles', { token: maya, body: { fileIds: [id] } })).body[0].data.downloadCount).toBe(2);
    expect((await api.call('GET', 'files/download/../../x', { token: maya })).status).toBe(404);

    // Delete by context: victor deletes nothing of maya's; maya deletes her own.
    expect((await api.call('POST', 'files/deleteFilesByContextId', { token: victor, body: { contextId: 'field-cv' } })).body).toEqual({ deleted: 0 });
    expect((await api.call('POST', 'files/deleteFilesByContextId', { token: maya, body: { contextId: 'field-cv' } })).body).toEqual({ deleted: 2 });
    expect(fs.existsSync(path.join(api.dataDir, 'files', a))).toBe(false);
    expect((await api.call('DELETE', `files/${id}`, { token: maya })).body).toEqual({ deleted: 1 });
    expect((await fetchBytes(media('document', id))).status).toBe(404);
    expect((await api.call('DELETE', `files/${id}`, { token: maya })).status).toBe(404);
  });

  it('the asset library: upload, list, search, update are for files managers only', async () => {
    expect((await upload(api.url, 'files/assetUpload', maya, [{ filename: 'x.jpg', body: await testJpeg(50, 50) }])).status).toBe(403);
    expect((await api.call('POST', 'files/getAssets', { token: maya, body: {} })).status).toBe(403);
    // The demo's assets (its pictures, logo and rules) are there already.
    const before = (await api.call<{ total: number }>('POST', 'files/getAssets', { token: admin, body: {} })).body.total;
    const hero = await upload<UploadResponse>(api.url, 'files/assetUpload', admin, [{ filename: 'harbour-hero.jpg', body: await testJpeg(400, 200) }]);
    await upload<UploadResponse>(api.url, 'files/assetUpload', admin, [{ filename: 'map.pdf', body: PDF }]);
    expect(hero.body.files[0]).toMatchObject({ isAsset: true });
    const all = await api.call<{ items: FileInfo[]; total: number }>('POST', 'files/getAssets', { token: admin, body: {} });
    expect(all.body.total).toBe(before + 2);
    const found = await api.call<{ items: FileInfo[]; total: number }>('POST', 'files/getAssets', { token: admin, body: { search: 'HARBOUR' } });
    expect(found.body.items.map((f) => f.name)).toEqual(['harbour-hero.jpg']);
    expect((await api.call('POST', 'files/getAssets', { token: admin, body: { search: '100%_' } })).body).toMatchObject({ total: 0 });
    const updated = await api.call<FileInfo>('POST', 'files/updateAsset', {
      token: admin,
      body: { id: hero.body.fileIds[0], changes: { title: 'Harbour at dawn', focalPos: { x: 20, y: 30 } } },
    });
    expect(updated.body.data).toMatchObject({ title: 'Harbour at dawn', focalPos: { x: 20, y: 30 } });
    expect((await api.call('POST', 'files/updateAsset', { token: maya, body: { id: hero.body.fileIds[0], changes: { title: 'x' } } })).status).toBe(403);
    expect((await api.call('POST', 'files/updateAsset', { token: admin, body: { id: 'nope', changes: { title: 'x' } } })).status).toBe(404);
    expect((await api.call('POST', 'files/getAssets', { token: admin, body: { search: 'Dawn' } })).body).toMatchObject({ total: 1 });
  });

  it('avatar: only the owner changes it; the previous avatar is removed', async () => {
    const first = await upload<UploadResponse & { id: string }>(api.url, 'user/image/avatar', maya, [
      { name: 'avatar', filename: 'me.jpg', body: await testJpeg(1200, 900) },
    ]);
    expect(first.status).toBe(200);
    // The avatar default box is 500x500.
    expect(first.body.files[0]).toMatchObject({ width: 500, height: 375, ownerId: 'maya' });
    const profile = async () => (await api.call<Profile>('GET', 'profile/maya', { token: victor })).body.data.profile.avatar;
    expect(await profile()).toBe(first.body.id);

    const before = storedFolders().length;
    const forOther = await upload(api.url, 'user/image/avatar?accountId=victor', maya, [{ name: 'avatar', filename: 'v.jpg', body: await testJpeg(50, 50) }]);
    expect(forOther.status).toBe(403);
    expect(storedFolders().length).toBe(before);
    expect((await upload(api.url, 'user/image/avatar', maya, [{ name: 'photo', filename: 'v.jpg', body: await testJpeg(50, 50) }])).status).toBe(400);
    expect((await upload(api.url, 'user/image/avatar', maya, [{ name: 'avatar', filename: 'v.jpg', body: PDF }])).status).toBe(415);

    const second = await upload<{ id: string }>(api.url, 'user/image/avatar?accountId=maya', maya, [
      { name: 'avatar', filename: 'me2.jpg', body: await testJpeg(80, 80) },
    ]);
    expect(await profile()).toBe(second.body.id);
    expect(fs.existsSync(path.join(api.dataDir, 'files', first.body.id))).toBe(false);
  });

  it('unclaimed uploads older than a day are swept; claimed ones stay', async () => {
    const loose = await upload<UploadResponse>(api.url, 'files/upload', victor, [{ filename: 'l.pdf', body: PDF }]);
    const kept = await upload<UploadResponse>(api.url, 'files/upload', victor, [{ filename: 'k.pdf', body: PDF }]);
    await api.call('POST', 'files/claimFiles', { token: victor, body: { fileIds: kept.body.fileIds } });
    expect(await filesOf(api.server.ctx).files.sweepUnclaimed(Date.now())).toBe(0);
    const swept = await filesOf(api.server.ctx).files.sweepUnclaimed(Date.now() + 86_400_001);
    expect(swept).toBeGreaterThanOrEqual(1);
    const left = await api.call<FileInfo[]>('POST', 'files/getFiles', { token: victor, body: { fileIds: [...loose.body.fileIds, ...kept.body.fileIds] } });
    expect(left.body.map((f) => f.id)).toEqual(kept.body.fileIds);
    expect(fs.existsSync(path.join(api.dataDir, 'files', loose.body.fileIds[0]))).toBe(false);
  });
});
