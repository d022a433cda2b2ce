/**
 * The settings admin's calls (issue 34, deliverable 1), on SQLite and PostgreSQL: global CSS
 * (checked, stored, served to every app), activating a brand, theme colours, the audit log search
 * and write-only secrets; each refused to a member (Maya) and to staff without the settings area
 * (Elena), and bad input refused with nothing stored.
 */
import { beforeAll, expect, it } from 'vitest';
import type { Brand, Settings } from '../../schemas/model';
import type { AuditLogsResponse } from '../../schemas/model/api/audit';
import type { SecretState } from '../../schemas/model/api/settings';
import { describeBackends } from '../helpers/backends';
import { nextEvent, socketFor } from '../helpers/sockets';

describeBackends('settings admin: brands, theme, CSS, audit, secrets', (api) => {
  let admin: string;
  let maya: string;
  let elena: string;
  beforeAll(async () => {
    [admin, maya, elena] = await Promise.all([api.signIn('admin'), api.signIn('maya'), api.signIn('elena')]);
  });

  const refusals = async (method: string, path: string, body?: unknown) => {
    const member = await api.call<{ message: string }>(method, path, { token: maya, body });
    expect(member.status, `${method} ${path} for a member`).toBe(403);
    const staff = await api.call<{ message: string }>(method, path, { token: elena, body });
    expect(staff.status, `${method} ${path} for staff without the area`).toBe(403);
    expect(staff.body.message).toContain('settings');
  };

  it('general settings: site name and theme mode, checked', async () => {
    const saved = await api.call<Settings>('PUT', 'settings/general', { token: admin, body: { siteName: 'Riverside Guild', themeModeEnabled: true } });
    expect(saved.body).toMatchObject({ siteName: 'Riverside Guild', themeModeEnabled: true });
    expect((await api.call<Settings>('GET', 'settings', { token: maya })).body.siteName).toBe('Riverside Guild');
    for (const body of [{ siteName: '' }, { themeModeEnabled: 'yes' }, { colour: 1 }])
      expect((await api.call('PUT', 'settings/general', { token: admin, body })).status).toBe(400);
    await refusals('PUT', 'settings/general', { siteName: 'Hijack' });
    expect((await api.call<Settings>('GET', 'settings', { token: maya })).body.siteName).toBe('Riverside Guild');
  });

  it('global CSS: stored, served to every app, refused to others', async () => {
    const css = 'body { letter-spacing: 0.01em; }\n.x { background: url(/api/v1/files/download/abc); }';
    // Applied live: every open app hears settings:updated named globalCss and fetches the sheet again.
    const socket = await socketFor(api.url, maya);
    const heard = nextEvent<{ name: string }>(socket, 'settings:updated');
    const put = await api.call<{ css: string }>('PUT', 'settings/globalCss', { token: admin, body: { css } });
    expect(put.status).toBe(200);
    expect((await heard).name).toBe('globalCss');
    socket.disconnect();
    expect((await api.call<{ css: string }>('GET', 'settings/globalCss', { token: admin })).body.css).toBe(css);
    const served = await fetch(`${api.url}/api/v1/service/globalCss.css`);
    expect(served.headers.get('content-type')).toContain('text/css');
    expect(await served.text()).toBe(css);
    await refusals('PUT', 'settings/globalCss', { css: 'a{}' });
    await refusals('GET', 'settings/globalCss');
    expect((await api.call<{ css: string }>('GET', 'settings/globalCss', { token: admin })).body.css).toBe(css);
  });

  it('global CSS: remote @import, expression, foreign url() and </style refused naming the part, nothing stored', async () => {
    const before = (await api.call<{ css: string }>('GET', 'settings/globalCss', { token: admin })).body.css;
    const bad: [string, string][] = [
      ['@import url("https://evil.example/x.css");', 'evil.example'],
      ["@import 'http://evil.example/a.css';", 'evil.example'],
      ['div { width: expression(alert(1)); }', 'expression'],
      ['div { background: url(https://evil.example/p.png); }', 'evil.example'],
      ['div { background: url("//evil.example/p.png"); }', 'evil.example'],
      ['div { content: "</style><script>"; }', '</style'],
      ['div { background: u\\72l(https://evil.example/p.png); }', 'backslash'],
      ['x'.repeat(50_001), '50000'],
    ];
    for (const [css, named] of bad) {
      const res = await api.call<{ message: string }>('PUT', 'settings/globalCss', { token: admin, body: { css } });
      expect(res.status, css.slice(0, 40)).toBe(400);
      expect(res.body.message).toContain(named);
    }
    expect((await api.call('PUT', 'settings/globalCss', { token: admin, body: { css: 'a{}', extra: 1 } })).status).toBe(400);
    expect((await api.call<{ css: string }>('GET', 'settings/globalCss', { token: admin })).body.css).toBe(before);
  });

  it('brands: create, rename, colours checked, activate; the active theme follows', async () => {
    const created = (await api.call<Brand>('POST', 'service/brands', { token: admin, body: { brandName: 'Autumn' } })).body;
    const renamed = await api.call<Brand>('PUT', `service/brands/${created.brandId}/name`, { token: admin, body: { brandName: 'Autumn fair' } });
    expect(renamed.body.brandName).toBe('Autumn fair');
    const styles = [{ rule: ':root', values: { '--header-background': '#7a2e00', '--primary': '#1f5fbf', '--primary-dark': '#9fc2ff' } }];
    expect((await api.call('PUT', `service/brands/${created.brandId}/themeStyles`, { token: admin, body: { styles } })).status).toBe(200);
    const notColour = await api.call<{ message: string }>('PUT', `service/brands/${created.brandId}/themeStyles`, {
      token: admin,
      body: { styles: [{ rule: ':root', values: { '--primary': 'red' } }] },
    });
    expect(notColour.status).toBe(400);
    expect(notColour.body.message).toContain('--primary');
    expect((await api.call<Brand>('GET', `service/brands/${created.brandId}`, { token: admin })).body.themeStyles).toEqual(styles);

    await refusals('POST', `service/brands/${created.brandId}/activate`);
    expect((await api.call('POST', 'service/brands/999/activate', { token: admin })).status).toBe(404);
    expect((await api.call('POST', 'service/brands/x1/activate', { token: admin })).status).toBe(400);
    expect((await api.call<Settings>('GET', 'settings', { token: maya })).body.brand?.id).not.toBe(created.brandId);

    const activated = await api.call<{ activeBrandId: string }>('POST', `service/brands/${created.brandId}/activate`, { token: admin });
    expect(activated.body).toEqual({ activeBrandId: created.brandId });
    expect((await api.call<Settings>('GET', 'settings', { token: maya })).body.brand?.id).toBe(created.brandId);
    expect(await (await fetch(`${api.url}/api/v1/service/brands/active/theme.css`)).text()).toContain('--header-background: #7a2e00');
  });

  it("preview is the admin browser's own: previewing asks the server for nothing, members keep the active brand", async () => {
    // Previewing loads the brand's own sheet (web/theme: a per-browser choice); the server keeps one active brand for all.
    const active = (await api.call<Settings>('GET', 'settings', { token: admin })).body.brand?.id;
    expect(await (await fetch(`${api.url}/api/v1/service/brands/1/theme.css`)).text()).toContain(':root');
    expect((await api.call<Settings>('GET', 'settings', { token: maya })).body.brand?.id).toBe(active);
  });

  it('audit logs: by type, subject and time, keyset paged, for the settings area only', async () => {
    const t0 = Date.now();
    const entries = Array.from({ length: 5 }, (_, i) => ({ logType: 'pageView', subject: `audit-page-${i % 2}`, actionTime: t0 + i }));
    expect((await api.call('POST', 'audit/save', { token: maya, body: entries })).status).toBe(200);
    const page1 = (await api.call<AuditLogsResponse>('GET', 'admin/audit/logs?logType=pageView&subject=audit-page-0&limit=2', { token: admin })).body;
    expect(page1.rows.map((r) => r.subject)).toEqual(['audit-page-0', 'audit-page-0']);
    expect(page1.rows[0].seq).toBeGreaterThan(page1.rows[1].seq);
    expect(page1.next).toBe(page1.rows[1].seq);
    const page2 = (
      await api.call<AuditLogsResponse>('GET', `admin/audit/logs?logType=pageView&subject=audit-page-0&limit=2&before=${page1.next}`, { token: admin })
    ).body;
    expect(page2.rows).toHaveLength(1);
    expect(page2.next).toBeNull();
    const future = (await api.call<AuditLogsResponse>('GET', `admin/audit/logs?from=${Date.now() + 60_000}`, { token: admin })).body;
    expect(future.rows).toEqual([]);
    const mine = (await api.call<AuditLogsResponse>('GET', 'admin/audit/logs?logType=settings.brandActivated', { token: admin })).body;
    expect(mine.rows[0]).toMatchObject({ accountId: 'admin', logType: 'settings.brandActivated' });
    for (const query of ['limit=0', 'limit=201', 'from=abc', 'before=-1', `from=${t0 + 10}&to=${t0}`, `subject=${'s'.repeat(201)}`]) {
      expect((await api.call('GET', `admin/audit/logs?${query}`, { token: admin })).status, query).toBe(400);
    }
    await refusals('GET', 'admin/audit/logs');
  });

  it('secrets: write-only, the value never answered, names checked', async () => {
    const saved = await api.call<SecretState>('POST', 'settings/secret/smtpPassword', { token: admin, body: { value: 'hunter2-very-secret' } });
    expect(saved.body).toEqual({ name: 'smtpPassword', set: true });
    const one = await api.call<SecretState>('GET', 'settings/secret/smtpPassword', { token: admin });
    expect(one.body).toEqual({ name: 'smtpPassword', set: true });
    expect((await api.call<SecretState>('GET', 'settings/secret/neverSet', { token: admin })).body).toEqual({ name: 'neverSet', set: false });
    const all = await api.call<SecretState[]>('GET', 'settings/secrets', { token: admin });
    expect(all.body).toContainEqual({ name: 'smtpPassword', set: true });
    const logs = await api.call<AuditLogsResponse>('GET', 'admin/audit/logs?logType=settings.secret', { token: admin });
    expect(logs.body.rows[0].subject).toBe('smtpPassword');
    for (const res of [saved, one, all, logs]) expect(JSON.stringify(res.body)).not.toContain('hunter2');
    expect((await api.call('POST', 'settings/secret/bad name!', { token: admin, body: { value: 'x' } })).status).toBe(400);
    expect((await api.call('POST', 'settings/secret/ok', { token: admin, body: { value: '' } })).status).toBe(400);
    expect((await api.call('POST', 'settings/secret/ok', { token: admin, body: { value: 5 } })).status).toBe(400);
    expect((await api.call<SecretState>('GET', 'settings/secret/ok', { token: admin })).body.set).toBe(false);
    await refusals('POST', 'settings/secret/smtpPassword', { value: 'x' });
    await refusals('GET', 'settings/secrets');
    await refusals('GET', 'settings/secret/smtpPassword');
  });
});
