/**
 * Message namespaces that come with the code that uses them instead of with every page: a block
 * chunk that shows form or profile texts exports its TextSet (registry-artifacts.ts decides which),
 * and the block loader requires it before the block renders. English is in the set's chunk; each
 * other locale is a chunk of its own, loaded for the locale the page shows (`showLocale`) and, on
 * a language switch, for the new one before the page uses it (`loadTextsFor`).
 */
import { DEFAULT_LOCALE } from '../constants';
import { localeChunkLoader, type Namespaces } from './locale-chunks';
import { ownValue } from '../own';
import type { MessageCatalog } from './translator';

export interface TextSet {
  /** The set's namespaces in the default locale (the fallback of every locale). */
  default: Namespaces;
  /** locale -> import() of that locale's namespaces. */
  loaders: Readonly<Record<string, () => Promise<Namespaces>>>;
}

interface Loaded {
  set: TextSet;
  load: (locale: string) => Promise<Namespaces>;
  /** Each locale's part once loaded, and the loads under way. */
  locales: Map<string, Namespaces>;
  pending: Map<string, Promise<void>>;
  /** In the catalogue: set once the part of the locale shown when it was required is there. */
  active: boolean;
  ready: Promise<void>;
}

const required = new Map<TextSet, Loaded>();
const listeners = new Set<() => void>();
let version = 0;
let shownLocale = DEFAULT_LOCALE;

function changed() {
  version++;
  for (const listener of listeners) listener();
}

function loadPart(entry: Loaded, locale: string): Promise<void> {
  if (locale === DEFAULT_LOCALE || entry.locales.has(locale)) return Promise.resolve();
  let pending = entry.pending.get(locale);
  if (!pending) {
    // A part that fails to load reads English (the translator's fallback) rather than never showing.
    const keep = (part: Namespaces) => {
      entry.locales.set(locale, part);
      entry.pending.delete(locale);
      if (entry.active) changed();
    };
    pending = entry.load(locale).then(keep, () => keep({}));
    entry.pending.set(locale, pending);
  }
  return pending;
}

/** The locale the engine page shows: what `requireTexts` loads besides English. */
export function showLocale(locale: string): void {
  shownLocale = locale;
}

/** Makes `set` part of every page catalogue once its part for the shown locale is there too. */
export function requireTexts(set: TextSet): Promise<void> {
  const entry = required.get(set);
  if (entry) return entry.active ? loadPart(entry, shownLocale) : entry.ready;
  const created: Loaded = { set, load: localeChunkLoader(set.loaders), locales: new Map(), pending: new Map(), active: false, ready: Promise.resolve() };
  created.ready = loadPart(created, shownLocale).then(() => {
    created.active = true;
    changed();
  });
  required.set(set, created);
  return created.ready;
}

const activeEntries = () => [...required.values()].filter((e) => e.active);

/** Loads every required set's part for `locale`; true when all of them are already there. */
export function loadTextsFor(locale: string): boolean {
  if (locale === DEFAULT_LOCALE) return true;
  const missing = activeEntries().filter((e) => !e.locales.has(locale));
  for (const entry of missing) void loadPart(entry, locale);
  return missing.length === 0;
}

/** `catalog` with the required sets' namespaces: English, and `locale`'s when loaded. */
export function withRequiredTexts(catalog: MessageCatalog, locale: string): MessageCatalog {
  const entries = activeEntries();
  if (entries.length === 0) return catalog;
  const next: MessageCatalog = { ...catalog, [DEFAULT_LOCALE]: { ...catalog[DEFAULT_LOCALE] } };
  if (locale !== DEFAULT_LOCALE) next[locale] = { ...ownValue(catalog, locale) };
  for (const entry of entries) {
    Object.assign(next[DEFAULT_LOCALE], entry.set.default);
    if (locale !== DEFAULT_LOCALE) Object.assign(next[locale], entry.locales.get(locale));
  }
  return next;
}

/** For useSyncExternalStore: a number that changes whenever the required texts do. */
export function textsVersion(): number {
  return version;
}

export function subscribeTexts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
