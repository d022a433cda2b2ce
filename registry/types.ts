import type { RegistryData } from '../schemas/model';

export type { RegistryData };

/** The four kinds of registry entry, each in its own folder of `registry/`. */
export type RegistryKind = 'blocks' | 'fields' | 'rules' | 'operators';

/** One entry file as read from disk (or a fixture): its path for messages and its parsed JSON. */
export interface RegistryFile {
  kind: RegistryKind;
  /** Path shown in messages, e.g. `registry/blocks/plainText.json`. */
  file: string;
  data: unknown;
}

/** One thing wrong with one entry: the file, the JSON pointer inside it, and what was expected. */
export interface RegistryProblem {
  file: string;
  pointer: string;
  message: string;
}

export class RegistryError extends Error {
  constructor(readonly problems: RegistryProblem[]) {
    super(
      `Registry has ${problems.length} invalid entr${problems.length === 1 ? 'y' : 'ies'}:\n` +
        problems.map((p) => `  ${p.file}: ${p.pointer || '/'}: ${p.message}`).join('\n'),
    );
    this.name = 'RegistryError';
  }
}

/** The property that names an entry of each kind; it must equal the file's base name. */
export const NAME_PROPERTY: Record<RegistryKind, 'type' | 'name' | 'id'> = {
  blocks: 'type',
  fields: 'type',
  rules: 'name',
  operators: 'id',
};
