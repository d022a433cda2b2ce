/**
 * Content translations in the engine (engine/core/i18n/content-keys.ts has the rule): a block's
 * options and name, shown in the member's language, memoised per stored object and translator so
 * an unchanged block gets the same options object on every render (one walk per block and
 * language, again only when the block, the language or an override changes).
 */
import { useMemo } from 'react';
import { contentLookup, translateBlockName, translateOptions, type ContentLookup } from '../core/i18n/content-keys';
import { stripMarks } from '../core/i18n/text-marks';
import type { Translator } from '../core/i18n/translator';
import { useEngine } from './engine-context';

const lookups = new WeakMap<Translator, ContentLookup>();

/** The content lookup of a translator (one per translator). */
export function lookupOf(translator: Translator): ContentLookup {
  let lookup = lookups.get(translator);
  if (!lookup) lookups.set(translator, (lookup = contentLookup(translator)));
  return lookup;
}

const plainLookups = new WeakMap<Translator, ContentLookup>();

/**
 * The lookup for a block's options: existing translations only, never marked. The walk meets every
 * string of the options (addresses, ids, enum values among them), and in text-edit mode a mark on
 * one of those would break it; the texts an admin edits in place carry their marks from
 * EditableText, which knows they are labels.
 */
function plainLookupOf(translator: Translator): ContentLookup {
  let lookup = plainLookups.get(translator);
  if (!lookup) plainLookups.set(translator, (lookup = (key) => (translator.has(key) ? stripMarks(translator.t(key)) : undefined)));
  return lookup;
}

const translated = new WeakMap<object, { translator: Translator; id: string; value: unknown }>();

function memo<T extends object>(source: T, id: string, translator: Translator, make: () => T): T {
  const hit = translated.get(source);
  if (hit && hit.translator === translator && hit.id === id) return hit.value as T;
  const value = make();
  translated.set(source, { translator, id, value });
  return value;
}

/** A block's options as its component shows them: each label in the translator's language when it has one. */
export const translatedOptions = <T extends object>(blockId: string, options: T, translator: Translator): T =>
  memo(options, `o:${blockId}`, translator, () => translateOptions(blockId, options, plainLookupOf(translator)));

/** A block with its name (a tab's label, a modal's title) translated. */
export const translatedBlock = <T extends { id: string; name?: string }>(block: T, translator: Translator): T =>
  memo(block, 'b', translator, () => translateBlockName(block, lookupOf(translator)));

/** The engine's content lookup (module, page and field labels). */
export function useContentLookup(): ContentLookup {
  const { translator } = useEngine();
  return useMemo(() => lookupOf(translator), [translator]);
}
