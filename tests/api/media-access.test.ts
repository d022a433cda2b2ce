/**
 * Issue 36 finding 4: a media URL answers with the file only for a viewer who may see it (the same
 * `mayView` as files/download: the owner, files managers, anyone once the file is claimed) and only
 * while the session its token was issued to is live; otherwise the placeholder, never the bytes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResponse } from '../../schemas/model/api/files';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';
import { fetchBytes, testJpeg, upload } from '../helpers/uploads';

describe.each(BACKENDS)('media URLs check the viewer (%s)', (backend) => {
  let api: ApiServer;
  let maya: string;
  let victor: string;
  let admin: string;
  let fileId: string;

  const mediaToken = async (session: string) => (await api.call<{ token: string }>('GET', 'user/image_access_token', { token: session })).body.token;
  const image = async (token: string, id = fileId) => fetchBytes(`${api.url}/api/v1/image/${id}?token=${encodeURIComponent(token)}`);
  const isPlaceholder = (res: Awaited<ReturnType<typeof fetchBytes>>) =>
    res.status === 200 && res.headers.get('content-type') === 'image/png' && res.headers.get('cache-control') === 'no-store';

  beforeAll(async () => {
    api = await startApiServer(backend);
    [maya, victor, admin] = await Promise.all([api.signIn('maya'), api.signIn('victor'), api.signIn('admin')]);
    const res = await upload<UploadResponse>(api.url, 'files/uploadImage', maya, [
      { filename: 'private.jpeg', body: await testJpeg(40, 30), type: 'image/jpeg' },
    ]);
    expect(res.status).toBe(200);
    fileId = res.body.fileIds[0];
  });
  afterAll(async () => api?.close());

  it("another member's media URL of a private, unclaimed upload answers the placeholder, as download refuses it", async () => {
    expect((await api.call('GET', `files/download/${fileId}`, { token: victor })).status).toBe(404);
    const victorSees = await image(await mediaToken(victor));
    expect(isPlaceholder(victorSees)).toBe(true);
    const cors = await fetchBytes(`${api.url}/api/v1/image/cors/${fileId}?token=${encodeURIComponent(await mediaToken(victor))}&width=20`);
    expect(isPlaceholder(cors)).toBe(true);
  });

  it('the owner and a files manager get the file', async () => {
    const own = await image(await mediaToken(maya));
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/jpeg');
    const managed = await image(await mediaToken(admin));
    expect(managed.headers.get('content-type')).toBe('image/jpeg');
  });

  it('a media token dies with its session: after logout the placeholder', async () => {
    const second = await api.signIn('maya');
    const token = await mediaToken(second);
    expect((await image(token)).headers.get('content-type')).toBe('image/jpeg');
    expect((await api.call('GET', 'logout', { token: second })).status).toBeLessThan(300);
    expect(isPlaceholder(await image(token))).toBe(true);
    // Her other session is untouched.
    expect((await image(await mediaToken(maya))).headers.get('content-type')).toBe('image/jpeg');
  });
});
