import { beforeAll, expect, it } from 'vitest';
import type { Brand, Settings } from '../../schemas/model';
import { describeBackends } from '../helpers/backends';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describeBackends('settings, brands, theme and audit', (api) => {
  let admin: string;
  let maya: string;
  beforeAll(async () => {
    [admin, maya] = await Promise.all([api.signIn('admin'), api.signIn('maya')]);
  });

  it('settings: read, merge, replace with overwrite paths, schema-checked', async () => {
    expect((await api.call<Settings>('GET', 'settings', { token: maya })).body.siteName).toBe('Riverside Makers');
    const merged = await api.call<Settings>('POST', 'settings/date', { token: admin, body: { changes: { timeFormat: 'h:mm a' }, merge: true } });
    expect(merged.body.date).toEqual({ dateFormat: 'yyyy-MM-dd', dateAndTimeFormat: 'yyyy-MM-dd HH:mm', timeFormat: 'h:mm a' });
    const replaced = await api.call<Settings>('POST', 'settings/date', { token: admin, body: { changes: { dateFormat: 'dd/MM/yyyy' } } });
    expect(replaced.body.date).toEqual({ dateFormat: 'dd/MM/yyyy' });
    const footer = await api.call<Settings>('POST', 'settings/footer', {
      token: admin,
      body: { changes: { links: { terms: 'https://example.org/t2' } }, merge: true, overwritePaths: ['links'] },
    });
    expect(footer.body.footer?.links).toEqual({ terms: 'https://example.org/t2' });
    // A change that would make settings invalid is refused and changes nothing.
    expect((await api.call('POST', 'settings/languages', { token: admin, body: { changes: { default: 5 } } })).status).toBe(400);
    expect((await api.call<Settings>('GET', 'settings', { token: maya })).body.languages?.default).toBe('en');
    expect((await api.call<Settings>('POST', 'settings/searchSettings', { token: admin, body: { changes: { fuzzy: true } } })).body).toMatchObject({
      search: { fuzzy: true },
    });
    expect((await api.call<{ display: string }>('GET', 'settings/updateManifest', { token: maya })).body).toMatchObject({
      display: 'standalone',
      start_url: '/',
      // The web app's own colours (/admin/apps), not the brand's: defaults until set.
      theme_color: '#3b5bdb',
    });
  });

  it('secrets are admin-only', async () => {
    expect((await api.call('POST', 'settings/secret/mailKey', { token: maya, body: { value: 'x' } })).status).toBe(403);
    expect((await api.call('POST', 'settings/secret/mailKey', { token: admin, body: { value: 'k-123' } })).status).toBe(200);
    expect((await api.call('GET', 'settings/secret/mailKey', { token: admin })).body).toEqual({ name: 'mailKey', set: true });
    expect((await api.call('GET', 'settings/secret/mailKey', { token: maya })).status).toBe(403);
    expect((await api.call<Settings>('GET', 'settings', { token: admin })).body).not.toHaveProperty('mailKey');
  });

  it('brands: list, create, rename, settings, theme styles, logo, theme.css for active, default and an id', async () => {
    expect((await api.call<Brand[]>('GET', 'service/brands', { token: maya })).body.map((b) => b.brandId)).toEqual(['1', '2']);
    const created = await api.call<Brand>('POST', 'service/brands', { token: admin, body: { brandName: 'Night market' } });
    expect(created.body).toMatchObject({ brandId: '3', brandName: 'Night market' });
    expect((await api.call<Brand>('PUT', 'service/brands/3/name', { token: admin, body: { brandName: 'Night fair' } })).body.brandName).toBe('Night fair');
    expect((await api.call<Brand>('GET', 'service/brands/3', { token: maya })).body.brandName).toBe('Night fair');
    expect((await api.call('GET', 'service/brands/abc', { token: maya })).status).toBe(400);
    expect((await api.call('GET', 'service/brands/99', { token: maya })).status).toBe(404);
    const styles = [{ rule: ':root', values: { '--header-background': '#101820' } }];
    expect((await api.call('PUT', 'service/brands/3/themeStyles', { token: admin, body: { styles } })).status).toBe(200);
    expect(
      (await api.call('PUT', 'service/brands/3/themeStyles', { token: admin, body: { styles: [{ rule: 'body}</style><script>', values: {} }] } })).status,
    ).toBe(400);
    expect(
      (
        await api.call('PUT', 'service/brands/3/themeStyles', {
          token: admin,
          body: { styles: [{ rule: 'a', values: { color: 'red; background: url(javascript:x)' } }] },
        })
      ).status,
    ).toBe(400);
    expect((await api.call('GET', 'service/brands/3/getThemeStyles', { token: maya })).body).toEqual(expect.arrayContaining(styles));
    expect(Object.keys((await api.call<Record<string, unknown>>('GET', 'service/brands/all/themeStyles', { token: maya })).body)).toEqual(['1', '2', '3']);
    const logo = await api.call<{ id: string }>('POST', 'service/brands/3/logo', { token: admin, body: { changes: { image: PNG } } });
    expect((await api.call('GET', 'service/brands/3/settings', { token: maya })).body).toEqual({ logoId: logo.body.id });
    expect((await api.call<Record<string, object>>('GET', 'service/brands/all/settings', { token: maya })).body['3']).toEqual({ logoId: logo.body.id });
    expect((await api.call('POST', 'service/brands/3/logo', { token: admin, body: { changes: { image: 'data:text/html;base64,PGI+' } } })).status).toBe(400);
    const css = async (which: string) => {
      const res = await fetch(`${api.url}/api/v1/service/brands/${which}/theme.css`);
      expect(res.headers.get('content-type')).toContain('text/css');
      return res.text();
    };
    expect(await css('active')).toContain('--header-background: #0f4c5c;');
    expect(await css('default')).toContain('--header-background: #ffffff;');
    expect(await css('3')).toContain('--header-background: #101820;');
    // Switching the active brand changes the active sheet.
    await api.call('POST', 'settings/brand', { token: admin, body: { changes: { id: '3' } } });
    expect(await css('active')).toContain('#101820');
    expect((await api.call('POST', 'service/brands/3/favicon', { token: admin, body: { changes: { image: PNG } } })).status).toBe(200);
    const favicon = await fetch(`${api.url}/api/v1/favicon/${Date.now()}`);
    expect(favicon.headers.get('content-type')).toBe('image/png');
  });

  it('audit: log types and save', async () => {
    expect((await api.call<string[]>('GET', 'audit/getLogTypes', { token: maya })).body).toContain('externalLinkClicked');
    const saved = await api.call('POST', 'audit/save', {
      token: maya,
      body: [
        { logType: 'pageView', subject: 'faq', actionTime: Date.now() },
        { logType: 'externalLinkClicked', subject: 'https://example.org', actionTime: new Date().toISOString(), extra: { blockId: 'faq-1', pageId: 'faq' } },
      ],
    });
    expect(saved).toMatchObject({ status: 200, body: { saved: 2 } });
    const rows = await api.server.ctx.store.kysely.selectFrom('audit_log').selectAll().where('account_id', '=', 'maya').execute();
    expect(rows.map((r) => r.log_type)).toEqual(['pageView', 'externalLinkClicked']);
    expect((await api.call('POST', 'audit/save', { token: maya, body: [{ logType: 'hacked', subject: 'x', actionTime: 1 }] })).status).toBe(400);
  });
});
