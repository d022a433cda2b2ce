/**
 * The document store's normaliser: every stored document is read tolerantly, so a corrupt one
 * becomes a state (a page or block state, a fallback name, an admins-only visibility) and never a
 * 500 or a blank module. A kind whose domain declares a reader (`DocumentKindSpec.read`: structure
 * items through the engine's readers, settings pruned to their schema) goes through it; any other
 * kind whose row is not a JSON object reads as absent. What was repaired is reported once per
 * document revision.
 */
import type { ValidateFunction } from 'ajv';
import type { DocKind, DocumentNormaliser, StoredReader } from './documents';

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
  /** Readers of the kinds whose domains declare one. */
  readers: ReadonlyMap<string, StoredReader>;
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
  return (kind, id, data) => {
    const reader = options.readers.get(kind);
    if (reader) {
      const { item, problems } = reader(data, id);
      report(kind, id, data, problems);
      return item;
    }
    if (!isObject(data)) {
      report(kind, id, data, ['the stored document is not a JSON object (read as absent)']);
      return undefined;
    }
    return data;
  };
}
