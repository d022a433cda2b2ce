/**
 * Brand images on the file store (spec core 4.2, 7.3): the favicon route answers the active
 * brand's favicon, or the product's icon when it has none; the login page links it; ICO favicons
 * are accepted; and brand images stored before the file store (`image` documents) are moved into
 * it at start under their ids, so the logo and favicon the brands name are served again.
 */
import { filesOf } from '../../server/files';
import { beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Brand } from '../../schemas/model';
import { describeBackends } from '../helpers/backends';
import { fetchBytes } from '../helpers/uploads';

/** An ICO file holding one 16x16 PNG (the format browsers accept as a favicon). */
async function testIco(): Promise<Buffer> {
  const png = await sharp({ create: { width: 16, height: 16, channels: 4, background: '#0f4c5c' } })
    .png()
    .toBuffer();
  const header = Buffer.from([0, 0, 1, 0, 1, 0]);
  const entry = Buffer.alloc(16);
  entry.writeUInt8(16, 0);
  entry.writeUInt8(16, 1);
  entry.writeUInt16LE(1, 4);
  entry.writeUInt16LE(32, 6);
  entry.writeUInt32LE(png.length, 8);
  entry.writeUInt32LE(6 + 16, 12);
  return Buffer.concat([header, entry, png]);
}

const LEGACY_LOGO = '6f0c3a52-8d8e-4b53-9a51-3c2f3f1f0a01';
const LEGACY_FAVICON = '6f0c3a52-8d8e-4b53-9a51-3c2f3f1f0a02';
const LEGACY_JUNK = '6f0c3a52-8d8e-4b53-9a51-3c2f3f1f0a03';

describeBackends('brand images', (api) => {
  let admin: string;
  let maya: string;
  beforeAll(async () => {
    [admin, maya] = await Promise.all([api.signIn('admin'), api.signIn('maya')]);
  });

  const mediaToken = async (token: string) => (await api.call<{ token: string }>('GET', 'user/image_access_token', { token })).body.token;

  it('without a brand favicon the favicon route sends the product icon, and the login page links the route', async () => {
    const res = await fetch(`${api.url}/api/v1/favicon/default`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/app/icon.svg');
    const followed = await fetch(`${api.url}/api/v1/favicon/default`);
    expect(followed.status).toBe(200);
    expect(followed.headers.get('content-type')).toContain('image/svg+xml');
    const login = await (await fetch(`${api.url}/login`)).text();
    expect(login).toContain('<link rel="icon" href="/api/v1/favicon/default">');
  });

  it('an ICO favicon is accepted, served as the favicon, and named by the login page', async () => {
    const ico = await testIco();
    const up = await api.call<{ id: string }>('POST', 'service/brands/1/favicon', {
      token: admin,
      body: { changes: { image: `data:image/x-icon;base64,${ico.toString('base64')}` } },
    });
    expect(up.status).toBe(200);
    const favicon = await fetchBytes(`${api.url}/api/v1/favicon/${up.body.id}`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toBe('image/x-icon');
    expect(favicon.bytes.equals(ico)).toBe(true);
    // Revalidation: the same bytes answer 304.
    const again = await fetch(`${api.url}/api/v1/favicon/${up.body.id}`, { headers: { 'if-none-match': favicon.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(await (await fetch(`${api.url}/login`)).text()).toContain(`<link rel="icon" href="/api/v1/favicon/${up.body.id}">`);
    // An icon has no thumbnails: a width asks for the icon itself, never a 500.
    const token = await mediaToken(maya);
    const thumb = await fetchBytes(`${api.url}/api/v1/image/${up.body.id}?token=${token}&thumb=true&width=500`);
    expect(thumb.status).toBe(200);
    expect(thumb.bytes.equals(ico)).toBe(true);
  });

  it('brand images stored before the file store are moved into it at start and served under their ids', async () => {
    const logo = await sharp({ create: { width: 300, height: 90, channels: 4, background: '#e36414' } })
      .png()
      .toBuffer();
    const ico = await testIco();
    const store = api.server.ctx.store;
    await store.transaction(async (tx) => {
      await tx.put('image', LEGACY_LOGO, { contentType: 'image/png', base64: logo.toString('base64') });
      await tx.put('image', LEGACY_FAVICON, { contentType: 'image/x-icon', base64: ico.toString('base64') });
      // Stored data may be corrupt: HTML calling itself a png is refused, reported and kept, and start-up goes on.
      await tx.put('image', LEGACY_JUNK, { contentType: 'image/png', base64: Buffer.from('<html><script>alert(1)</script></html>').toString('base64') });
      const brand = (await tx.get<Brand>('brand', '1'))!.data;
      await tx.put('brand', '1', { ...brand, settings: { logoId: LEGACY_LOGO, faviconId: LEGACY_FAVICON } });
    });
    await api.restart();
    const store2 = api.server.ctx.store;
    expect((await store2.list('image')).map((d) => d.id)).toEqual([LEGACY_JUNK]);

    const token = await mediaToken(await api.signIn('maya'));
    const served = await fetchBytes(`${api.url}/api/v1/image/${LEGACY_LOGO}?token=${token}&thumb=true&width=500`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(await sharp(served.bytes).metadata()).toMatchObject({ width: 300, height: 90, format: 'png' });
    const favicon = await fetchBytes(`${api.url}/api/v1/favicon/${LEGACY_FAVICON}`);
    expect(favicon.headers.get('content-type')).toBe('image/x-icon');
    expect(favicon.bytes.equals(ico)).toBe(true);
    const row = await filesOf(api.server.ctx).files.get(LEGACY_LOGO);
    expect(row).toMatchObject({ kind: 'image', mime: 'image/png', claimed: 1, context_id: 'brand:1', owner_id: 'system' });
    expect(await filesOf(api.server.ctx).files.get(LEGACY_JUNK)).toBeUndefined();

    // A second start finds nothing left to move and changes nothing.
    await api.restart();
    expect((await api.server.ctx.store.list('image')).map((d) => d.id)).toEqual([LEGACY_JUNK]);
    expect((await fetchBytes(`${api.url}/api/v1/image/${LEGACY_LOGO}?token=${token}`)).status).toBe(200);
  });
});
