/** Loading a locale's message namespaces from their own chunk, once per locale. */
import type { MessageTree } from './translator';
import { ownValue } from '../own';

export type Namespaces = Record<string, MessageTree>;

/**
 * A loader over `loaders` (locale -> chunk import): each locale's chunk is imported once and its
 * promise shared; a failed load is forgotten, so the next call retries. Empty for a locale without
 * a chunk (English is always in the bundle).
 */
export function localeChunkLoader(loaders: Readonly<Record<string, () => Promise<Namespaces>>>): (locale: string) => Promise<Namespaces> {
  const loaded = new Map<string, Promise<Namespaces>>();
  return (locale) => {
    const loader = ownValue(loaders, locale);
    if (!loader) return Promise.resolve({});
    let pending = loaded.get(locale);
    if (!pending) {
      pending = loader().catch((error: unknown) => {
        loaded.delete(locale);
        throw error;
      });
      loaded.set(locale, pending);
    }
    return pending;
  };
}
