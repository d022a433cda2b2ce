import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../registry/loader';
import { flattenDemo, type DemoModule } from '../../server/seed';
import { RequestValidator } from '../../server/validation';
import { projectRoot } from '../../scripts/paths';

const validator = new RequestValidator(path.join(projectRoot, 'schemas/json/api'), loadRegistry());
const demoDir = path.join(projectRoot, 'server/demo/modules');
const demoFiles = () =>
  fs
    .readdirSync(demoDir)
    .sort()
    .map((f) => ({ file: f, data: JSON.parse(fs.readFileSync(path.join(demoDir, f), 'utf8')) as DemoModule }));

describe('demo content (server/demo)', () => {
  it('is a small community site: at least 4 modules, 10 pages and 40 blocks, every block valid for its type', () => {
    const flat = flattenDemo(demoFiles(), validator);
    expect(flat.modules.filter((m) => m.id !== 'global').length).toBeGreaterThanOrEqual(4);
    expect(flat.pages.length).toBeGreaterThanOrEqual(10);
    expect(flat.blocks.length).toBeGreaterThanOrEqual(40);
    for (const page of flat.pages) expect(page.positions?.['col-0']?.length, page.id).toBeGreaterThan(0);
  });

  it('names the file and block when a block breaks its type options schema', () => {
    const bad: DemoModule = { module: { id: 'm', slug: 'm', name: 'M' }, pages: [{ id: 'p', slug: 'p', name: 'P', blocks: [{ id: 'b1', type: 'callout', options: { tone: 'loud', body: 'x' } }] }] };
    expect(() => flattenDemo([{ file: 'server/demo/modules/bad.json', data: bad }], validator)).toThrow(/server\/demo\/modules\/bad\.json: block "b1".*\/options\/tone/);
  });

  it('refuses unknown block types, children under a type that holds none, and duplicate ids', () => {
    const page = (blocks: DemoModule['pages'][0]['blocks']): DemoModule[] => [{ module: { id: 'm', slug: 'm', name: 'M' }, pages: [{ id: 'p', slug: 'p', name: 'P', blocks }] }];
    const run = (mods: DemoModule[]) => () => flattenDemo(mods.map((data) => ({ file: 'x.json', data })), validator);
    expect(run(page([{ id: 'b', type: 'marquee', options: {} }]))).toThrow('unknown block type "marquee"');
    expect(run(page([{ id: 'b', type: 'plainText', options: { text: 'a' }, children: [{ id: 'c', type: 'plainText', options: { text: 'b' } }] }]))).toThrow('cannot hold child blocks');
    expect(run(page([{ id: 'b', type: 'plainText', options: { text: 'a' } }, { id: 'b', type: 'plainText', options: { text: 'b' } }]))).toThrow('used twice');
  });
});
