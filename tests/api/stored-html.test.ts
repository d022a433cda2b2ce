/**
 * Every write that stores HTML sanitises it on the server with the shared allow-list
 * (engine/core/markup-policy.ts): rich-text field values in profile saves and admins' forced
 * profile updates, and HTML block options (contentMediaType text/html) through block create,
 * update, property and paste. A script, handler or javascript: link comes back gone; benign rich
 * text comes back exactly as sent.
 */
import { beforeAll, expect, it } from 'vitest';
import type { Block, Field, Profile } from '../../schemas/model';
import { describeBackends } from '../helpers/backends';

const HOSTILE =
  '<p onclick="alert(1)">Hi<script>alert(2)</script></p><img src="x" onerror="alert(3)">' +
  '<a href="javascript:alert(4)">x</a><iframe src="https://evil.example"></iframe><p style="color:red">styled</p>';
const CLEANED = '<p>Hi</p><a>x</a><p>styled</p>';
const BENIGN =
  '<h3>Induction</h3><p><strong>Eye protection</strong> and <em>gloves</em>: <a href="https://example.org/guide" target="_blank" rel="noopener">the guide</a></p>' +
  '<ul><li>One</li><li>Two</li></ul><table><thead><tr><th scope="col">Day</th></tr></thead><tbody><tr><td colspan="2">Mon</td></tr></tbody></table>';

describeBackends('stored HTML is sanitised', (api, backend) => {
  let admin: string;
  let maya: string;
  let formId: string;
  beforeAll(async () => {
    [admin, maya] = await Promise.all([api.signIn('admin'), api.signIn('maya')]);
    const created = await api.call<{ block: Block }>('PUT', 'structure/block', {
      token: admin,
      body: { pageId: 'news', block: { type: 'basicForm', options: { title: 'About you' } } },
    });
    formId = created.body.block.id;
    const field = await api.call<Field>('POST', 'structure/field', {
      token: admin,
      body: { itemId: formId, itemType: 'block', field: { key: 'bio', type: 'wysiwyg', label: 'Bio', opts: { toolbar: 'full' } } },
    });
    expect(field.status, JSON.stringify(field.body)).toBe(200);
  });

  const block = async (id: string) => (await api.call<Block>('GET', `structure/block/${id}`, { token: admin })).body;

  it('profile save: a rich-text value is stored sanitised; benign rich text unchanged', async () => {
    const saved = await api.call<Profile>('POST', 'profile/maya', { token: maya, body: { blockId: formId, changes: { bio: HOSTILE } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.profile.bio).toBe(CLEANED);
    expect((await api.call<Profile>('GET', 'profile/maya', { token: maya })).body.data.profile.bio).toBe(CLEANED);
    const benign = await api.call<Profile>('POST', 'profile/maya', { token: maya, body: { blockId: formId, changes: { bio: BENIGN } } });
    expect(benign.body.data.profile.bio).toBe(BENIGN);
  });

  it("an admin's forced profile update: a value named like a rich-text field is stored sanitised, others as sent", async () => {
    const saved = await api.call<Profile>('POST', 'profile/forceUpdateProfile/maya', {
      token: admin,
      body: { changes: { bio: HOSTILE, motto: '<b>plain</b>' } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.profile.bio).toBe(CLEANED);
    expect(saved.body.data.profile.motto).toBe('<b>plain</b>');
    const benign = await api.call<Profile>('POST', 'profile/forceUpdateProfile/maya', { token: admin, body: { changes: { bio: BENIGN } } });
    expect(benign.body.data.profile.bio).toBe(BENIGN);
  });

  it('block create, update and property: HTML options are stored sanitised; benign HTML unchanged; plain-text options untouched', async () => {
    const created = await api.call<{ block: Block }>('PUT', 'structure/block', {
      token: admin,
      body: { pageId: 'news', block: { type: 'htmlBlock', options: { html: HOSTILE } } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.block.id;
    expect(created.body.block.options).toEqual({ html: CLEANED });
    expect((await block(id)).options).toEqual({ html: CLEANED });

    const updated = await api.call('POST', 'structure/block', {
      token: admin,
      body: { blocks: [{ ...(await block(id)), options: { html: `${BENIGN}<script>x()</script>` } }] },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect((await block(id)).options).toEqual({ html: BENIGN });

    const property = await api.call('POST', `structure/block/${id}/property`, { token: admin, body: { key: 'options', value: { html: HOSTILE } } });
    expect(property.status, JSON.stringify(property.body)).toBe(200);
    expect((await block(id)).options).toEqual({ html: CLEANED });

    // A callout's body is text (shown as text), not HTML: stored exactly as sent.
    const callout = await api.call<{ block: Block }>('PUT', 'structure/block', {
      token: admin,
      body: { pageId: 'news', block: { type: 'callout', options: { tone: 'info', body: '<b>a & b</b>' } } },
    });
    expect(callout.body.block.options).toMatchObject({ body: '<b>a & b</b>' });
  });

  it('block paste: pasted HTML options are stored sanitised', async () => {
    const id = `pasted-html-${backend}`;
    const pasted = await api.call<Block[]>('POST', 'structure/block/paste', {
      token: admin,
      body: {
        pageId: 'news',
        parentType: 'page',
        parentId: 'news',
        colIndex: 0,
        index: 0,
        roots: [id],
        blocks: [{ id, type: 'htmlBlock', options: { html: HOSTILE } }],
      },
    });
    expect(pasted.status, JSON.stringify(pasted.body)).toBe(200);
    expect((await block(id)).options).toEqual({ html: CLEANED });
  });
});
