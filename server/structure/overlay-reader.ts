/**
 * A view of the stored documents with some items replaced: as they were before a write (who heard
 * of a change, change-audience.ts) or as they would be after one (what a revert would restore,
 * revert.ts). The viewer's rules (viewer.ts, read.ts) then judge that state with the same code
 * that judges the stored one, so "may see" is decided once, whatever state is asked about.
 */
import type { Id } from '../../schemas/model';
import type { DocKind, DocumentSource, StoredDoc } from '../storage/documents';

/** `kind:id` to the item's data in this view; null: absent in this view. */
export type ItemOverrides = Map<string, unknown>;

export const overrideKey = (kind: DocKind, id: Id): string => `${kind}:${id}`;

export function overlayReader(reader: DocumentSource, overrides: ItemOverrides): DocumentSource {
  const asDoc = <T>(kind: DocKind, id: string, current: StoredDoc<T> | undefined): StoredDoc<T> | undefined => {
    const key = overrideKey(kind, id);
    if (!overrides.has(key)) return current;
    const data = overrides.get(key);
    return data ? { id, data: data as T, revision: current?.revision ?? 0, schemaVersion: current?.schemaVersion ?? null, expiresAt: null } : undefined;
  };
  return {
    get: async <T>(kind: DocKind, id: string) => asDoc<T>(kind, id, await reader.get<T>(kind, id)),
    getMany: async <T>(kind: DocKind, ids: readonly string[]) => {
      const current = new Map((await reader.getMany<T>(kind, ids)).map((d) => [d.id, d]));
      return ids.map((id) => asDoc<T>(kind, id, current.get(id))).filter((d): d is StoredDoc<T> => d !== undefined);
    },
    list: async <T>(kind: DocKind) => {
      const stored = await reader.list<T>(kind);
      const ids = new Set(stored.map((d) => d.id));
      const added: StoredDoc<T>[] = [];
      for (const [key, data] of overrides) {
        const id = key.slice(kind.length + 1);
        if (data && key.startsWith(`${kind}:`) && !ids.has(id)) added.push({ id, data: data as T, revision: 0, schemaVersion: null, expiresAt: null });
      }
      return [...stored.map((d) => asDoc<T>(kind, d.id, d)).filter((d): d is StoredDoc<T> => d !== undefined), ...added].sort((a, b) =>
        a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
      );
    },
  };
}
