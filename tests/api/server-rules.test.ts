/**
 * Server validation rules on save (issue 13 item 4) over real HTTP on SQLite and PostgreSQL:
 * feed_valid fetches the feed through the feed check of spec core 7.4 (which refuses private
 * addresses), slug_valid and uniqueness compare against other profiles; a failing save is a 400
 * naming the field and the rule, and writes nothing.
 */
import { beforeAll, expect, it } from 'vitest';
import type { Field, Profile } from '../../schemas/model';
import { validateFieldValue, validateFieldValueAsync } from '../../engine/core/validation';
import { createApiClient } from '../../web/api/client';
import { createRuleChecker } from '../../web/engine/page-services';
import { describeBackends } from '../helpers/backends';
import { MemoryStorage } from '../helpers/memory-storage';

const FORM = 'profile-about-form';

describeBackends('server rules', (api) => {
  let admin: string;
  let maya: string;
  let victor: string;
  let blogField: Field;
  let handleField: Field;
  beforeAll(async () => {
    [admin, maya, victor] = await Promise.all([api.signIn('admin'), api.signIn('maya'), api.signIn('victor')]);
    const add = async (field: Partial<Field>) => {
      const res = await api.call<Field>('POST', 'structure/field', { token: admin, body: { itemId: FORM, itemType: 'block', field } });
      expect(res.status).toBe(200);
      return res.body;
    };
    blogField = await add({ key: 'blogFeed', type: 'text', label: 'Blog feed', validation: { feed_valid: true } });
    handleField = await add({ key: 'handle', type: 'text', label: 'Handle', validation: { slug_valid: true } });
  });

  const save = (token: string, accountId: string, changes: Record<string, unknown>) =>
    api.call<Profile & { message?: string }>('POST', `profile/${accountId}`, { token, body: { blockId: FORM, changes } });
  const profileOf = async (accountId: string) => (await api.call<Profile>('GET', `profile/${accountId}`, { token: admin })).body.data.profile;
  const feedCheck = (token: string | undefined, url: string) =>
    api.call<{ items: unknown[]; errno: number; message?: string }>('GET', `external/content/rss/url/${encodeURIComponent(url)}`, token ? { token } : {});

  it('the feed check refuses private and loopback addresses with a 400 and answers signed-in users only', async () => {
    for (const [url, host] of [
      ['http://127.0.0.1:4108/feed.xml', '127.0.0.1'],
      ['http://[::1]/feed', '::1'],
      ['http://169.254.169.254/latest/meta-data', '169.254.169.254'],
      ['http://10.0.0.7/rss', '10.0.0.7'],
      ['http://localhost/feed', 'localhost resolves to'],
    ]) {
      const res = await feedCheck(maya, url);
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toContain(`url: ${host}`);
      expect(res.body.message, url).toContain('private, loopback or link-local address');
    }
    const scheme = await feedCheck(maya, 'file:///etc/passwd');
    expect(scheme.status).toBe(400);
    expect(scheme.body.message).toContain('only http and https');
    expect((await feedCheck(undefined, 'http://127.0.0.1/feed')).status).toBe(401);
    // A host that does not resolve is an answer, not an error: no items, errno 1.
    const unknown = await feedCheck(maya, 'http://no-such-host.invalid/feed');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ items: [], errno: 1 });
  });

  it('a save whose feed fails feed_valid is refused naming the field, and nothing is written', async () => {
    const before = await profileOf('maya');
    for (const url of ['http://127.0.0.1:4108/feed.xml', 'http://no-such-host.invalid/feed']) {
      const res = await save(maya, 'maya', { blogFeed: url, headline: 'Not saved' });
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toContain(`changes do not pass validation: ${blogField.id}: feed_valid`);
    }
    expect(await profileOf('maya')).toEqual(before);
  });

  it('slug_valid: a slug another profile holds, or one with a slash, is refused; a free one and re-saving your own are fine', async () => {
    expect((await save(maya, 'maya', { handle: 'maker' })).status).toBe(200);
    const before = await profileOf('victor');
    for (const taken of ['maker', 'a/b', '50%']) {
      const res = await save(victor, 'victor', { handle: taken, headline: 'Not saved' });
      expect(res.status, taken).toBe(400);
      expect(res.body.message, taken).toContain(`${handleField.id}: slug_valid`);
    }
    expect(await profileOf('victor')).toEqual(before);
    const own = await save(victor, 'victor', { handle: 'victor-v' });
    expect(own.status).toBe(200);
    expect(own.body.data.profile.handle).toBe('victor-v');
    // Maya's own value is not a clash with herself; fields a save leaves alone are not re-checked.
    expect((await save(maya, 'maya', { handle: 'maker', headline: 'Still maker' })).status).toBe(200);
    expect((await save(maya, 'maya', { headline: 'Again' })).status).toBe(200);
  });

  it("the live app's checkAsync asks the same feed check while typing; slug_valid is left to the save", async () => {
    const storage = new MemoryStorage();
    storage.setItem('jwt', maya);
    const checker = createRuleChecker(createApiClient({ baseURL: `${api.url}/api/v1`, storage }));
    const context = { fieldTypes: { text: { rules: ['feed_valid', 'slug_valid'] } }, checker };
    for (const url of ['http://127.0.0.1:4108/feed.xml', 'http://no-such-host.invalid/feed'])
      expect(await validateFieldValueAsync(blogField, url, context), url).toEqual([{ rule: 'feed_valid', key: 'validation.feed_valid', severity: 'error' }]);
    // The slug characters are still checked locally (the sync pass); uniqueness among profiles only on save.
    expect(await validateFieldValueAsync(handleField, 'maker', context)).toEqual([]);
    expect(validateFieldValue(handleField, 'a/b', context).map((f) => f.rule)).toEqual(['slug_valid']);
  });
});
