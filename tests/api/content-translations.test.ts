/**
 * Content translations on the server (engine/core/i18n/content-keys.ts, server/i18n/content.ts):
 * a content key must name a label that exists, HTML translations are stored sanitised, a member
 * reads a locale's overrides, and the demo's French reaches a database seeded before it existed
 * without bringing back what an admin removed. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoTranslations } from '../../server/demo/seed';
import type { InitResponse } from '../../schemas/model/api/session';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';
import { demoTranslations } from '../helpers/demo-texts';

describe.each(BACKENDS)('content translations on %s', (backend) => {
  let api: ApiServer;
  let admin: string;
  let maya: string;
  beforeAll(async () => {
    api = await startApiServer(backend);
    [admin, maya] = await Promise.all([api.signIn('admin'), api.signIn('maya')]);
  });
  afterAll(() => api?.close());

  const frOverrides = async () => (await api.call<Record<string, string>>('GET', 'i18n/fr', { token: maya })).body;

  it('seeds the demo in French and lets a member read a published locale', async () => {
    const fr = await frOverrides();
    expect(fr['content.page.lounge.name']).toBe('Salon des membres');
    expect(fr['content.field.pref-volunteer.label']).toBe('Je veux être bénévole');
    expect((await api.call('GET', 'i18n/de', { token: maya })).status).toBe(400);
    expect((await api.call('GET', 'i18n/fr')).status).toBe(401);
  });

  it('refuses a content key that names no label, changing nothing', async () => {
    const before = await frOverrides();
    const refused = [
      { key: 'content.block.faq-map.url', data: 'https://evil.example' },
      { key: 'content.block.no-such-block.text', data: 'x' },
      { key: 'content.page.no-such-page.name', data: 'x' },
      { key: 'content.block.faq-1.nothing', data: 'x' },
      { key: 'content.page.faq.slug', data: 'x' },
      { key: 'content.thing', data: 'x' },
    ];
    for (const item of refused) {
      const answer = await api.call<{ message: string }>('POST', 'i18n?iso=fr', {
        token: admin,
        body: [{ key: 'content.page.faq.name', data: 'Questions' }, item],
      });
      expect(answer.status, item.key).toBe(400);
      expect(answer.body.message).toContain(item.key);
    }
    expect(await frOverrides()).toEqual(before);
    expect((await api.call('POST', 'i18n?iso=fr', { token: maya, body: [{ key: 'content.page.faq.name', data: 'Questions' }] })).status).toBe(403);
  });

  it('stores a translation of a label, HTML sanitised with the stored HTML policy', async () => {
    const saved = await api.call<Record<string, string>>('POST', 'i18n?iso=fr', {
      token: admin,
      body: [
        { key: 'content.block.guides-html.html', data: '<p onclick="x()">Liste<script>alert(1)</script> <img src="https://evil.example/a.png"></p>' },
        { key: 'content.block.faq-1.text', data: '<b>Texte brut</b>' },
        { key: 'content.field.about-city.label', data: 'Commune' },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body['content.block.guides-html.html']).toBe('<p>Liste </p>');
    // A plain-text option stays text: the block shows it as text, never as markup.
    expect(saved.body['content.block.faq-1.text']).toBe('<b>Texte brut</b>');
    // A member whose language is French gets it with init.
    expect((await api.call('POST', 'profile/meta/upsert', { token: maya, body: { path: 'language', data: 'fr' } })).status).toBe(200);
    const init = (await api.call<InitResponse>('GET', 'init', { token: maya })).body.i18n;
    expect(init.locale).toBe('fr');
    expect(init.overrides['content.field.about-city.label']).toBe('Commune');
  });

  it('adds the demo translations a database lacks, once per key, keeping what an admin changed or removed', async () => {
    const store = api.server.ctx.store;
    await api.call('POST', 'i18n?iso=fr', { token: admin, body: [{ key: 'content.page.news.name', data: null }] });
    // Nothing new in the demo file: nothing comes back.
    expect(await seedDemoTranslations(store, demoTranslations())).toBe(0);
    expect((await frOverrides())['content.page.news.name']).toBeUndefined();
    // A key the demo gains later is added, without touching the admin's changes.
    const later = { fr: { ...demoTranslations().fr, 'content.page.new-page.name': 'Nouvelle page' } };
    expect(await seedDemoTranslations(store, later)).toBe(1);
    expect(await seedDemoTranslations(store, later)).toBe(0);
    const fr = await frOverrides();
    expect(fr['content.page.new-page.name']).toBe('Nouvelle page');
    expect(fr['content.field.about-city.label']).toBe('Commune');
    expect(fr['content.page.news.name']).toBeUndefined();
  });
});
