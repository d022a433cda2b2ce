import { beforeAll, expect, it } from 'vitest';
import { describeBackends } from '../helpers/backends';
import { databaseSnapshot, snapshotDifference, type DatabaseSnapshot } from '../helpers/db-snapshot';

/** Every write a member must not make: method, path, a body that would otherwise be valid. */
const ADMIN_WRITES: [string, string, unknown?][] = [
  ['PUT', 'structure/module', { module: { slug: 'evil', name: 'Evil' } }],
  ['POST', 'structure/module/home', { module: { slug: 'home', name: 'Owned' } }],
  ['POST', 'structure/module/home/property', { key: 'name', value: 'Owned' }],
  ['POST', 'structure/module/order/', { order: ['global', 'home'] }],
  ['DELETE', 'structure/module/home'],
  ['POST', 'structure/module/home/moveChild/news/target/community'],
  ['PUT', 'structure/page', { moduleId: 'home', page: { slug: 'evil', name: 'Evil' } }],
  ['POST', 'structure/page/news', { page: { slug: 'news', name: 'Owned' } }],
  ['POST', 'structure/page/news/property', { key: 'name', value: 'Owned' }],
  ['POST', 'structure/page/order', { moduleId: 'home', order: ['news', 'welcome'] }],
  ['DELETE', 'structure/page/home/news'],
  ['PUT', 'structure/page/news/addChild/faq-1/0'],
  ['POST', 'structure/page/news/addChildren/0', { childrenIds: ['faq-1'] }],
  ['PUT', 'structure/block', { pageId: 'news', block: { type: 'plainText', options: { text: 'spam' } } }],
  ['POST', 'structure/block/news-1', { block: { id: 'news-1', type: 'plainText', options: { text: 'Owned' } } }],
  ['POST', 'structure/block', { blocks: [{ id: 'news-1', type: 'plainText', options: { text: 'Owned' } }] }],
  ['POST', 'structure/block/news-1/property', { key: 'showTitle', value: true }],
  ['DELETE', 'structure/block/news-1/page/news/0/0'],
  ['DELETE', 'structure/block/news-1'],
  ['POST', 'structure/block/move', { fromPageId: 'news', toPageId: 'faq', updates: [{ id: 'news-1' }] }],
  ['POST', 'structure/block/clone', { ids: ['news-1'], toPageId: 'faq' }],
  ['POST', 'structure/block/news-3/0/0/news-1'],
  ['POST', 'structure/block/news-3/0/0', { childrenIds: ['news-1'] }],
  ['POST', 'structure/block/news-1/recalculatePostScores'],
  ['POST', 'structure/field', { itemId: 'news-1', itemType: 'block', field: { type: 'text' } }],
  ['POST', 'structure/permissions/news', { permissions: { manageSettings: true } }],
  ['POST', 'settings/siteName', { changes: { x: 1 } }],
  ['POST', 'settings/searchSettings', { changes: { fuzzy: true } }],
  ['POST', 'settings/secret/key', { value: 'x' }],
  ['POST', 'service/brands', { brandName: 'Evil' }],
  ['PUT', 'service/brands/1/name', { brandName: 'Evil' }],
  ['PUT', 'service/brands/1/themeStyles', { styles: [] }],
  ['POST', 'service/brands/1/logo', { changes: { image: 'data:image/png;base64,AAAA' } }],
  ['POST', 'service/brands/1/favicon', { changes: { image: 'data:image/svg+xml;base64,PHN2Zy8+' } }],
  ['POST', 'service/brands/99/logo', { changes: { image: 'data:image/png;base64,AAAA' } }],
  ['POST', 'i18n/en', { key: 'common.actions.save', value: 'Owned' }],
  ['POST', 'user/viewAs', { userListIds: ['volunteers'] }],
  ['POST', 'admin/searchManagement', { profileFields: [{ key: 'city', searchable: false }] }],
];

describeBackends('bad input', (api) => {
  let admin: string;
  let maya: string;
  let before: DatabaseSnapshot;
  beforeAll(async () => {
    [admin, maya] = await Promise.all([api.signIn('admin'), api.signIn('maya')]);
    before = await databaseSnapshot(api);
  });

  it('malformed JSON is a 400 naming the problem', async () => {
    const res = await api.call<{ error: string; message: string }>('POST', 'structure/block/news-1', { token: admin, rawBody: '{"block": {"id": "news-1",' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('badRequest');
    expect(res.body.message).toMatch(/JSON/);
  });

  it('wrong types and unknown properties are 400s naming the path', async () => {
    const wrong = await api.call<{ message: string }>('POST', 'structure/module/order/', { token: admin, body: { order: 'home' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('/order: expected array');
    const extra = await api.call<{ message: string }>('POST', 'auth/tradeSecret', { body: { secret: 's', serviceId: 't', admin: true } });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toContain('unknown property "admin"');
    const missing = await api.call<{ message: string }>('PUT', 'structure/page', { token: admin, body: { moduleId: 'home' } });
    expect(missing.body.message).toContain('missing required property "page"');
    expect((await api.call('PUT', 'structure/page/news/addChild/news-1/minus-one', { token: admin })).status).toBe(400);
    expect((await api.call('POST', 'structure/page/news/property', { token: admin, body: { key: 'id', value: 'x' } })).status).toBe(400);
    expect((await api.call('POST', 'structure/page/news', { token: admin, body: { page: { slug: 'not/a/slug', name: 'x' } } })).status).toBe(400);
  });

  it('an unknown block type and options that break the type schema are refused, naming them', async () => {
    const unknown = await api.call<{ message: string }>('PUT', 'structure/block', {
      token: admin,
      body: { pageId: 'news', block: { type: 'flashBanner', options: {} } },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('unknown block type "flashBanner"');
    const bad = await api.call<{ message: string }>('POST', 'structure/block/news-3', {
      token: admin,
      body: { block: { id: 'news-3', type: 'callout', options: { tone: 'loud', body: '' } } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('/options/tone: expected one of "info", "success", "warning", "danger"');
    expect(bad.body.message).toContain('/options/body');
    const extra = await api.call('POST', 'structure/block/news-1/property', {
      token: admin,
      body: { key: 'options', value: { text: 'x', script: 'alert(1)' } },
    });
    expect(extra.status).toBe(400);
    const inBulk = await api.call('POST', 'structure/block', {
      token: admin,
      body: {
        blocks: [
          { id: 'news-1', type: 'plainText', options: { text: 'fine' } },
          { id: 'news-2', type: 'plainText', options: { text: 5 } },
        ],
      },
    });
    expect(inBulk.status).toBe(400); // and the first, valid, update is rolled back with it
  });

  it('an oversized body is refused with 413', async () => {
    const res = await api.call<{ error: string }>('POST', 'structure/block/news-1', {
      token: admin,
      body: { block: { id: 'news-1', type: 'plainText', options: { text: 'x'.repeat(2_000_000) } } },
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('payloadTooLarge');
  });

  it('an admin naming a brand that does not exist gets 404 and leaves no image behind', async () => {
    for (const kind of ['logo', 'favicon']) {
      const res = await api.call('POST', `service/brands/99/${kind}`, { token: admin, body: { changes: { image: 'data:image/png;base64,AAAA' } } });
      expect(res.status).toBe(404);
    }
  });

  it('a member attempting every admin write gets 403', async () => {
    for (const [method, path, body] of ADMIN_WRITES) {
      const res = await api.call<{ error: string }>(method, path, { token: maya, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error).toBe('forbidden');
    }
  });

  it('a tampered or missing JWT gets 401 Not authorized on writes', async () => {
    const [h, p] = admin.split('.');
    for (const token of [`${h}.${p}.AAAA`, 'not-a-jwt', undefined]) {
      const res = await api.call('PUT', 'structure/module', { token, body: { module: { slug: 'evil', name: 'Evil' } } });
      expect(res).toMatchObject({ status: 401, body: { error: 'notAuthorized', message: 'Not authorized' } });
    }
  });

  it('unknown routes are JSON 404s, never 500s', async () => {
    expect(await api.call('GET', 'structure/nothing/here/at/all', { token: admin })).toMatchObject({ status: 404, body: { error: 'notFound' } });
    expect((await api.call('GET', 'structure/block/missing', { token: admin })).status).toBe(404);
    expect((await api.call('POST', 'structure/revert', { token: admin, body: { token: 'never-issued' } })).status).toBe(404);
  });

  // One snapshot, taken before the first refused request: every test above must leave it as it was.
  it('none of the refused requests changed anything', async () => {
    expect(snapshotDifference(before, await databaseSnapshot(api))).toEqual([]);
  });

  // Accepted writes from here on.
  it('two creations of the same id at once: one wins, the other is a 4xx, never a 500', async () => {
    const create = () => api.call('PUT', 'structure/module', { token: admin, body: { module: { id: 'race', slug: 'race', name: 'Race' } } });
    const answers = await Promise.all([create(), create(), create()]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses.slice(1).every((s) => s === 400 || s === 409)).toBe(true);
    await api.call('DELETE', 'structure/module/race', { token: admin });
  });
});
