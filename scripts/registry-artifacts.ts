/**
 * Build step between the registry and the bundles: validates the registry, checks that every
 * available block and field type has a component folder and every component folder has an entry,
 * and produces the generated files the app imports. No index is ever edited by hand.
 *
 *   registry/generated/registry.json  every entry, validated (tools and tests read the file)
 *   registry/generated/registry.ts    the same, typed as RegistryData (the admin imports it)
 *   registry/generated/runtime.json   the subset a member's browser needs (no options schemas)
 *   registry/generated/runtime.ts     the same, typed as RuntimeRegistryData, made of
 *                                     runtime-page.ts (blocks: the engine page),
 *                                     runtime-operators.ts (operators: the rule engine) and
 *                                     runtime-forms.ts (field types, rules: the form engine)
 *   blocks/index.generated.ts         type -> lazy import() of its component, one chunk each
 *   blocks/_validators.generated/     each type's options validator (ajv standalone) and their
 *                                     lazy index (the admin's block settings load them)
 *   blocks/options.generated.ts       each available block type's options interface, from its schema
 *   engine/core/i18n/messages.generated.ts   every messages/<locale>/<namespace>.json, so an area
 *                                     adds its namespace file without editing a shared index
 *   admin/areas/index.generated.ts   admin area -> lazy import() of its folder (scripts/admin-area-index.ts)
 *   engine/core/i18n/page-messages*.generated.ts   the engine page's namespaces (no shell or admin
 *                                     texts): English statically, each other locale as a lazy chunk
 */
import fs from 'node:fs';
import path from 'node:path';
import type Ajv from 'ajv';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import { runtimeSubset } from '../engine/core/registry';
import { DEFAULT_LOCALE } from '../engine/core/constants';
import { FORM_NAMESPACES, isPageNamespace } from '../engine/core/i18n/namespaces';
import { createSchemaAjv } from '../registry/ajv';
import { ADMIN_AREA_INDEX, adminAreaIndex } from './admin-area-index';
import { optionsTypesModule } from './options-types';
import { loadRegistry } from '../registry/loader';
import { RegistryError, type RegistryData, type RegistryProblem } from '../registry/types';

export interface Artifacts {
  /** Path relative to the project root -> file text. */
  files: Map<string, string>;
  blockComponents: string[];
  fieldComponents: string[];
}

/** Folders under blocks/ that are not block types. */
const NON_BLOCK_DIRS = new Set(['fields', 'node_modules']);

function componentFolders(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_') && !d.name.startsWith('.') && !NON_BLOCK_DIRS.has(d.name))
    .map((d) => d.name)
    .sort();
}

function hasComponent(dir: string, name: string): boolean {
  return fs.existsSync(path.join(dir, name, 'index.tsx'));
}

/** Compares registry entries with component folders of one kind. */
function checkComponents(
  kind: 'blocks' | 'fields',
  entries: Record<string, { status: string }>,
  dir: string,
  shownDir: string,
): { problems: RegistryProblem[]; available: string[] } {
  const problems: RegistryProblem[] = [];
  const folders = componentFolders(dir);
  for (const folder of folders) {
    const file = `${shownDir}/${folder}/index.tsx`;
    if (!hasComponent(dir, folder)) {
      problems.push({ file: `${shownDir}/${folder}/`, pointer: '', message: `component folder has no index.tsx` });
    } else if (!entries[folder]) {
      problems.push({ file, pointer: '', message: `component without a registry entry: add registry/${kind}/${folder}.json (names must match exactly)` });
    } else if (entries[folder].status !== 'available') {
      problems.push({
        file: `registry/${kind}/${folder}.json`,
        pointer: '/status',
        message: `a component ships in ${shownDir}/${folder}/, so status must be "available", got "${entries[folder].status}"`,
      });
    }
  }
  for (const [name, entry] of Object.entries(entries)) {
    if (entry.status === 'available' && !hasComponent(dir, name)) {
      problems.push({
        file: `registry/${kind}/${name}.json`,
        pointer: '/status',
        message: `status is "available" but ${shownDir}/${name}/index.tsx does not exist; add the component or mark the entry "planned"`,
      });
    }
  }
  const available = Object.keys(entries)
    .filter((n) => entries[n].status === 'available' && hasComponent(dir, n))
    .sort();
  return { problems, available };
}

function sorted<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((k) => [k, record[k]]),
  );
}

function lazyIndex(name: string, types: string[], file: (type: string) => string): string {
  const lines = types.map((t) => `  ${JSON.stringify(t)}: () => import('./${file(t)}'),`);
  return `export const ${name}: Record<string, () => Promise<{ default: unknown }>> = {\n${lines.join('\n')}\n};\n`;
}

/** Builds every generated file for the project at `root`. Throws RegistryError on any problem. */
export function buildRegistryArtifacts(root: string): Artifacts {
  const data = loadRegistry(path.join(root, 'registry'));
  const blocks = checkComponents('blocks', data.blocks, path.join(root, 'blocks'), 'blocks');
  const fields = checkComponents('fields', data.fields, path.join(root, 'blocks/fields'), 'blocks/fields');
  const header = '// Generated by scripts/registry-artifacts.ts from registry/ and blocks/. Do not edit.\n';
  const areaIndex = adminAreaIndex(root, header.replace('registry/ and blocks/', 'admin/areas/'));
  const problems = [...blocks.problems, ...fields.problems, ...areaIndex.problems];
  if (problems.length) throw new RegistryError(problems);

  const full: RegistryData = {
    blocks: sorted(data.blocks),
    fields: sorted(data.fields),
    rules: sorted(data.rules),
    operators: sorted(data.operators),
  };
  const files = new Map<string, string>();
  files.set(ADMIN_AREA_INDEX, areaIndex.text);
  files.set('registry/generated/registry.json', JSON.stringify(full, null, 2) + '\n');
  const runtime = runtimeSubset(full);
  files.set('registry/generated/runtime.json', JSON.stringify(runtime) + '\n');
  // Typed modules, not casts of the JSON: the compiler checks every generated entry against the
  // one definition of its type (a JSON import widens "available" to string).
  files.set(
    'registry/generated/registry.ts',
    `${header}import type { RegistryData } from '../../schemas/model';\n\nexport const fullRegistry: RegistryData = ${JSON.stringify(full)};\n`,
  );
  // The member's runtime registry in three modules: what rendering needs (the engine page), the
  // operators rule queries need (the rule engine's chunk, loaded with the first rule) and what
  // forms need (field types and validation rules, in the form engine's chunk).
  const { fields: runtimeFields, rules: runtimeRules, operators: runtimeOperators, ...runtimePage } = runtime;
  files.set(
    'registry/generated/runtime-page.ts',
    `${header}import type { RuntimeRegistryData } from '../../schemas/model';\n\n` +
      `/** Block types; operators are in runtime-operators.ts (rule engine), field types and rules in runtime-forms.ts (forms). */\n` +
      `export const runtimePageRegistry: Pick<RuntimeRegistryData, 'blocks'> = ${JSON.stringify(runtimePage)};\n`,
  );
  files.set(
    'registry/generated/runtime-operators.ts',
    `${header}import type { RuntimeRegistryData } from '../../schemas/model';\n\n` +
      `export const runtimeOperatorRegistry: Pick<RuntimeRegistryData, 'operators'> = ${JSON.stringify({ operators: runtimeOperators })};\n`,
  );
  files.set(
    'registry/generated/runtime-forms.ts',
    `${header}import type { RuntimeRegistryData } from '../../schemas/model';\n\n` +
      `export const runtimeFormRegistry: Pick<RuntimeRegistryData, 'fields' | 'rules'> = ${JSON.stringify({ fields: runtimeFields, rules: runtimeRules })};\n`,
  );
  files.set(
    'registry/generated/runtime.ts',
    `${header}import type { RuntimeRegistryData } from '../../schemas/model';\nimport { runtimeFormRegistry } from './runtime-forms';\nimport { runtimeOperatorRegistry } from './runtime-operators';\nimport { runtimePageRegistry } from './runtime-page';\n\n` +
      `export const runtimeRegistry: RuntimeRegistryData = { ...runtimePageRegistry, ...runtimeOperatorRegistry, ...runtimeFormRegistry };\n`,
  );
  files.set(
    'blocks/index.generated.ts',
    header +
      '// Each import() target is a lazily loaded chunk (blocks: see _chunks.generated/).\n' +
      blockChunkIndex(blocks.available) +
      lazyIndex('fieldComponents', fields.available, (t) => `fields/${t}/index.tsx`),
  );
  files.set(
    'blocks/options.generated.ts',
    optionsTypesModule(
      blocks.available.map((type) => full.blocks[type]),
      header,
    ),
  );
  for (const type of blocks.available) {
    files.set(`${VALIDATOR_DIR}/${type}.js`, standaloneValidator(full.blocks[type].options));
    files.set(`${VALIDATOR_DIR}/${type}.d.ts`, VALIDATOR_TYPES);
  }
  files.set(VALIDATOR_INDEX, header + lazyIndex('blockOptionValidators', blocks.available, (t) => `${t}.js`));
  for (const [chunk, types] of blockChunks(blocks.available))
    files.set(`${CHUNK_DIR}/${chunk}.ts`, header + blockChunkModule(types, path.join(root, 'blocks'), (t) => full.blocks[t].defaults));
  const messagesDir = path.join(root, 'engine/core/i18n/messages');
  files.set('engine/core/i18n/messages.generated.ts', header + messageIndex(messagesDir));
  for (const [rel, text] of messageModules(messagesDir)) files.set(rel, header + text);
  return { files, blockComponents: blocks.available, fieldComponents: fields.available };
}

/** Folder of the per-type options validators (the leading underscore keeps it out of the block folders). */
export const VALIDATOR_DIR = 'blocks/_validators.generated';
/**
 * `blockOptionValidators`: type -> lazy import() of its validator, a chunk of its own. Only the
 * admin's block settings load them: the server checks stored options when it reads a page
 * (server/structure/read.ts), so the page a member sees needs no validator.
 */
export const VALIDATOR_INDEX = `${VALIDATOR_DIR}/index.ts`;

type StandaloneCode = (ajv: Ajv, validate: unknown) => string;
const standaloneCode = ((standaloneCodeModule as unknown as { default?: StandaloneCode }).default ?? standaloneCodeModule) as StandaloneCode;

/**
 * One block type's options schema compiled to a dependency-light ES module (ajv standalone), so a
 * member's browser validates stored options without shipping ajv. Same configuration as the
 * server's (registry/ajv.ts): the formats a schema uses are compiled in, imported from
 * ajv-formats' formats module in the chunks of the types that use one.
 */
export function standaloneValidator(schema: object): string {
  const ajv = createSchemaAjv({ code: { source: true, esm: true }, logger: false });
  const code = standaloneCode(ajv, ajv.compile(schema));
  // ajv emits require() for its small runtime helpers; turn them into imports that work both
  // under esbuild's and Node's CommonJS interop.
  const imports: string[] = [];
  const body = code.replace(/^"use strict";/, '').replace(/require\("([^"]+)"\)/g, (_whole, mod: string) => {
    const id = `__runtime${imports.length}`;
    imports.push(`import * as ${id} from ${JSON.stringify(mod.endsWith('.js') ? mod : `${mod}.js`)};`);
    return `__cjs(${id})`;
  });
  const interop = imports.length ? 'const __cjs = (ns) => (ns.default && ns.default.__esModule ? ns.default : ns);\n' : '';
  return `// Generated by scripts/registry-artifacts.ts from the block type's options schema. Do not edit.\n${imports.join('\n')}\n${interop}${body}\n`;
}

const VALIDATOR_TYPES =
  '// Generated. Do not edit.\ndeclare const validate: ((data: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };\nexport default validate;\n';

/** Folder of the block chunk modules: each exports its types' components. */
export const CHUNK_DIR = 'blocks/_chunks.generated';

/**
 * The small text and layout blocks most pages hold: one chunk for all of them (each is small next
 * to a request of its own; a page of six such types otherwise fetches six files). Every other type
 * has its own chunk.
 */
export const COMMON_BLOCK_TYPES: readonly string[] = ['callout', 'card', 'columns', 'container', 'dismissible', 'plainText'];

const chunkOf = (type: string) => (COMMON_BLOCK_TYPES.includes(type) ? 'common' : type);

function blockChunks(types: string[]): Map<string, string[]> {
  const chunks = new Map<string, string[]>();
  for (const t of types) chunks.set(chunkOf(t), [...(chunks.get(chunkOf(t)) ?? []), t]);
  return chunks;
}

/**
 * A chunk module: each type's component (named by the type), the types' option defaults (merged
 * under the stored options when the block renders; not in the runtime registry every page loads),
 * and the form texts when a type uses them.
 */
function blockChunkModule(types: string[], blocksDir: string, defaultsOf: (type: string) => unknown): string {
  const defaults = Object.fromEntries(types.flatMap((t) => (defaultsOf(t) === undefined ? [] : [[t, defaultsOf(t)]])));
  const texts = types.some((t) => usesFormTexts(path.join(blocksDir, t)))
    ? `export { formTexts as texts } from '../../engine/core/i18n/form-messages.generated';\n`
    : '';
  const defaultsExport = Object.keys(defaults).length > 0 ? `export const defaults = ${JSON.stringify(defaults)};\n` : '';
  return types.map((t) => `export { default as ${t} } from '../${t}/index.tsx';\n`).join('') + defaultsExport + texts;
}

/**
 * The block index: one import() per chunk module, and per type its component, picked from the
 * type's chunk, with its defaults and the texts the chunk brings (see blockChunkModule). A table of chunks and one map, not a line per type: the member loads the index.
 */
function blockChunkIndex(types: string[]): string {
  const chunks = [...blockChunks(types).keys()].map((c) => `  ${JSON.stringify(c)}: () => import('./_chunks.generated/${c}.ts'),`);
  return [
    `const chunks: Record<string, () => Promise<Record<string, unknown>>> = {\n${chunks.join('\n')}\n};`,
    `/** Each available type and its chunk. */`,
    `const chunkOf: Record<string, string> = ${JSON.stringify(Object.fromEntries(types.map((t) => [t, chunkOf(t)])))};`,
    `export const blockComponents: Record<string, () => Promise<{ default: unknown; texts?: unknown; defaults?: unknown }>> = Object.fromEntries(`,
    `  Object.entries(chunkOf).map(([type, chunk]) => [type, () => chunks[chunk]().then((m) => ({ default: m[type], texts: m.texts, defaults: (m.defaults as Record<string, unknown> | undefined)?.[type] }))]),`,
    `);`,
    '',
  ].join('\n');
}

function messageLocales(dir: string): string[] {
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((l) => fs.statSync(path.join(dir, l)).isDirectory())
        .sort()
    : [];
}

function messageNamespaces(dir: string, locale: string): string[] {
  return fs
    .readdirSync(path.join(dir, locale))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();
}

/**
 * The engine page's catalogue (isPageNamespace) and the form texts (FORM_NAMESPACES), each in
 * `<name>-messages.generated.ts`: English (the fallback, always needed) and a loader per other
 * locale; `<name>-messages.<locale>.generated.ts` holds that locale, so each becomes its own lazy
 * chunk. The page's are `pageMessagesDefault`/`pageMessageLoaders`, the form texts one TextSet.
 */
function messageModules(dir: string): Map<string, string> {
  const modules = new Map<string, string>();
  const others = messageLocales(dir).filter((l) => l !== DEFAULT_LOCALE);
  const table = (locale: string, keep: (ns: string) => boolean) => {
    const names = messageNamespaces(dir, locale).filter(keep);
    const id = (ns: string) => `${locale}_${ns}`.replace(/[^A-Za-z0-9_]/g, '_');
    const imports = names.map((ns) => `import ${id(ns)} from './messages/${locale}/${ns}.json' with { type: 'json' };`);
    return { imports, body: `{ ${names.map((ns) => `${JSON.stringify(ns)}: ${id(ns)}`).join(', ')} }` };
  };
  const set = (name: string, keep: (ns: string) => boolean, exports: (body: string, loaders: string) => string) => {
    const en = table(DEFAULT_LOCALE, keep);
    const loaders = others.map((l) => `  ${JSON.stringify(l)}: () => import('./${name}-messages.${l}.generated').then((m) => m.default),`);
    modules.set(`engine/core/i18n/${name}-messages.generated.ts`, `${en.imports.join('\n')}\n\n${exports(en.body, `{\n${loaders.join('\n')}\n}`)}`);
    for (const locale of others) {
      const t = table(locale, keep);
      modules.set(
        `engine/core/i18n/${name}-messages.${locale}.generated.ts`,
        `import type { MessageTree } from './translator';\n${t.imports.join('\n')}\n\nconst messages: Record<string, MessageTree> = ${t.body};\nexport default messages;\n`,
      );
    }
  };
  set(
    'page',
    isPageNamespace,
    (body, loaders) =>
      `import type { MessageTree } from './translator';\n\n` +
      `/** The engine page's namespaces in ${DEFAULT_LOCALE} (the fallback of every locale). */\n` +
      `export const pageMessagesDefault: Record<string, MessageTree> = ${body};\n\n` +
      `/** The engine page's namespaces of every other locale, each loaded when it is the active one. */\n` +
      `export const pageMessageLoaders: Record<string, () => Promise<Record<string, MessageTree>>> = ${loaders};\n`,
  );
  set(
    'form',
    (ns) => FORM_NAMESPACES.includes(ns),
    (body, loaders) =>
      `import type { TextSet } from './text-sets';\n\n` +
      `/** The texts of forms, fields and profile or member-search blocks (FORM_NAMESPACES). */\n` +
      `export const formTexts: TextSet = { default: ${body}, loaders: ${loaders} };\n`,
  );
  return modules;
}

/**
 * Whether a block's chunk brings the form texts: its sources use a key of a FORM_NAMESPACES
 * namespace, render a form or member cards, or run validation rules (whose texts those are).
 */
function usesFormTexts(blockDir: string): boolean {
  const key = new RegExp(`['"\`](${FORM_NAMESPACES.join('|')})\\.|engine/forms|MemberCard|ProfileAvatar|FormRoot|runRule`);
  const sources = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
  return sources(blockDir).some((file) => key.test(fs.readFileSync(file, 'utf8')));
}

/** Imports every locale/namespace JSON file into one MessageCatalog. */
function messageIndex(dir: string): string {
  const imports: string[] = [];
  const entries: string[] = [];
  for (const locale of messageLocales(dir)) {
    const parts = messageNamespaces(dir, locale).map((ns) => {
      const file = `${ns}.json`;
      const id = `${locale}_${ns}`.replace(/[^A-Za-z0-9_]/g, '_');
      imports.push(`import ${id} from './messages/${locale}/${file}' with { type: 'json' };`);
      return `${JSON.stringify(ns)}: ${id}`;
    });
    entries.push(`  ${JSON.stringify(locale)}: { ${parts.join(', ')} },`);
  }
  return `import type { MessageCatalog } from './translator';\n${imports.join('\n')}\n\nexport const messages: MessageCatalog = {\n${entries.join('\n')}\n};\n`;
}

/** Writes the artifacts, leaving files whose text is unchanged untouched (keeps watch mode quiet). */
export function writeArtifacts(root: string, artifacts: Artifacts): void {
  for (const [rel, text] of artifacts.files) {
    const abs = path.join(root, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    if (!fs.existsSync(abs) || fs.readFileSync(abs, 'utf8') !== text) fs.writeFileSync(abs, text);
  }
}
