/**
 * The demo's files and the file blocks' calls over real HTTP on SQLite and PostgreSQL: the seed
 * draws avatars, the brand logo, pictures and a PDF (served by the media routes, downloadable and
 * counted); an uploadFile block's uploads (files/upload with the block id as context, then
 * claimFiles) are listed by getFileList/{blockId} for their owner only; another member gets 403
 * on changing or deleting them, bad ids 404, and a file over the limit 413 with nothing listed.
 * Rich text with an uploaded image is stored sanitised: the own image kept, scripts, handlers and
 * foreign images dropped.
 */
import { filesOf } from '../../server/files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Block, Brand, Field, Profile } from '../../schemas/model';
import type { FileInfo, UploadResponse } from '../../schemas/model/api/files';
import { DEMO_MEDIA, seedDemoMedia } from '../../server/files/demo-media';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';
import { fetchBytes, testJpeg, upload } from '../helpers/uploads';

const PDF = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
const BLOCK = 'share-upload';

describe.each(BACKENDS)('demo files and the file blocks on %s', (backend) => {
  let api: ApiServer;
  let admin: string;
  let maya: string;
  let victor: string;
  let media: string;

  beforeAll(async () => {
    api = await startApiServer(backend);
    [admin, maya, victor] = await Promise.all([api.signIn('admin'), api.signIn('maya'), api.signIn('victor')]);
    media = (await api.call<{ token: string }>('GET', 'user/image_access_token', { token: maya })).body.token;
  });
  afterAll(async () => api?.close());

  it('the seed draws the logo, avatars, pictures and a PDF, served by the media routes; seeding again adds nothing', async () => {
    const brand = await api.call<Brand>('GET', 'service/brands/1', { token: admin });
    expect(brand.body.settings?.logoId).toBe(DEMO_MEDIA.logo);
    const logo = await fetchBytes(`${api.url}/api/v1/image/${DEMO_MEDIA.logo}?token=${encodeURIComponent(media)}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');

    const elena = await api.call<Profile>('GET', 'profile/elena', { token: maya });
    expect(elena.body.data.profile.avatar).toBe(DEMO_MEDIA.avatars.elena);
    const avatar = await fetchBytes(`${api.url}/api/v1/image/${DEMO_MEDIA.avatars.elena}?token=${encodeURIComponent(media)}&thumb=true&width=100&ratio=1:1`);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/jpeg');

    const ids = [...Object.values(DEMO_MEDIA.pictures), DEMO_MEDIA.rules];
    const seen = await api.call<FileInfo[]>('POST', 'files/getFiles', { token: maya, body: { fileIds: ids } });
    expect(seen.body.map((f) => f.data.title).sort()).toEqual(['Electronics bench', 'Textiles table', 'Woodwork bench', 'Workshop rules']);
    expect(seen.body.find((f) => f.id === DEMO_MEDIA.rules)).toMatchObject({ kind: 'document', mime: 'application/pdf', isAsset: true });

    // A member downloads the demo PDF (counted), and may not delete or change it.
    const dl = await fetch(`${api.url}/api/v1/files/download/${DEMO_MEDIA.rules}`, { headers: { authorization: `Bearer ${maya}` } });
    expect(dl.status).toBe(200);
    expect(
      Buffer.from(await dl.arrayBuffer())
        .subarray(0, 8)
        .toString(),
    ).toBe('%PDF-1.4');
    const counted = await api.call<FileInfo[]>('POST', 'files/getFiles', { token: maya, body: { fileIds: [DEMO_MEDIA.rules] } });
    expect(counted.body[0].data.downloadCount).toBe(1);
    expect((await api.call('DELETE', `files/${DEMO_MEDIA.rules}`, { token: maya })).status).toBe(403);
    expect((await api.call('POST', `files/${DEMO_MEDIA.rules}/data`, { token: maya, body: { changes: { title: 'Mine' } } })).status).toBe(403);

    expect(await seedDemoMedia(filesOf(api.server.ctx).files)).toBe(0);
  });

  it("an upload block's files: listed by getFileList/{blockId} for their owner, 403 to others, 404 for bad ids, 413 over the limit", async () => {
    const sent = await upload<UploadResponse>(api.url, `files/upload?contextId=${BLOCK}`, maya, [{ filename: 'lamp.pdf', body: PDF }]);
    expect(sent.status).toBe(200);
    const [id] = sent.body.fileIds;
    expect((await api.call('POST', 'files/claimFiles', { token: maya, body: { fileIds: [id], contextId: BLOCK } })).body).toEqual({ claimed: 1 });
    expect((await api.call<FileInfo[]>('GET', `files/getFileList/${BLOCK}`, { token: maya })).body).toMatchObject([{ id, name: 'lamp.pdf', contextId: BLOCK }]);
    expect((await api.call<FileInfo[]>('GET', `files/getFileList/${BLOCK}`, { token: victor })).body).toEqual([]);

    expect((await api.call('DELETE', `files/${id}`, { token: victor })).status).toBe(403);
    expect((await api.call('POST', `files/${id}/data`, { token: victor, body: { changes: { title: 'x' } } })).status).toBe(403);
    for (const bad of ['not-a-file', '..%2F..%2Fjwt-secret', '%2e%2e', '00000000-0000-4000-8000-000000000000']) {
      expect((await api.call('DELETE', `files/${bad}`, { token: maya })).status).toBe(404);
      expect((await api.call('GET', `files/download/${bad}`, { token: maya })).status).toBe(404);
    }

    expect((await api.call('POST', 'settings/files', { token: admin, body: { changes: { serviceMaxFileSize: 1_048_576 } } })).status).toBe(200);
    const big = await upload<{ message: string }>(api.url, `files/upload?contextId=${BLOCK}`, maya, [
      { filename: 'big.pdf', body: Buffer.concat([Buffer.from(PDF), Buffer.alloc(2 * 1_048_576, 32)]) },
    ]);
    expect(big.status).toBe(413);
    expect((await api.call<FileInfo[]>('GET', `files/getFileList/${BLOCK}`, { token: maya })).body.map((f) => f.id)).toEqual([id]);
    await api.call('POST', 'settings/files', { token: admin, body: { changes: {} } });

    // A form's save claims its uploads without a context: they stay listed under their field.
    const fieldUpload = await upload<UploadResponse>(api.url, 'files/upload?contextId=field-cv', maya, [{ filename: 'cv.pdf', body: PDF }]);
    expect((await api.call('POST', 'files/claimFiles', { token: maya, body: { fileIds: fieldUpload.body.fileIds } })).body).toEqual({ claimed: 1 });
    expect((await api.call<FileInfo[]>('GET', 'files/getFileList/field-cv', { token: maya })).body.map((f) => f.id)).toEqual(fieldUpload.body.fileIds);

    // An upload block kept in the asset library: files managers only.
    expect((await upload(api.url, `files/upload?contextId=${BLOCK}&asset=true`, maya, [{ filename: 'x.pdf', body: PDF }])).status).toBe(403);
    const kept = await upload<UploadResponse>(api.url, `files/upload?contextId=${BLOCK}&asset=true`, admin, [{ filename: 'kept.pdf', body: PDF }]);
    expect(kept.body.files[0]).toMatchObject({ isAsset: true, contextId: BLOCK });
    const assets = await api.call<{ items: FileInfo[] }>('POST', 'files/getAssets', { token: admin, body: { search: 'kept' } });
    expect(assets.body.items.map((f) => f.id)).toEqual(kept.body.fileIds);
    expect((await api.call('DELETE', `files/${kept.body.fileIds[0]}`, { token: admin })).status).toBe(200);

    // The owner deletes it; it is gone from the list.
    expect((await api.call('DELETE', `files/${id}`, { token: maya })).body).toEqual({ deleted: 1 });
    expect((await api.call<FileInfo[]>('GET', `files/getFileList/${BLOCK}`, { token: maya })).body).toEqual([]);
  });

  it('rich text is stored sanitised: the own uploaded image stays, scripts, handlers and foreign images go', async () => {
    const created = await api.call<{ block: Block }>('PUT', 'structure/block', {
      token: admin,
      body: { pageId: 'news', block: { type: 'basicForm', options: { title: 'Story' } } },
    });
    const formId = created.body.block.id;
    const field = await api.call<Field>('POST', 'structure/field', {
      token: admin,
      body: { itemId: formId, itemType: 'block', field: { key: 'story', type: 'wysiwyg', label: 'Story', opts: { toolbar: 'full' } } },
    });
    expect(field.status, JSON.stringify(field.body)).toBe(200);
    const image = await upload<UploadResponse>(api.url, 'files/uploadImage?contextId=story', maya, [{ filename: 'a.jpg', body: await testJpeg(40, 40) }]);
    const id = image.body.fileIds[0];
    const html =
      `<p onclick="alert(1)">Hi<script>alert(2)</script></p><img src="/api/v1/image/${id}" alt="mine" onerror="alert(3)">` +
      '<img src="https://evil.example/x.png"><img src="javascript:alert(4)"><a href="javascript:alert(5)">x</a><a href="https://example.org">ok</a>';
    const saved = await api.call<Profile>('POST', 'profile/maya', { token: maya, body: { blockId: formId, changes: { story: html } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.profile.story).toBe(`<p>Hi</p><img src="/api/v1/image/${id}" alt="mine" /><a>x</a><a href="https://example.org">ok</a>`);
    expect((await api.call<Profile>('GET', 'profile/maya', { token: maya })).body.data.profile.story).toBe(saved.body.data.profile.story);
  });
});
