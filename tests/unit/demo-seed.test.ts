import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkExternalUrl, createRegistry, createRuleEngine, validateForm } from '../../engine/core';
import { loadRegistry } from '../../registry/loader';
import { flattenDemo, type DemoModule } from '../../server/demo/seed';
import { RequestValidator } from '../../server/validation';
import type { JsonValue } from '../../schemas/model';
import { projectRoot } from '../../scripts/paths';

const registryData = loadRegistry();
const validator = new RequestValidator(path.join(projectRoot, 'schemas/json/api'), registryData);
const ruleEngine = createRuleEngine(createRegistry(registryData));
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
    const bad: DemoModule = {
      module: { id: 'm', slug: 'm', name: 'M' },
      pages: [{ id: 'p', slug: 'p', name: 'P', blocks: [{ id: 'b1', type: 'callout', options: { tone: 'loud', body: 'x' } }] }],
    };
    expect(() => flattenDemo([{ file: 'server/demo/modules/bad.json', data: bad }], validator)).toThrow(
      /server\/demo\/modules\/bad\.json: block "b1".*\/options\/tone/,
    );
  });

  it('refuses unknown block types, children under a type that holds none, and duplicate ids', () => {
    const page = (blocks: DemoModule['pages'][0]['blocks']): DemoModule[] => [
      { module: { id: 'm', slug: 'm', name: 'M' }, pages: [{ id: 'p', slug: 'p', name: 'P', blocks }] },
    ];
    const run = (mods: DemoModule[]) => () =>
      flattenDemo(
        mods.map((data) => ({ file: 'x.json', data })),
        validator,
      );
    expect(run(page([{ id: 'b', type: 'marquee', options: {} }]))).toThrow('unknown block type "marquee"');
    expect(run(page([{ id: 'b', type: 'plainText', options: { text: 'a' }, children: [{ id: 'c', type: 'plainText', options: { text: 'b' } }] }]))).toThrow(
      'cannot hold child blocks',
    );
    expect(
      run(
        page([
          { id: 'b', type: 'plainText', options: { text: 'a' } },
          { id: 'b', type: 'plainText', options: { text: 'b' } },
        ]),
      ),
    ).toThrow('used twice');
  });

  it('shows the core blocks: columns with blocks in two columns, tabs, card, container, htmlBlock, handlebars, iFrame, qrCode, carousel, stepper, dismissible, actionButton, modal', () => {
    const flat = flattenDemo(demoFiles(), validator);
    const types = new Set(flat.blocks.map((b) => b.type));
    for (const type of [
      'columns',
      'tabs',
      'card',
      'container',
      'htmlBlock',
      'handlebars',
      'iFrame',
      'qrCode',
      'carousel',
      'stepper',
      'dismissible',
      'actionButton',
      'modal',
      'basicForm',
    ]) {
      expect(types.has(type), type).toBe(true);
      expect(registryData.blocks[type]?.status, type).toBe('available');
    }
    const columns = flat.blocks.find((b) => b.type === 'columns')!;
    expect(columns.positions?.['col-0']?.length).toBeGreaterThan(0);
    expect(columns.positions?.['col-1']?.length).toBeGreaterThan(0);
    expect(columns.columns).toEqual([6, 6]);
    // The iFrame passes the block's own URL check (https only).
    for (const frame of flat.blocks.filter((b) => b.type === 'iFrame')) expect(checkExternalUrl(frame.options?.url, { httpsOnly: true }).ok).toBe(true);
    // The modal does not open by itself on every visit (the e2e tests and members would trip over it).
    expect(flat.blocks.find((b) => b.type === 'modal')?.noAutoOpen).toBe(true);
  });

  it('has a membership-preferences form whose conditional "Which days?" field is required only while "I want to volunteer" is on', () => {
    const flat = flattenDemo(demoFiles(), validator);
    const form = flat.blocks.find((b) => b.id === 'settings-preferences-form')!;
    expect(form.type).toBe('basicForm');
    expect(flat.pages.find((p) => p.id === form.pageId)?.slug).toBe('my-settings');
    const byId = new Map(flat.fields.map((f) => [f.id, f]));
    for (const f of flat.fields) expect(registryData.fields[f.type]?.status, f.type).toBe('available');
    const toggle = byId.get('pref-volunteer')!;
    const conditional = byId.get('pref-volunteer-cond')!;
    const days = byId.get('pref-volunteer-days')!;
    expect([toggle.type, toggle.label]).toEqual(['toggle', 'I want to volunteer']);
    expect(conditional.childIds).toEqual(['pref-volunteer-days']);
    expect([days.label, days.validation?.required]).toEqual(['Which days?', true]);
    expect(ruleEngine.compile(conditional.rules!).problems).toEqual([]);
    expect(ruleEngine.dependencies(conditional.rules!)).toEqual(['form.volunteer']);
    // The engine's own validateForm over the form, with the real rule engine: hidden required fields never block.
    const failing = (values: Record<string, JsonValue>) =>
      Object.keys(validateForm(flat.fields, values, { fieldTypes: registryData.fields, evaluator: ruleEngine, rootIds: form.fields }));
    expect(failing({ volunteer: false })).not.toContain('pref-volunteer-days');
    expect(failing({ volunteer: true })).toContain('pref-volunteer-days');
    expect(failing({ volunteer: true, volunteerDays: ['sat'] })).not.toContain('pref-volunteer-days');
  });

  it('has list-only blocks (advanced visibility with a userList rule) for volunteers and for makers', () => {
    const flat = flattenDemo(demoFiles(), validator);
    const member = (list: string) => ({
      user: { accountId: list, isAdmin: false, isElevated: false, listMemberships: [{ id: 'm', userListId: list, state: 'accepted' as const }] },
    });
    for (const [id, list, other] of [
      ['notice-volunteers-only', 'volunteers', 'makers'],
      ['notice-makers-only', 'makers', 'volunteers'],
    ]) {
      const block = flat.blocks.find((b) => b.id === id)!;
      expect(block.visibility?.advanced).toBe(true);
      expect(ruleEngine.evaluate(block.visibility!.rules!, member(list))).toEqual({ matches: true });
      expect(ruleEngine.evaluate(block.visibility!.rules!, member(other))).toEqual({ matches: false });
    }
  });

  it('refuses a field of an unknown type, a block naming a missing field and a malformed conditional rule', () => {
    const mod = (fields: DemoModule['fields'], blockFields: string[]): DemoModule => ({
      module: { id: 'm', slug: 'm', name: 'M' },
      fields,
      pages: [{ id: 'p', slug: 'p', name: 'P', blocks: [{ id: 'f', type: 'basicForm', fields: blockFields, options: {} }] }],
    });
    const run = (data: DemoModule) => () => flattenDemo([{ file: 'x.json', data }], validator);
    expect(run(mod([{ id: 'a', key: 'a', type: 'hologram' }], ['a']))).toThrow('unknown field type "hologram"');
    expect(run(mod([], ['nope']))).toThrow('names missing fields nope');
    expect(
      run(
        mod(
          [
            {
              id: 'c',
              key: 'c',
              type: 'conditional',
              rules: { logicalOperator: 'all', rules: [{ kind: 'formField', subject: 'x', operator: 'noSuchOperator' }] },
            },
          ],
          ['c'],
        ),
      ),
    ).toThrow(/field "c" rules: invalid rule query/);
  });
});
