/**
 * The demo's content labels in English with their content keys (engine/core/i18n/content-keys.ts),
 * read from the demo files so a page, block or field added to the demo is covered without listing
 * it: module and page names, block names and option texts (by the registry's options schemas),
 * field labels, placeholders, help texts and choices, applications' titles and fields, and the
 * names of the demo profiles' data items.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  applicationLabelKey,
  entityDefinitionNameKey,
  blockNameKey,
  dataItemKey,
  blockOptionKey,
  FIELD_TEXT_PARTS,
  fieldOptionKey,
  fieldTextKey,
  moduleNameKey,
  optionTexts,
  pageNameKey,
  type TextKind,
} from '../../engine/core/i18n/content-keys';
import registry from '../../registry/generated/registry.json';
import { APPLICATIONS } from '../../server/applications/seed';
import { DEMO_POST_STRUCTURE, demoBlockOptions } from '../../server/communications/seed';
import type { DemoBlock, DemoModule } from '../../server/demo/seed';
import { DEMO_DEFINITIONS, DEMO_SPACE_STRUCTURE, DEMO_SPACES_MODULE } from '../../server/entities/seed';
import type { Field } from '../../schemas/model';
import { dataItemLabel } from '../../web/settings/settings-rules';

export interface DemoText {
  key: string;
  text: string;
  kind: TextKind;
  /** Where it comes from (a file and an id), for failure messages. */
  where: string;
}

const ROOT = path.resolve(__dirname, '../..');
const blockSchemas = (registry as unknown as { blocks: Record<string, { options?: unknown }> }).blocks;

function fieldTexts(field: Field, where: string, out: DemoText[]) {
  for (const part of FIELD_TEXT_PARTS) {
    const text = field[part];
    if (typeof text === 'string' && text.trim()) out.push({ key: fieldTextKey(field.id, part), text, kind: 'text', where });
  }
  (field.options ?? []).forEach((option, i) => {
    if (typeof option.label === 'string' && option.label.trim() && !option.labelKey)
      out.push({ key: fieldOptionKey(field.id, i), text: option.label, kind: 'text', where });
  });
}

/** Every English content label of the demo, with its key. */
export function demoContentTexts(): DemoText[] {
  const out: DemoText[] = [];
  const dir = path.join(ROOT, 'server/demo/modules');
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const demo = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as DemoModule;
    const where = `server/demo/modules/${file}`;
    out.push({ key: moduleNameKey(demo.module), text: demo.module.name, kind: 'text', where });
    const walk = (blocks: DemoBlock[]) => {
      for (const block of blocks) {
        if (block.name?.trim()) out.push({ key: blockNameKey(block.id), text: block.name, kind: 'text', where: `${where} block ${block.id}` });
        for (const t of optionTexts(blockSchemas[block.type]?.options, block.options ?? {}))
          out.push({ key: blockOptionKey(block.id, t.path), text: t.text, kind: t.kind, where: `${where} block ${block.id}` });
        walk(block.children ?? []);
      }
    };
    for (const page of demo.pages) {
      out.push({ key: pageNameKey(page), text: page.name, kind: 'text', where: `${where} page ${page.id}` });
      walk(page.blocks);
    }
    for (const field of demo.fields ?? []) fieldTexts(field, `${where} field ${field.id}`, out);
  }
  // The posts domain's demo pages (seeded by server/communications/seed.ts), options as stored.
  for (const page of DEMO_POST_STRUCTURE) {
    const where = `server/communications/seed.ts page ${page.id}`;
    out.push({ key: pageNameKey(page), text: page.name, kind: 'text', where });
    for (const block of page.blocks)
      for (const t of optionTexts(blockSchemas[block.type]?.options, demoBlockOptions(blockSchemas[block.type]?.options, block.options)))
        out.push({ key: blockOptionKey(block.id, t.path), text: t.text, kind: t.kind, where: `${where} block ${block.id}` });
  }
  // The entities domain's "Spaces" module (seeded by server/entities/seed.ts), options as stored.
  out.push({ key: moduleNameKey(DEMO_SPACES_MODULE), text: DEMO_SPACES_MODULE.name, kind: 'text', where: 'server/entities/seed.ts module spaces' });
  for (const page of DEMO_SPACE_STRUCTURE) {
    const where = `server/entities/seed.ts page ${page.id}`;
    out.push({ key: pageNameKey(page), text: page.name, kind: 'text', where });
    for (const block of page.blocks)
      for (const t of optionTexts(blockSchemas[block.type]?.options, demoBlockOptions(blockSchemas[block.type]?.options, block.options)))
        out.push({ key: blockOptionKey(block.id, t.path), text: t.text, kind: t.kind, where: `${where} block ${block.id}` });
  }
  for (const definition of DEMO_DEFINITIONS)
    out.push({
      key: entityDefinitionNameKey(definition.id),
      text: definition.name,
      kind: 'text',
      where: `server/entities/seed.ts definition ${definition.id}`,
    });
  for (const app of APPLICATIONS) {
    out.push({ key: applicationLabelKey(app.id), text: app.label, kind: 'text', where: `server/applications/seed.ts ${app.id}` });
    for (const field of app.fields) fieldTexts(field as Field, `server/applications/seed.ts ${app.id}`, out);
  }
  // The names of the demo profiles' data items (the settings page's privacy list).
  const accounts = JSON.parse(fs.readFileSync(path.join(ROOT, 'server/demo/accounts.json'), 'utf8')) as { profile?: Record<string, unknown> }[];
  const dataKeys = new Set(accounts.flatMap((a) => Object.keys(a.profile ?? {})));
  for (const key of [...dataKeys].sort()) out.push({ key: dataItemKey(key), text: dataItemLabel(key), kind: 'text', where: 'server/demo/accounts.json' });
  return out;
}

/** The demo's translations file (server/demo/i18n.json). */
export function demoTranslations(): Record<string, Record<string, string>> {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'server/demo/i18n.json'), 'utf8')) as Record<string, Record<string, string>>;
}
