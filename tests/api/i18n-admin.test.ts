/**
 * The languages and translations admin (server/i18n/admin.ts, admin-routes.ts; rules
 * engine/core/i18n/languages.ts) on SQLite and PostgreSQL: every call, refused to a member (Maya)
 * and to an elevated user without the settings area (Elena); an unsupported language refused with
 * the §8 message, an unknown key, an oversize file and a malformed one refused with nothing
 * written; a CSV formula cell stored as text; `i18n:update` reaching another signed-in socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BulkLanguageUploadResponse,
  I18nAllResponse,
  LanguagesHistoryResponse,
  LanguagesSettingsResponse,
  TranslateProgressResponse,
} from '../../schemas/model/api/i18n-admin';
import type { Settings } from '../../schemas/model';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';
import { nextEvent, socketFor, type Socket } from '../helpers/sockets';

describe.each(BACKENDS)('languages and translations admin on %s', (backend) => {
  let api: ApiServer;
  let admin: string;
  let maya: string;
  let elena: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    api = await startApiServer(backend);
    [admin, maya, elena] = await Promise.all(['admin', 'maya', 'elena'].map((a) => api.signIn(a)));
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await api?.close();
  });

  /** A language's overrides as the editor lists them (every page of i18n/all). */
  const overrides = async (iso: string) => {
    const out: Record<string, string> = {};
    for (let page = 0, total = 1; page * 600 < total; page++) {
      const body = (await api.call<I18nAllResponse>('GET', `i18n/all?page=${page}`, { token: admin })).body;
      total = body.total;
      for (const e of body.entries) if (e.overrides[iso] !== undefined) out[e.key] = e.overrides[iso];
    }
    return out;
  };
  const fr = async () => (await api.call<Record<string, string>>('GET', 'i18n/fr', { token: admin })).body;
  const de = () => overrides('de');

  it('refuses every call to a member and to an elevated user without the settings area', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', 'i18n/all'],
      ['GET', 'i18n/languagesSettings'],
      ['GET', 'i18n/languagesSettingsHistory'],
      ['GET', 'i18n/getTranslateProgressPerLocale'],
      ['POST', 'i18n/toggleLanguagePublishedState', { language: 'de', published: true }],
      ['POST', 'i18n/bulkLanguageUpload', { language: 'de', format: 'json', content: '{"common.actions.save":"Speichern"}' }],
      ['POST', 'i18n/clearLanguageOverrides', { language: 'fr' }],
      ['DELETE', 'i18n/content.page.lounge.name?locale=fr'],
      ['POST', 'i18n?iso=de', [{ key: 'common.actions.save', data: 'Speichern' }]],
    ];
    const before = { fr: await fr(), languages: (await api.call<LanguagesSettingsResponse>('GET', 'i18n/languagesSettings', { token: admin })).body };
    for (const token of [maya, elena])
      for (const [method, path, body] of calls) expect((await api.call(method, path, { token, body })).status, `${method} ${path}`).toBe(403);
    for (const [method, path, body] of calls) expect((await api.call(method, path, { body })).status, `${method} ${path} signed out`).toBe(401);
    expect(await fr()).toEqual(before.fr);
    expect((await api.call('GET', 'i18n/languagesSettings', { token: admin })).body).toEqual(before.languages);
  });

  it('lists the nine supported languages, en and fr published', async () => {
    const { body } = await api.call<LanguagesSettingsResponse>('GET', 'i18n/languagesSettings', { token: admin });
    expect(body.languages.map((l) => l.iso)).toEqual(['en', 'fr', 'cy', 'et', 'ms', 'de', 'zh', 'es', 'ja']);
    expect(body.languages.find((l) => l.iso === 'fr')).toEqual({ iso: 'fr', nativeName: 'Français', published: true, isDefault: false });
    expect(body.published).toEqual(['en', 'fr']);
    expect(body.default).toBe('en');
  });

  it('publishes and unpublishes a supported language, keeps en, refuses an unsupported one, and keeps the history', async () => {
    const published = await api.call<LanguagesSettingsResponse>('POST', 'i18n/toggleLanguagePublishedState', {
      token: admin,
      body: { language: 'de', published: true },
    });
    expect(published.status).toBe(200);
    expect(published.body.published).toEqual(['en', 'fr', 'de']);
    const settings = (await api.call<Settings>('GET', 'settings', { token: maya })).body;
    expect(settings.languages?.published).toEqual(['en', 'fr', 'de']);
    expect((await api.call('GET', 'i18n/de', { token: maya })).status).toBe(200);

    const flipped = await api.call<LanguagesSettingsResponse>('POST', 'i18n/toggleLanguagePublishedState', { token: admin, body: { language: 'de' } });
    expect(flipped.body.published).toEqual(['en', 'fr']);

    for (const language of ['xx', 'pt', 'EN', '']) {
      const refused = await api.call<{ message: string }>('POST', 'i18n/toggleLanguagePublishedState', { token: admin, body: { language, published: true } });
      expect(refused.status, language).toBe(400);
      expect(refused.body.message).toBe(`Language "${language}" is not supported: choose one of en, fr, cy, et, ms, de, zh, es, ja`);
    }
    const en = await api.call<{ message: string }>('POST', 'i18n/toggleLanguagePublishedState', { token: admin, body: { language: 'en', published: false } });
    expect(en.status).toBe(400);
    expect(en.body.message).toContain('always published');
    expect((await api.call('POST', 'i18n/toggleLanguagePublishedState', { token: admin, body: { language: 'de', extra: 1 } })).status).toBe(400);
    expect((await api.call<Settings>('GET', 'settings', { token: maya })).body.languages?.published).toEqual(['en', 'fr']);

    const history = (await api.call<LanguagesHistoryResponse>('GET', 'i18n/languagesSettingsHistory', { token: admin })).body.items;
    expect(history.map(({ language, published, accountId }) => ({ language, published, accountId }))).toEqual([
      { language: 'de', published: false, accountId: 'admin' },
      { language: 'de', published: true, accountId: 'admin' },
    ]);
    expect(history[0].time).toBeGreaterThanOrEqual(history[1].time);
  });

  it('lists every key with its default, built-in French and overrides, searchable, 600 a page, untranslated filter', async () => {
    const first = (await api.call<I18nAllResponse>('GET', 'i18n/all', { token: admin })).body;
    expect(first.pageSize).toBe(600);
    expect(first.entries.length).toBe(600);
    expect(first.total).toBeGreaterThan(600);
    const save = (await api.call<I18nAllResponse>('GET', 'i18n/all?q=common.actions.save', { token: admin })).body.entries.find(
      (e) => e.key === 'common.actions.save',
    )!;
    expect(save).toMatchObject({ defaultValue: 'Save', builtIn: { fr: 'Enregistrer' } });
    const lounge = (await api.call<I18nAllResponse>('GET', 'i18n/all?q=salon des membres', { token: admin })).body.entries;
    expect(lounge.map((e) => e.key)).toContain('content.page.lounge.name');
    expect(lounge.find((e) => e.key === 'content.page.lounge.name')!.overrides.fr).toBe('Salon des membres');
    const last = (await api.call<I18nAllResponse>('GET', `i18n/all?page=${Math.floor(first.total / 600)}`, { token: admin })).body;
    expect(last.entries.length).toBe(first.total % 600);
    const untranslatedDe = (await api.call<I18nAllResponse>('GET', 'i18n/all?untranslated=de', { token: admin })).body;
    expect(untranslatedDe.total).toBe(first.total);
    const untranslatedFr = (await api.call<I18nAllResponse>('GET', 'i18n/all?untranslated=fr', { token: admin })).body;
    expect(untranslatedFr.total).toBeLessThan(first.total);
    expect(untranslatedFr.entries.every((e) => !e.builtIn.fr && !e.overrides.fr)).toBe(true);
    for (const bad of ['page=-1', 'page=x', 'untranslated=xx']) expect((await api.call('GET', `i18n/all?${bad}`, { token: admin })).status, bad).toBe(400);
  });

  it('counts the progress per supported language: built-in French counts, en is complete', async () => {
    const { locales } = (await api.call<TranslateProgressResponse>('GET', 'i18n/getTranslateProgressPerLocale', { token: admin })).body;
    expect(locales.map((l) => l.iso)).toEqual(['en', 'fr', 'cy', 'et', 'ms', 'de', 'zh', 'es', 'ja']);
    const by = Object.fromEntries(locales.map((l) => [l.iso, l]));
    expect(by.en.share).toBe(1);
    expect(by.fr.share).toBeGreaterThan(0.9);
    expect(by.ja.translated).toBe(0);
  });

  it('uploads a CSV all or nothing: unknown keys per row, formula cells as text, oversize and malformed refused', async () => {
    const good = 'key,value\ncommon.actions.save,Speichern\n"common.actions.cancel","Abbrechen, bitte"\ncontent.page.lounge.name,=HYPERLINK("http://evil")\n';
    const stored = await api.call<BulkLanguageUploadResponse>('POST', 'i18n/bulkLanguageUpload', {
      token: admin,
      body: { language: 'de', format: 'csv', content: good },
    });
    expect(stored.status).toBe(200);
    expect(stored.body.written).toBe(3);
    expect(await de()).toEqual({
      'common.actions.save': 'Speichern',
      'common.actions.cancel': 'Abbrechen, bitte',
      'content.page.lounge.name': `'=HYPERLINK("http://evil")`,
    });

    const before = await de();
    const refusals: [unknown, string | number][] = [
      [
        { language: 'de', format: 'csv', content: 'common.actions.save,Sichern\nno.such.key,x\ncommon.nope,y' },
        'line 2: "no.such.key" is not a key of the app; line 3',
      ],
      [{ language: 'de', format: 'csv', content: 'common.actions.save,Sichern\ncontent.page.no-such-page.name,x' }, 'line 2'],
      [{ language: 'de', format: 'csv', content: 'common.actions.save,a,b' }, 'expected 2 cells'],
      [{ language: 'de', format: 'csv', content: 'common.actions.save,"open' }, 'not closed'],
      [{ language: 'de', format: 'json', content: '{"common.actions.save": 3}' }, 'must be a text'],
      [{ language: 'de', format: 'json', content: 'nope' }, 'not JSON'],
      [{ language: 'xx', format: 'json', content: '{}' }, 'Language "xx" is not supported'],
      [{ language: 'de', format: 'xml', content: '<a/>' }, 'format'],
      [{ language: 'de', format: 'csv', content: 'x'.repeat(900_001) }, 'content'],
      [{ language: 'de', format: 'csv', content: 'x'.repeat(2_000_000) }, 413],
    ];
    for (const [body, expected] of refusals) {
      const answer = await api.call<{ message: string }>('POST', 'i18n/bulkLanguageUpload', { token: admin, body });
      if (typeof expected === 'number') expect(answer.status).toBe(expected);
      else {
        expect(answer.status, expected).toBe(400);
        expect(answer.body.message).toContain(expected);
      }
    }
    expect(await de()).toEqual(before);

    const json = await api.call<BulkLanguageUploadResponse>('POST', 'i18n/bulkLanguageUpload', {
      token: admin,
      body: { language: 'de', format: 'json', content: JSON.stringify({ 'common.actions.save': '', 'common.actions.delete': 'Löschen' }) },
    });
    expect(json.status).toBe(200);
    expect(json.body.overrides['common.actions.save']).toBeUndefined();
    expect(json.body.overrides['common.actions.delete']).toBe('Löschen');
  });

  it('writes an override of an unpublished supported language, deletes one, clears a language', async () => {
    expect((await api.call('POST', 'i18n?iso=es', { token: admin, body: [{ key: 'common.actions.save', data: 'Guardar' }] })).status).toBe(200);
    expect((await api.call('POST', 'i18n?iso=pt', { token: admin, body: [{ key: 'common.actions.save', data: 'Salvar' }] })).status).toBe(400);
    expect((await api.call('POST', 'i18n?iso=es', { token: elena, body: [{ key: 'common.actions.save', data: 'x' }] })).status).toBe(403);

    const deleted = await api.call<Record<string, string>>('DELETE', 'i18n/common.actions.save?locale=es', { token: admin });
    expect(deleted.status).toBe(200);
    expect(deleted.body['common.actions.save']).toBeUndefined();
    expect((await api.call('DELETE', 'i18n/common.actions.save?locale=es', { token: admin })).status).toBe(404);
    expect((await api.call('DELETE', 'i18n/common.actions.save?locale=xx', { token: admin })).status).toBe(400);
    expect((await api.call('DELETE', 'i18n/common.actions.save', { token: admin })).status).toBe(400);
    expect((await api.call('DELETE', 'i18n/not a key?locale=es', { token: admin })).status).toBe(400);

    const cleared = await api.call<{ removed: number }>('POST', 'i18n/clearLanguageOverrides', { token: admin, body: { language: 'de' } });
    expect(cleared.body).toEqual({ language: 'de', removed: 3 });
    expect(await de()).toEqual({});
    expect((await api.call('POST', 'i18n/clearLanguageOverrides', { token: admin, body: { language: 'xx' } })).status).toBe(400);
  });

  it('tells another signed-in app of every write (i18n:update)', async () => {
    const socket = await socketFor(api.url, maya);
    sockets.push(socket);
    const edit = nextEvent<{ iso: string; overrides: Record<string, string | null> }>(socket, 'i18n:update');
    await api.call('POST', 'i18n/bulkLanguageUpload', { token: admin, body: { language: 'fr', format: 'json', content: '{"common.actions.save":"Sauver"}' } });
    expect(await edit).toMatchObject({ iso: 'fr', overrides: { 'common.actions.save': 'Sauver' } });
    const removed = nextEvent<{ iso: string; overrides: Record<string, string | null> }>(socket, 'i18n:update');
    await api.call('DELETE', 'i18n/common.actions.save?locale=fr', { token: admin });
    expect(await removed).toMatchObject({ iso: 'fr', overrides: { 'common.actions.save': null } });
    const published = nextEvent<{ settings: Settings }>(socket, 'settings:updated');
    await api.call('POST', 'i18n/toggleLanguagePublishedState', { token: admin, body: { language: 'es', published: true } });
    expect((await published).settings.languages?.published).toEqual(['en', 'fr', 'es']);
  });
});
