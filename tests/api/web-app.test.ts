/**
 * The installable web app (/admin/apps; issue 34, deliverable 8), on SQLite and PostgreSQL: its
 * settings checked by engine/core/web-app.ts (a bad colour, an oversize name, an unknown display
 * or a prompt number out of range: 400 naming it, nothing stored), the served manifest built from
 * them on every fetch, the icons through the files domain (square, public), the live
 * `settings:updated`; every call refused to a member (Maya) and to staff without update on
 * settings (Elena).
 */
import { beforeAll, expect, it } from 'vitest';
import type { Settings } from '../../schemas/model';
import type { WebAppResponse } from '../../schemas/model/api/apps';
import { describeBackends } from '../helpers/backends';
import { nextEvent, socketFor } from '../helpers/sockets';
import { fetchBytes, testPng } from '../helpers/uploads';

const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

describeBackends('web app settings, manifest and icons', (api) => {
  let admin: string;
  let maya: string;
  let elena: string;
  beforeAll(async () => {
    [admin, maya, elena] = await Promise.all([api.signIn('admin'), api.signIn('maya'), api.signIn('elena')]);
  });
  const manifest = async () => {
    const res = await fetch(`${api.url}/app/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    return (await res.json()) as Record<string, unknown>;
  };
  const refusals = async (method: string, path: string, body?: unknown) => {
    const member = await api.call<{ message: string }>(method, path, { token: maya, body });
    expect(member.status, `${method} ${path} for a member`).toBe(403);
    const staff = await api.call<{ message: string }>(method, path, { token: elena, body });
    expect(staff.status, `${method} ${path} for staff without update on settings`).toBe(403);
    expect(staff.body.message).toContain('settings');
  };

  it('serves the default manifest, with the site name, before anything is set', async () => {
    expect(await manifest()).toEqual({
      name: 'Riverside Makers',
      short_name: 'Riverside Ma',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#3b5bdb',
      icons: [{ src: '/app/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
    });
    const read = await api.call<WebAppResponse>('GET', 'settings/webApp', { token: admin });
    expect(read.body.settings).toEqual({});
    expect(read.body.manifest).toMatchObject({ name: 'Riverside Makers' });
  });

  it('saves the settings, tells open apps, and the manifest follows at once', async () => {
    const socket = await socketFor(api.url, maya);
    const heard = nextEvent<{ name: string; settings: Settings }>(socket, 'settings:updated');
    const saved = await api.call<WebAppResponse>('PUT', 'settings/webApp', {
      token: admin,
      body: {
        name: 'Riverside Makers app',
        shortName: 'Riverside',
        description: 'The makers of the riverside',
        themeColour: '#0f4c5c',
        backgroundColour: '#fafafa',
        display: 'minimal-ui',
        installPrompt: { enabled: true, afterVisits: 3, afterSeconds: 10, dismissCooldownDays: 14 },
      },
    });
    expect(saved.status).toBe(200);
    const event = await heard;
    socket.disconnect();
    expect(event.name).toBe('webApp');
    expect(event.settings.webApp?.installPrompt).toEqual({ enabled: true, afterVisits: 3, afterSeconds: 10, dismissCooldownDays: 14 });
    expect(await manifest()).toMatchObject({
      name: 'Riverside Makers app',
      short_name: 'Riverside',
      description: 'The makers of the riverside',
      display: 'minimal-ui',
      theme_color: '#0f4c5c',
      background_color: '#fafafa',
    });
    // Absent is unchanged; the prompt merges.
    const partial = await api.call<WebAppResponse>('PUT', 'settings/webApp', { token: admin, body: { installPrompt: { afterVisits: 1 } } });
    expect(partial.body.settings).toMatchObject({ name: 'Riverside Makers app', installPrompt: { enabled: true, afterVisits: 1, afterSeconds: 10 } });
    // The members' settings carry the prompt settings (the install prompt reads them).
    expect((await api.call<Settings>('GET', 'settings', { token: maya })).body.webApp?.installPrompt?.afterVisits).toBe(1);
  });

  it('refuses bad input naming it, and stores nothing', async () => {
    const before = (await api.call<WebAppResponse>('GET', 'settings/webApp', { token: admin })).body.settings;
    const bad: [unknown, string][] = [
      [{ themeColour: 'red' }, 'themeColour "red" is not a hex colour'],
      [{ backgroundColour: '#12345' }, 'backgroundColour "#12345"'],
      [{ name: 'x'.repeat(46) }, 'name is 46 characters, at most 45'],
      [{ shortName: 'Riverside Makers' }, 'shortName is 16 characters, at most 12'],
      [{ name: '   ' }, 'name must not be empty'],
      [{ display: 'kiosk' }, 'display "kiosk" must be one of'],
      [{ installPrompt: { afterVisits: -1 } }, 'installPrompt.afterVisits must be a whole number from 0 to 100'],
      [{ installPrompt: { dismissCooldownDays: 1.5 } }, 'installPrompt.dismissCooldownDays'],
      [{ colour: '#fff' }, 'colour'],
      [{ themeColour: 5 }, 'themeColour'],
    ];
    for (const [body, message] of bad) {
      const res = await api.call<{ message: string }>('PUT', 'settings/webApp', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    // The generic section route cannot go around the rule.
    expect((await api.call('POST', 'settings/webApp', { token: admin, body: { changes: { themeColour: 'red' } } })).status).toBe(400);
    expect((await api.call<WebAppResponse>('GET', 'settings/webApp', { token: admin })).body.settings).toEqual(before);
    expect((await manifest()).theme_color).toBe('#0f4c5c');
  });

  it('icons: square PNGs through the files domain, public, listed in the manifest; refused when not square or not an image', async () => {
    const up = await api.call<WebAppResponse>('POST', 'settings/webApp/icon/192', { token: admin, body: { image: dataUrl(await testPng(256, 256)) } });
    expect(up.status).toBe(200);
    const id = up.body.settings.icon192Id;
    expect(id).toMatch(/.+/);
    const icon = await fetchBytes(`${api.url}/api/v1/service/webApp/icon/192`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(icon.bytes.subarray(1, 4).toString()).toBe('PNG');
    await api.call('PUT', 'settings/webApp', { token: admin, body: { iconsMaskable: true } });
    expect((await manifest()).icons).toEqual([{ src: '/api/v1/service/webApp/icon/192', sizes: '192x192', type: 'image/png', purpose: 'maskable' }]);
    // Not square, too small, not an image, an unknown size: refused, the stored icon kept.
    const wide = await api.call<{ message: string }>('POST', 'settings/webApp/icon/512', { token: admin, body: { image: dataUrl(await testPng(800, 400)) } });
    expect(wide.status).toBe(400);
    expect(wide.body.message).toContain('icon 512 must be a square image');
    const small = await api.call<{ message: string }>('POST', 'settings/webApp/icon/512', { token: admin, body: { image: dataUrl(await testPng(64, 64)) } });
    expect(small.status).toBe(400);
    expect((await api.call('POST', 'settings/webApp/icon/512', { token: admin, body: { image: 'data:text/html;base64,PGI+' } })).status).toBe(400);
    expect((await api.call('POST', 'settings/webApp/icon/64', { token: admin, body: { image: dataUrl(await testPng(64, 64)) } })).status).toBe(404);
    expect((await api.call<WebAppResponse>('GET', 'settings/webApp', { token: admin })).body.settings).toMatchObject({ icon192Id: id });
    expect((await api.call<WebAppResponse>('GET', 'settings/webApp', { token: admin })).body.settings.icon512Id).toBeUndefined();
    // Without an icon the product's stands in.
    const missing = await fetch(`${api.url}/api/v1/service/webApp/icon/512`, { redirect: 'manual' });
    expect(missing.status).toBe(302);
    expect(missing.headers.get('location')).toBe('/app/icon.svg');
    const removed = await api.call<WebAppResponse>('DELETE', 'settings/webApp/icon/192', { token: admin });
    expect(removed.body.settings.icon192Id).toBeUndefined();
    expect((await manifest()).icons).toEqual([{ src: '/app/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }]);
  });

  it('refuses every call to a member and to staff without update on settings, changing nothing', async () => {
    const before = (await api.call<WebAppResponse>('GET', 'settings/webApp', { token: admin })).body.settings;
    await refusals('GET', 'settings/webApp');
    await refusals('PUT', 'settings/webApp', { name: 'Hijack' });
    await refusals('POST', 'settings/webApp/icon/192', { image: dataUrl(await testPng(192, 192)) });
    await refusals('DELETE', 'settings/webApp/icon/192');
    expect((await api.call<WebAppResponse>('GET', 'settings/webApp', { token: admin })).body.settings).toEqual(before);
    expect((await api.call('PUT', 'settings/webApp', { body: { name: 'Anon' } })).status).toBe(401);
  });
});
