/**
 * Build step between the registry and the bundles: validates the registry, checks that every
 * available block and field type has a component folder and every component folder has an entry,
 * and produces the generated files the app imports. No index is ever edited by hand.
 *
 *   registry/generated/registry.json  every entry, validated (admin and server)
 *   registry/generated/runtime.json   the subset a member's browser needs (no options schemas)
 *   blocks/index.generated.ts         type -> lazy import() of its component, one chunk each
 *   engine/core/i18n/messages.generated.ts   every messages/<locale>/<namespace>.json, so an area
 *                                     adds its namespace file without editing a shared index
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
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

export function runtimeSubset(data: RegistryData) {
  const pick = <T extends object, K extends keyof T>(o: T, keys: K[]) =>
    Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]])) as Pick<T, K>;
  return {
    blocks: Object.fromEntries(
      Object.entries(data.blocks).map(([k, b]) => [k, pick(b, ['type', 'title', 'category', 'icon', 'status', 'powerUps', 'children', 'defaults', 'section'])]),
    ),
    fields: Object.fromEntries(
      Object.entries(data.fields).map(([k, f]) => [k, pick(f, ['type', 'title', 'icon', 'status', 'rules', 'progress', 'children', 'displayOnly'])]),
    ),
    rules: Object.fromEntries(
      Object.entries(data.rules).map(([k, r]) => [k, pick(r, ['name', 'messageKey', 'messageParams', 'extraMessageKeys', 'server', 'severity'])]),
    ),
    operators: data.operators,
  };
}

function sorted<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((k) => [k, record[k]]),
  );
}

function lazyIndex(name: string, types: string[], base: string): string {
  const lines = types.map((t) => `  ${JSON.stringify(t)}: () => import('./${base}${t}/index.tsx'),`);
  return `export const ${name}: Record<string, () => Promise<{ default: unknown }>> = {\n${lines.join('\n')}\n};\n`;
}

/** Builds every generated file for the project at `root`. Throws RegistryError on any problem. */
export function buildRegistryArtifacts(root: string): Artifacts {
  const data = loadRegistry(path.join(root, 'registry'));
  const blocks = checkComponents('blocks', data.blocks, path.join(root, 'blocks'), 'blocks');
  const fields = checkComponents('fields', data.fields, path.join(root, 'blocks/fields'), 'blocks/fields');
  const problems = [...blocks.problems, ...fields.problems];
  if (problems.length) throw new RegistryError(problems);

  const full: RegistryData = {
    blocks: sorted(data.blocks),
    fields: sorted(data.fields),
    rules: sorted(data.rules),
    operators: sorted(data.operators),
  };
  const header = '// Generated by scripts/registry-artifacts.ts from registry/ and blocks/. Do not edit.\n';
  const files = new Map<string, string>();
  files.set('registry/generated/registry.json', JSON.stringify(full, null, 2) + '\n');
  files.set('registry/generated/runtime.json', JSON.stringify(runtimeSubset(full)) + '\n');
  files.set(
    'blocks/index.generated.ts',
    header +
      '// Each import() becomes its own lazily loaded chunk.\n' +
      lazyIndex('blockComponents', blocks.available, '') +
      lazyIndex('fieldComponents', fields.available, 'fields/'),
  );
  for (const type of blocks.available) {
    files.set(`${VALIDATOR_DIR}/${type}.js`, standaloneValidator(full.blocks[type].options));
    files.set(`${VALIDATOR_DIR}/${type}.d.ts`, VALIDATOR_TYPES);
  }
  files.set(
    'blocks/index.generated.ts',
    files.get('blocks/index.generated.ts') +
      '// Standalone options validators (ajv standalone code), loaded together with each block chunk.\n' +
      lazyValidatorIndex(blocks.available),
  );
  files.set('engine/core/i18n/messages.generated.ts', header + messageIndex(path.join(root, 'engine/core/i18n/messages')));
  return { files, blockComponents: blocks.available, fieldComponents: fields.available };
}

/** Folder of the per-type options validators (the leading underscore keeps it out of the block folders). */
export const VALIDATOR_DIR = 'blocks/_validators.generated';

type StandaloneCode = (ajv: Ajv, validate: unknown) => string;
const standaloneCode = ((standaloneCodeModule as unknown as { default?: StandaloneCode }).default ?? standaloneCodeModule) as StandaloneCode;

/**
 * One block type's options schema compiled to a dependency-light ES module (ajv standalone), so a
 * member's browser validates stored options without shipping ajv. Formats are not compiled in
 * (no ajv-formats at run time): components check URLs and the like themselves.
 */
export function standaloneValidator(schema: object): string {
  const ajv = new Ajv({ code: { source: true, esm: true }, allErrors: true, strict: false, logger: false });
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

function lazyValidatorIndex(types: string[]): string {
  const lines = types.map((t) => `  ${JSON.stringify(t)}: () => import('./_validators.generated/${t}.js'),`);
  return `export const blockOptionValidators: Record<string, () => Promise<{ default: unknown }>> = {\n${lines.join('\n')}\n};\n`;
}

/** Imports every locale/namespace JSON file into one MessageCatalog. */
function messageIndex(dir: string): string {
  const imports: string[] = [];
  const entries: string[] = [];
  const locales = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((l) => fs.statSync(path.join(dir, l)).isDirectory())
        .sort()
    : [];
  for (const locale of locales) {
    const namespaces = fs
      .readdirSync(path.join(dir, locale))
      .filter((f) => f.endsWith('.json'))
      .sort();
    const parts = namespaces.map((file) => {
      const ns = file.replace(/\.json$/, '');
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
