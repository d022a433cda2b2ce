/**
 * The document store's normaliser: every stored document is read tolerantly, so a corrupt one
 * becomes a state (a page or block state, a fallback name, an admins-only visibility) and never a
 * 500 or a blank module. Structure items go through the engine's readers
 * (engine/core/model/stored-items.ts), accounts and profiles through stored-people.ts (rights and
 * privacy fail closed); settings lose the parts that break their model schema; any other kind
 * whose row is not a JSON object reads as absent. What was repaired is reported once
 * per document revision.
 */
import type { ValidateFunction } from 'ajv';
import { readStoredBlock, readStoredField, readStoredModule, readStoredPage, type ReadItem } from '../../engine/core/model/stored-items';
import type { DocKind, DocumentNormaliser } from './documents';
import { readStoredAccount, readStoredProfile } from './stored-people';

const ITEM_READERS: Partial<Record<DocKind, (raw: unknown, id: string) => ReadItem<unknown>>> = {
  page: readStoredPage,
  block: readStoredBlock,
  module: readStoredModule,
  field: readStoredField,
};

/** A structure item as the store reads it (the same repairs), for data held outside the documents (a revert's snapshot). */
export function readStoredItem(kind: 'page' | 'block' | 'module' | 'field', raw: unknown, id: string): unknown {
  return ITEM_READERS[kind]!(raw, id).item;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Deletes the value at a JSON pointer (its nearest object property: an array loses the whole array). */
function removeAt(root: Record<string, unknown>, pointer: string): boolean {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (!parts.length) return false;
  let node: unknown = root;
  let owner: Record<string, unknown> | undefined;
  let key: string | undefined;
  for (const part of parts) {
    if (isObject(node)) {
      owner = node;
      key = part;
      node = Object.prototype.hasOwnProperty.call(node, part) ? node[part] : undefined;
    } else if (Array.isArray(node)) {
      node = node[Number(part)];
      // An array element: the array itself (the owner's property) goes.
      break;
    } else break;
  }
  if (!owner || key === undefined) return false;
  delete owner[key];
  return true;
}

/**
 * The value with every part that breaks the schema removed (settings are open records: what is
 * left is still usable). A value that is not an object, or cannot be repaired, reads as empty.
 */
export function pruneToSchema(value: unknown, validate: ValidateFunction, problems: string[]): Record<string, unknown> {
  if (!isObject(value)) {
    problems.push('the stored document is not an object');
    return {};
  }
  const copy = structuredClone(value);
  for (let round = 0; round < 20; round++) {
    if (validate(copy)) return copy;
    let removed = false;
    for (const error of validate.errors ?? []) {
      if (removeAt(copy, error.instancePath)) {
        problems.push(`${error.instancePath}: ${error.message ?? 'invalid'} (dropped)`);
        removed = true;
      }
    }
    if (!removed) break;
  }
  problems.push('the stored document cannot be repaired (read as empty)');
  return {};
}

export interface TolerantReadOptions {
  /** The settings model schema (schemas/json/settings.schema.json), compiled. */
  settingsSchema: ValidateFunction;
  /** Told once per document revision what was repaired. */
  onProblems?(kind: DocKind, id: string, problems: string[]): void;
}

const REPORTED_LIMIT = 10_000;

export function tolerantNormaliser(options: TolerantReadOptions): DocumentNormaliser {
  const reported = new Set<string>();
  const report = (kind: DocKind, id: string, data: unknown, problems: string[]) => {
    if (!problems.length || !options.onProblems) return;
    // Once per document revision and damage (accounts and profiles carry no revision in their data).
    const key = `${kind}\u0000${id}\u0000${isObject(data) ? String(data.revision ?? '') : 'raw'}\u0000${problems.join('\u0000')}`;
    if (reported.has(key)) return;
    if (reported.size >= REPORTED_LIMIT) reported.clear();
    reported.add(key);
    options.onProblems(kind, id, problems);
  };
  // When this process first found an account's revoked-session list unreadable (seconds, as token times).
  const sessionsEnded = new Map<string, number>();
  const firstSeen = (id: string) => {
    if (!sessionsEnded.has(id)) sessionsEnded.set(id, Math.floor(Date.now() / 1000));
    return sessionsEnded.get(id)!;
  };
  return (kind, id, data) => {
    if (kind === 'account' || kind === 'profile') {
      const read = kind === 'account' ? readStoredAccount(data, id, firstSeen) : readStoredProfile(data, id);
      report(kind, id, data, read ? read.problems : ['the stored document is not a JSON object (read as absent)']);
      return read?.item;
    }
    const reader = ITEM_READERS[kind];
    if (reader) {
      const { item, problems } = reader(data, id);
      report(kind, id, data, problems);
      return item;
    }
    if (kind === 'settings') {
      const problems: string[] = [];
      const settings = pruneToSchema(data, options.settingsSchema, problems);
      report(kind, id, data, problems);
      return settings;
    }
    if (!isObject(data)) {
      report(kind, id, data, ['the stored document is not a JSON object (read as absent)']);
      return undefined;
    }
    return data;
  };
}
