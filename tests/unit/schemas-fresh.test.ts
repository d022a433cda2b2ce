import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../scripts/paths';
import { generateSchemas } from '../../scripts/schema-generator';

describe('schemas/ generated from schemas/model', () => {
  const generated = generateSchemas();

  it('are committed and fresh (run `npm run schemas` when this fails)', () => {
    for (const [rel, text] of generated) {
      const abs = path.join(projectRoot, rel);
      expect(fs.existsSync(abs), `${rel} is missing`).toBe(true);
      expect(fs.readFileSync(abs, 'utf8'), `${rel} is stale`).toBe(text);
    }
  });

  it('accept a valid page and reject one with wrong types, naming the property', () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile(JSON.parse(generated.get('schemas/json/page-document.schema.json')!));
    const doc = {
      schemaVersion: 1,
      page: { id: 'p1', slug: 'home', name: 'Home', positions: { 'col-0': ['b1'] } },
      blocks: [{ id: 'b1', type: 'plainText', options: { text: 'hi', nested: { any: ['json'] } }, visibility: { visibleOnMobile: false } }],
    };
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...doc, blocks: [{ id: 'b1', type: 7 }] })).toBe(false);
    expect(validate.errors?.some((e) => e.instancePath === '/blocks/0/type')).toBe(true);
  });

  it('keep free-form records open (the --noExtraProps trap)', () => {
    const ajv = new Ajv({ strict: false });
    const validate = ajv.compile(JSON.parse(generated.get('schemas/json/block.schema.json')!));
    expect(validate({ id: 'b', type: 't', options: { anything: 1, other: { deep: true } } })).toBe(true);
  });
});
