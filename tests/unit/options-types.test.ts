/**
 * Block options types come from the registry schemas (blocks/options.generated.ts): the generator
 * writes what each schema says, and every block component is typed with its generated interface,
 * so a schema and its component that disagree fail `npm run typecheck`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../registry/loader';
import { projectRoot } from '../../scripts/paths';
import { optionsInterface, optionsTypeName } from '../../scripts/options-types';

describe('options types from options schemas', () => {
  it('writes required and optional properties, enums, consts, arrays and open objects as the schema says', () => {
    const schema = {
      type: 'object',
      properties: {
        tone: { type: 'string', enum: ['info', 'danger'], title: 'Tone' },
        count: { type: 'integer' },
        tags: { type: 'array', items: { type: 'string' } },
        links: { type: 'array', items: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'], additionalProperties: false } },
        kind: { const: 'fixed' },
        'data-x': { type: ['string', 'null'] },
        extra: { type: 'object' },
      },
      required: ['tone'],
      additionalProperties: false,
    };
    expect(optionsInterface('sample', schema)).toBe(
      [
        'export interface SampleOptions {',
        '  /** Tone */',
        '  tone: "info" | "danger";',
        '  count?: number;',
        '  tags?: string[];',
        '  links?: ({',
        '    url: string;',
        '  })[];',
        '  kind?: "fixed";',
        '  "data-x"?: string | null;',
        '  extra?: JsonObject;',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('every available block component is typed with its generated interface and declares no options type of its own', () => {
    const blocks = Object.values(loadRegistry().blocks).filter((b) => b.status === 'available');
    const generated = fs.readFileSync(path.join(projectRoot, 'blocks/options.generated.ts'), 'utf8');
    const own: string[] = [];
    const untyped: string[] = [];
    for (const { type } of blocks) {
      const name = optionsTypeName(type);
      expect(generated).toMatch(new RegExp(`export (interface|type) ${name}\\b`));
      const source = fs.readFileSync(path.join(projectRoot, 'blocks', type, 'index.tsx'), 'utf8');
      if (/\binterface \w+Options\b/.test(source)) own.push(type);
      const usesOptions = /BlockProps<\w+>/.test(source);
      if (usesOptions && !(source.includes(`BlockProps<${name}>`) && source.includes(`import type { ${name} } from '../options.generated'`)))
        untyped.push(type);
    }
    expect(own).toEqual([]);
    expect(untyped).toEqual([]);
  });
});
