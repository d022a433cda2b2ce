/**
 * One ajv configuration (registry/ajv.ts): a `format: "uri"` option gets the same answer from the
 * server's HTTP API, from the build's standalone validator the member's browser runs, and from the
 * admin's edit-form validator built on it. iFrame's `url` is such an option.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadOptionsValidator } from '../../admin/block-editor/validator';
import { blockOptionValidators } from '../../blocks/_validators.generated/index';
import { fullRegistry } from '../../registry/generated/registry';

import { describeBackends } from '../helpers/backends';

const schema = fullRegistry.blocks.iFrame.options;
const options = (url: string) => ({ url, title: 'Map', heightPx: 320 });

/** [url, whether it is a URI] */
const CASES: [string, boolean][] = [
  ['https://www.openstreetmap.org/export/embed.html?bbox=-0.1%2C51.5', true],
  ['https://example.org/', true],
  ['not a uri', false],
  ['example.org/path', false],
  ['https://exa mple.org/', false],
];

async function standaloneAnswers(): Promise<boolean[]> {
  const validate = (await blockOptionValidators.iFrame()).default as (data: unknown) => boolean;
  return CASES.map(([url]) => validate(options(url)));
}

/** The admin's edit form validator: the precompiled one, or rjsf's runtime ajv for a type the build compiled none for. */
async function adminAnswers(precompiled = true): Promise<boolean[]> {
  // A copy for the fallback: validators are cached per schema object.
  const own = precompiled ? schema : structuredClone(schema);
  const validator = await loadOptionsValidator('iFrame', own, precompiled ? blockOptionValidators : undefined);
  return CASES.map(([url]) => validator.validateFormData(options(url), own).errors.length === 0);
}

describe('format "uri" in block options, in the browser paths', () => {
  it('the standalone validator and both admin edit-form validators give the expected answers', async () => {
    const expected = CASES.map(([, ok]) => ok);
    expect(await standaloneAnswers()).toEqual(expected);
    expect(await adminAnswers()).toEqual(expected);
    expect(await adminAnswers(false)).toEqual(expected);
  });
});

describeBackends('format "uri" in block options, through the HTTP API', (api) => {
  let admin: string;
  beforeAll(async () => {
    admin = await api.signIn('admin');
  });

  it('the server accepts and refuses the same urls as the admin and the standalone validator', async () => {
    const statuses: number[] = [];
    const refusals: string[] = [];
    for (const [url] of CASES) {
      const res = await api.call<{ message?: string }>('PUT', 'structure/block', {
        token: admin,
        body: { pageId: 'faq', block: { type: 'iFrame', options: options(url) }, colIndex: 0, index: 0 },
      });
      statuses.push(res.status);
      refusals.push(res.status === 400 ? String(res.body.message) : '');
    }
    const adminOk = await adminAnswers();
    expect(statuses).toEqual(adminOk.map((ok) => (ok ? 200 : 400)));
    expect(await standaloneAnswers()).toEqual(adminOk);
    expect(refusals.filter(Boolean)).toEqual(Array(3).fill(expect.stringMatching(/\/options\/url.*format "uri"/)));
  });
});
