/**
 * i18n lookup. Messages live in `engine/core/i18n/messages/<locale>/<namespace>.json` (nested
 * objects); a key is `<namespace>.<path>`, e.g. `form.saving.success`. Every user-visible string
 * goes through here. Missing in the locale -> English -> the key itself (so a gap is visible,
 * never a crash). Parameters fill `{name}` placeholders.
 */
import { DEFAULT_LOCALE } from '../constants';
import { ownValue } from '../own';
import { markText } from './text-marks';

export interface MessageTree {
  [key: string]: string | MessageTree;
}

/** locale -> namespace -> messages */
export type MessageCatalog = Record<string, Record<string, MessageTree>>;

export type MessageParams = Record<string, string | number>;

export interface Translator {
  locale: string;
  t(key: string, params?: MessageParams): string;
  has(key: string): boolean;
  /** True in text-edit mode: every message carries its key's mark (./text-marks). */
  marks?: boolean;
}

function lookup(catalog: MessageCatalog, locale: string, key: string): string | undefined {
  const [namespace, ...path] = key.split('.');
  let node: string | MessageTree | undefined = ownValue(ownValue(catalog, locale), namespace);
  for (const part of path) {
    if (!node || typeof node === 'string' || !Object.prototype.hasOwnProperty.call(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function interpolate(message: string, params?: MessageParams): string {
  if (!params) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export interface TranslatorOptions {
  /** Text-edit mode: every message carries its key's invisible mark (./text-marks). */
  mark?: boolean;
}

export function createTranslator(
  catalog: MessageCatalog,
  locale: string = DEFAULT_LOCALE,
  overrides?: Record<string, string>,
  options: TranslatorOptions = {},
): Translator {
  const resolve = (key: string) => ownValue(overrides, key) ?? lookup(catalog, locale, key) ?? lookup(catalog, DEFAULT_LOCALE, key);
  const plain = (key: string, params?: MessageParams) => interpolate(resolve(key) ?? key, params);
  return {
    locale,
    t: options.mark ? (key, params) => markText(key, resolve(key) ?? key, plain(key, params)) : plain,
    has: (key) => resolve(key) !== undefined,
    marks: !!options.mark,
  };
}
