/** Resolves field components from the lazy registry index (`fieldComponents` of blocks/index.generated.ts). */
import type { Field } from '../../schemas/model';
import type { FieldComponent, FieldComponents } from './types';

export type FieldComponentLoaders = Record<string, () => Promise<{ default: unknown }>>;

const resolved = new Map<string, FieldComponent>();

/** Loads the components of the given types (each its own chunk), once; unknown types are left out. */
export async function loadFieldComponents(loaders: FieldComponentLoaders, types: Iterable<string>): Promise<FieldComponents> {
  const out: FieldComponents = {};
  await Promise.all(
    [...new Set(types)].map(async (type) => {
      const loader = loaders[type];
      if (!loader) return;
      if (!resolved.has(type)) resolved.set(type, (await loader()).default as FieldComponent);
      out[type] = resolved.get(type)!;
    }),
  );
  return out;
}

/** Every field type a set of definitions uses. */
export const fieldTypesUsed = (fields: Field[]): string[] => [...new Set(fields.map((f) => f.type))];
