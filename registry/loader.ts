/** Reads `registry/<kind>/*.json` from disk, validates every entry, and throws naming each bad file and pointer. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RegistryError, type RegistryData, type RegistryFile, type RegistryKind } from './types';
import { validateRegistryFiles } from './validate';

export const REGISTRY_DIR = path.dirname(fileURLToPath(import.meta.url));
const KINDS: RegistryKind[] = ['blocks', 'fields', 'rules', 'operators'];

/** Reads every entry file; a file that is not JSON is reported like any other problem. */
export function readRegistryFiles(dir: string = REGISTRY_DIR, shownAs = 'registry'): { files: RegistryFile[]; parseProblems: RegistryError['problems'] } {
  const files: RegistryFile[] = [];
  const parseProblems: RegistryError['problems'] = [];
  for (const kind of KINDS) {
    const kindDir = path.join(dir, kind);
    if (!fs.existsSync(kindDir)) continue;
    for (const name of fs
      .readdirSync(kindDir)
      .filter((n) => n.endsWith('.json'))
      .sort()) {
      const file = `${shownAs}/${kind}/${name}`;
      const text = fs.readFileSync(path.join(kindDir, name), 'utf8');
      try {
        files.push({ kind, file, data: JSON.parse(text) });
      } catch (error) {
        parseProblems.push({ file, pointer: '', message: `not valid JSON: ${(error as Error).message}` });
      }
    }
  }
  return { files, parseProblems };
}

/**
 * Valid registries already checked in this process, by a hash of what was read: compiling every
 * entry's schema is most of a server's start (about 1 s), and a process that starts servers again
 * (tests, restarts) reads the same files. Each caller gets its own copy.
 */
const validated = new Map<string, RegistryData>();

/** Loads and validates the registry; throws RegistryError listing every problem. */
export function loadRegistry(dir: string = REGISTRY_DIR, shownAs = 'registry'): RegistryData {
  const { files, parseProblems } = readRegistryFiles(dir, shownAs);
  const key = crypto.createHash('sha256').update(JSON.stringify(files)).digest('hex');
  const known = validated.get(key);
  if (known && !parseProblems.length) return structuredClone(known);
  const { data, problems } = validateRegistryFiles(files);
  const all = [...parseProblems, ...problems];
  if (all.length) throw new RegistryError(all);
  validated.set(key, structuredClone(data));
  return data;
}
