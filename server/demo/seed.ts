/**
 * Demo content, seeded on first start (idempotent: a `seed` marker document records it). The
 * content is data: server/demo/*.json. Every block is validated against its registry type's
 * options schema before anything is written, so a demo edit that breaks a schema fails the start
 * naming the file and block.
 */
import fs from 'node:fs';
import path from 'node:path';
import { withParsedTemplate } from '../../engine/core/handlebars';
import type { Block, Brand, Field, Id, JsonObject, ListMembership, Module, Page, Profile, Settings } from '../../schemas/model';
import { setMemberships } from '../lists/memberships';
import { newList, putList, type UserListRecord } from '../lists/user-lists';
import type { Account } from '../model';
import type { DocumentStore } from '../storage/documents';
import type { RequestValidator } from '../validation';
import { CURRENT_PAGE_SCHEMA_VERSION } from '../../engine/core/model/migrations';

/** A block as written in the demo files: children are nested, each with an optional column. */
export interface DemoBlock extends Omit<Block, 'children' | 'positions'> {
  column?: number;
  children?: DemoBlock[];
}

export interface DemoPage extends Omit<Page, 'children' | 'positions' | 'moduleId'> {
  blocks: DemoBlock[];
}

export interface DemoModule {
  module: Omit<Module, 'childIds'>;
  pages: DemoPage[];
  /** Field definitions of this module's form blocks (a block's `fields` and a field's `childIds` name them). */
  fields?: Field[];
}

/** A demo list: its id, label and whatever else it sets (capacity, type). */
type DemoList = Pick<UserListRecord, 'id' | 'label'> & Partial<UserListRecord>;

/** A demo account with its profile values and its list memberships (stored in the lists domain's table). */
export interface DemoAccount extends Account {
  profile: Profile['data']['profile'];
  listMemberships: ListMembership[];
}

interface Flattened {
  modules: Module[];
  pages: Page[];
  blocks: (Block & { pageId: Id })[];
  fields: Field[];
}

function readJson<T>(file: string): T {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch (error) {
    throw new Error(`demo file ${file} is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * Flattens nested demo blocks into stored blocks with positions, validating each against the
 * registry: block options, field definitions (type, opts, accepted rules) and every rule query
 * (page and block visibility, conditional fields) compiled by the engine's own compiler.
 */
export function flattenDemo(files: { file: string; data: DemoModule }[], validator: RequestValidator): Flattened {
  const out: Flattened = { modules: [], pages: [], blocks: [], fields: [] };
  const fieldFile = new Map<Id, string>();
  for (const { file, data } of files) {
    for (const field of data.fields ?? []) {
      if (fieldFile.has(field.id)) throw new Error(`${file}: field id "${field.id}" is used twice`);
      fieldFile.set(field.id, file);
      validator.model('field.schema.json', field, `${file}: field "${field.id}"`);
      validator.fieldDefinition(field, `${file}: field "${field.id}"`);
      if (field.rules) validator.ruleQuery(field.rules, `${file}: field "${field.id}" rules`);
      out.fields.push(field);
    }
  }
  for (const field of out.fields) {
    const missing = (field.childIds ?? []).filter((id) => !fieldFile.has(id));
    if (missing.length) throw new Error(`${fieldFile.get(field.id)}: field "${field.id}" names missing child fields ${missing.join(', ')}`);
  }
  const seen = new Set<Id>();
  const place = (blocks: DemoBlock[], pageId: Id, file: string): Record<string, Id[]> => {
    const positions: Record<string, Id[]> = {};
    for (const demo of blocks) {
      if (seen.has(demo.id)) throw new Error(`${file}: block id "${demo.id}" is used twice`);
      seen.add(demo.id);
      const { children = [], column = 0, ...rest } = demo;
      validator.blockOptions(rest.type, rest.options ?? {}, `${file}: block "${demo.id}"`);
      const missingFields = (rest.fields ?? []).filter((id) => !fieldFile.has(id));
      if (missingFields.length) throw new Error(`${file}: block "${demo.id}" names missing fields ${missingFields.join(', ')}`);
      if (rest.visibility?.rules) validator.ruleQuery(rest.visibility.rules, `${file}: block "${demo.id}" visibility rules`);
      if (children.length && !validator.blockTypes[rest.type]?.children)
        throw new Error(`${file}: block "${demo.id}" of type "${rest.type}" cannot hold child blocks`);
      const childPositions = place(children, pageId, file);
      out.blocks.push({ ...rest, pageId, children: Object.values(childPositions).flat(), positions: childPositions });
      (positions[`col-${column}`] ??= []).push(demo.id);
    }
    return positions;
  };
  for (const { file, data } of files) {
    for (const page of data.pages) {
      const { blocks, ...rest } = page;
      if (rest.visibility?.rules) validator.ruleQuery(rest.visibility.rules, `${file}: page "${page.id}" visibility rules`);
      const positions = place(blocks, page.id, file);
      out.pages.push({ ...rest, moduleId: data.module.id, children: Object.values(positions).flat(), positions });
    }
    out.modules.push({ ...data.module, childIds: data.pages.map((p) => p.id) });
  }
  return out;
}

/** The demo's translations seeded so far, per locale: a key seeded once and then removed by an admin stays removed. */
interface DemoI18nMarker {
  keys: Record<string, string[]>;
}

/**
 * Adds the demo's translations (server/demo/i18n.json) that a database seeded before they existed
 * lacks, without touching a text an admin changed or removed: only keys never seeded before are
 * written (the `seed/demo-i18n` marker lists them). Idempotent; runs on every start of a demo site.
 */
export async function seedDemoTranslations(store: DocumentStore, i18n: Record<string, Record<string, string>>): Promise<number> {
  let added = 0;
  await store.transaction(async (tx) => {
    const marker = (await tx.get<DemoI18nMarker>('seed', 'demo-i18n'))?.data ?? { keys: {} };
    const seeded: Record<string, string[]> = { ...marker.keys };
    let changed = false;
    for (const [locale, texts] of Object.entries(i18n)) {
      const done = new Set(seeded[locale] ?? []);
      const fresh = Object.keys(texts).filter((key) => !done.has(key));
      if (!fresh.length) continue;
      const stored = new Map(Object.entries((await tx.get<Record<string, string>>('i18n', locale))?.data ?? {}));
      for (const key of fresh) {
        if (!stored.has(key)) {
          stored.set(key, texts[key]);
          added++;
        }
        done.add(key);
      }
      await tx.put('i18n', locale, Object.fromEntries(stored));
      seeded[locale] = [...done];
      changed = true;
    }
    if (changed) await tx.put('seed', 'demo-i18n', { keys: seeded } satisfies DemoI18nMarker);
  });
  return added;
}

export async function seedDemo(store: DocumentStore, validator: RequestValidator, demoDir: string): Promise<boolean> {
  if (await store.get('seed', 'demo')) {
    await seedDemoTranslations(store, readJson<Record<string, Record<string, string>>>(path.join(demoDir, 'i18n.json')));
    return false;
  }
  const moduleFiles = fs
    .readdirSync(path.join(demoDir, 'modules'))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ file: `server/demo/modules/${f}`, data: readJson<DemoModule>(path.join(demoDir, 'modules', f)) }));
  const structure = flattenDemo(moduleFiles, validator);
  const settings = readJson<Settings>(path.join(demoDir, 'settings.json'));
  validator.model('settings.schema.json', settings, 'server/demo/settings.json');
  const brands = readJson<Brand[]>(path.join(demoDir, 'brands.json'));
  const lists = readJson<DemoList[]>(path.join(demoDir, 'user-lists.json'));
  const accounts = readJson<DemoAccount[]>(path.join(demoDir, 'accounts.json'));
  const i18n = readJson<Record<string, Record<string, string>>>(path.join(demoDir, 'i18n.json'));
  for (const m of structure.modules) validator.model('module.schema.json', m, `demo module "${m.id}"`);
  for (const p of structure.pages) validator.model('page.schema.json', p, `demo page "${p.id}"`);
  for (const b of brands) validator.model('brand.schema.json', b, `demo brand "${b.brandId}"`);
  try {
    await store.transaction(async (tx) => {
      // The marker goes first: a second process seeding at the same moment fails on it and rolls back.
      await tx.put('seed', 'demo', { seededAt: Date.now() }, { expectedRevision: 0 });
      const order = structure.modules.map((m) => m.id);
      await tx.put('settings', 'app', { ...settings, structure: { ...settings.structure, orders: { modules: { order } } } });
      for (const m of structure.modules) await tx.put('module', m.id, m);
      for (const p of structure.pages) await tx.put('page', p.id, p, { schemaVersion: CURRENT_PAGE_SCHEMA_VERSION });
      for (const b of structure.blocks) await tx.put('block', b.id, withParsedTemplate(b));
      for (const f of structure.fields) await tx.put('field', f.id, f);
      for (const b of brands) await tx.put('brand', b.brandId, b);
      for (const { id, ...list } of lists) await putList(tx.raw, newList(id, list));
      for (const { profile, listMemberships, ...account } of accounts) {
        await tx.put('account', account.accountId, { ...account, demo: true });
        await setMemberships(tx, account.accountId, listMemberships);
        await tx.put('profile', account.accountId, { accountId: account.accountId, data: { profile: profile as JsonObject, meta: {} } } satisfies Profile);
      }
      for (const [locale, overrides] of Object.entries(i18n)) await tx.put('i18n', locale, overrides);
      await tx.put('seed', 'demo-i18n', {
        keys: Object.fromEntries(Object.entries(i18n).map(([l, texts]) => [l, Object.keys(texts)])),
      } satisfies DemoI18nMarker);
    });
  } catch (error) {
    if (await store.get('seed', 'demo')) return false; // another process seeded first
    throw error;
  }
  return true;
}
