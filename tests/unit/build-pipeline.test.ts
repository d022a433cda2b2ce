import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { copyProject, type ProjectCopy } from '../helpers/project-copy';

const greetingEntry = {
  type: 'greeting',
  title: 'Greeting',
  category: 'display',
  icon: 'hand',
  status: 'available',
  powerUps: { required: [], optional: [] },
  adminPanels: ['settings'],
  children: false,
  options: { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'], additionalProperties: false },
  defaults: { name: 'world' },
};
const greetingComponent = `import type { BlockProps } from '../../engine';
export default function Greeting({ options }: BlockProps<{ name: string }>) {
  return <p className="greeting">Hello, {options.name}!</p>;
}
`;

let copy: ProjectCopy | undefined;
afterEach(() => copy?.dispose());

describe('drop-in block types', () => {
  it('an integrator adds registry/blocks/<type>.json and blocks/<type>/index.tsx, builds, and the type is registered, chunked and renders', async () => {
    copy = copyProject();
    copy.write('registry/blocks/greeting.json', JSON.stringify(greetingEntry));
    copy.write('blocks/greeting/index.tsx', greetingComponent);
    const result = copy.build();
    expect(result.status, result.output).toBe(0);

    const registry = JSON.parse(fs.readFileSync(path.join(copy.dir, 'registry/generated/registry.json'), 'utf8'));
    expect(registry.blocks.greeting.title).toBe('Greeting');
    const runtime = JSON.parse(fs.readFileSync(path.join(copy.dir, 'registry/generated/runtime.json'), 'utf8'));
    expect(runtime.blocks.greeting.options).toBeUndefined(); // schemas stay out of the member bundle
    expect(fs.readdirSync(path.join(copy.dir, 'dist/app/chunks')).some((f) => /^greeting-.*\.js$/.test(f))).toBe(true);

    const index = await import(pathToFileURL(path.join(copy.dir, 'blocks/index.generated.ts')).href);
    const mod = (await index.blockComponents.greeting()) as { default: ComponentType<{ block: object; options: object }> };
    const html = renderToStaticMarkup(createElement(mod.default, { block: { id: 'b1', type: 'greeting' }, options: { name: 'Ada' } }));
    expect(html).toBe('<p class="greeting">Hello, Ada!</p>');
  }, 60_000);
});

describe('the build refuses a broken registry', () => {
  it('exits non-zero naming the file and JSON pointer of an options schema with "type": 5', () => {
    copy = copyProject();
    const file = path.join(copy.dir, 'registry/blocks/plainText.json');
    const entry = JSON.parse(fs.readFileSync(file, 'utf8'));
    entry.options.type = 5;
    fs.writeFileSync(file, JSON.stringify(entry));
    const result = copy.build();
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('registry/blocks/plainText.json: /options/type: expected one of');
  }, 60_000);

  it('reports, in one run, a component folder without a registry entry and an available entry whose component is missing', () => {
    copy = copyProject();
    copy.write('blocks/orphan/index.tsx', greetingComponent);
    copy.write('registry/blocks/greeting.json', JSON.stringify(greetingEntry));
    const result = copy.build();
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('blocks/orphan/index.tsx: /: component without a registry entry: add registry/blocks/orphan.json');
    expect(result.output).toContain('registry/blocks/greeting.json: /status: status is "available" but blocks/greeting/index.tsx does not exist');
  }, 60_000);
});
