/**
 * The languages and translations admin (community §3, §4, §5, §7 "Translations"; core §9): the
 * catalogue of keys (the app's messages and the site's content labels), progress per language,
 * publishing, its history, and the bulk writes. Rules: engine/core/i18n/languages.ts; the
 * overrides are written through ./overrides.ts (one transaction, audit, `i18n:update`).
 */
import { blockNameKey, blockOptionKey, CONTENT_KEY_PREFIX, moduleNameKey, optionTexts, pageNameKey } from '../../engine/core/i18n/content-keys';
import { messages } from '../../engine/core/i18n';
import {
  catalogueOf,
  isSupportedLanguage,
  publishedLanguages,
  SUPPORTED_ISO_CODES,
  SUPPORTED_LANGUAGES,
  togglePublished,
  TRANSLATION_PAGE_SIZE,
  unsupportedLanguageMessage,
} from '../../engine/core/i18n/languages';
import { formulaSafe, parseTranslationFile } from '../../engine/core/i18n/translation-file';
import { DEFAULT_LOCALE } from '../../engine/core/constants';
import type { Block, Module, Page, Settings } from '../../schemas/model';
import type {
  BulkLanguageUploadRequest,
  BulkLanguageUploadResponse,
  I18nAllResponse,
  LanguageHistoryEntry,
  LanguagesSettingsResponse,
  TranslateProgressResponse,
  TranslationEntry,
} from '../../schemas/model/api/i18n-admin';
import { recordAudit } from '../audit';
import type { AppContext, SignedInUser } from '../context';
import { badRequest, notFound } from '../errors';
import { emitSettingsUpdated } from '../settings/settings-events';
import { contentTranslation } from './content';
import { writeOverrides } from './overrides';

/** The history document keeps this many publish changes (newest last). */
const HISTORY_CAP = 500;
const HISTORY_SHOWN = 200;
/** A refused upload names at most this many rows. */
const ERRORS_SHOWN = 20;

/** The app's own keys: English text and the built-in texts of other languages (computed once; the catalogue is built in). */
const APP_EN = catalogueOf(messages, 'en');
const APP_BUILT_IN = new Map(SUPPORTED_ISO_CODES.filter((iso) => iso !== 'en').map((iso) => [iso, catalogueOf(messages, iso)]));

/** The site's content labels now (module, page and block names, block option texts): key -> stored text. */
async function contentLabels(ctx: AppContext): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const { data } of await ctx.store.list<Module>('module')) if (data?.id && data.name) out.set(moduleNameKey(data), data.name);
  for (const { data } of await ctx.store.list<Page>('page')) if (data?.id && data.name) out.set(pageNameKey(data), data.name);
  for (const { data } of await ctx.store.list<Block>('block')) {
    if (!data?.id) continue;
    if (typeof data.name === 'string' && data.name) out.set(blockNameKey(data.id), data.name);
    for (const t of optionTexts(ctx.validator.blockTypes[data.type]?.options, data.options)) out.set(blockOptionKey(data.id, t.path), t.text);
  }
  return out;
}

async function overridesOf(ctx: AppContext): Promise<Map<string, Record<string, string>>> {
  const out = new Map<string, Record<string, string>>();
  for (const iso of SUPPORTED_ISO_CODES) {
    const data = (await ctx.store.get<Record<string, string>>('i18n', iso))?.data;
    if (data && typeof data === 'object') out.set(iso, data);
  }
  return out;
}

/** Every key with its default text: the app's, the site's content, and overridden keys neither knows any more (so they can be removed). */
async function allEntries(ctx: AppContext): Promise<TranslationEntry[]> {
  const content = await contentLabels(ctx);
  const overrides = await overridesOf(ctx);
  const defaults = new Map([...APP_EN, ...content]);
  for (const o of overrides.values()) for (const key of Object.keys(o)) if (!defaults.has(key)) defaults.set(key, '');
  return [...defaults.keys()].sort().map((key) => {
    const builtIn: Record<string, string> = {};
    for (const [iso, cat] of APP_BUILT_IN) {
      const text = cat.get(key);
      if (text !== undefined) builtIn[iso] = text;
    }
    const own: Record<string, string> = {};
    for (const [iso, o] of overrides) if (typeof o[key] === 'string') own[iso] = o[key];
    return { key, defaultValue: defaults.get(key)!, builtIn, overrides: own };
  });
}

const translatedIn = (e: TranslationEntry, iso: string): boolean => iso === 'en' || e.builtIn[iso] !== undefined || e.overrides[iso] !== undefined;

export async function i18nAll(ctx: AppContext, query: { q?: string; page?: string; untranslated?: string }): Promise<I18nAllResponse> {
  const page = query.page === undefined ? 0 : Number(query.page);
  if (!Number.isInteger(page) || page < 0 || page > 10_000) throw badRequest(`page must be a whole number from 0, got "${String(query.page).slice(0, 20)}"`);
  if (query.untranslated !== undefined && !isSupportedLanguage(query.untranslated)) throw badRequest(unsupportedLanguageMessage(query.untranslated));
  const q = (query.q ?? '').slice(0, 200).trim().toLowerCase();
  let entries = await allEntries(ctx);
  if (query.untranslated) entries = entries.filter((e) => !translatedIn(e, query.untranslated!));
  if (q)
    entries = entries.filter(
      (e) =>
        e.key.toLowerCase().includes(q) ||
        e.defaultValue.toLowerCase().includes(q) ||
        [...Object.values(e.builtIn), ...Object.values(e.overrides)].some((t) => t.toLowerCase().includes(q)),
    );
  const start = page * TRANSLATION_PAGE_SIZE;
  return { entries: entries.slice(start, start + TRANSLATION_PAGE_SIZE), total: entries.length, page, pageSize: TRANSLATION_PAGE_SIZE };
}

export async function translateProgress(ctx: AppContext): Promise<TranslateProgressResponse> {
  const entries = (await allEntries(ctx)).filter((e) => e.defaultValue !== '');
  const total = entries.length;
  return {
    locales: SUPPORTED_ISO_CODES.map((iso) => {
      const translated = entries.filter((e) => translatedIn(e, iso)).length;
      return { iso, translated, total, share: total ? translated / total : 1 };
    }),
  };
}

const settingsOf = async (ctx: AppContext): Promise<Settings> => (await ctx.store.get<Settings>('settings', 'app'))?.data ?? {};

function languagesView(settings: Settings): LanguagesSettingsResponse {
  const defaultLocale = settings.languages?.default ?? DEFAULT_LOCALE;
  const published = publishedLanguages(settings);
  return {
    default: defaultLocale,
    published,
    languages: SUPPORTED_LANGUAGES.map(({ iso, nativeName }) => ({ iso, nativeName, published: published.includes(iso), isDefault: iso === defaultLocale })),
  };
}

export const languagesSettings = async (ctx: AppContext): Promise<LanguagesSettingsResponse> => languagesView(await settingsOf(ctx));

/** Publishes or unpublishes a supported language in the settings (`languages.published`, the one source), with its history row. */
export async function toggleLanguage(ctx: AppContext, user: SignedInUser, language: string, wanted: boolean | undefined): Promise<LanguagesSettingsResponse> {
  const result = await ctx.store.transaction(async (tx) => {
    const settings = (await tx.get<Settings>('settings', 'app'))?.data ?? {};
    const published = wanted ?? !publishedLanguages(settings).includes(language);
    const next = togglePublished(settings, language, published);
    if ('refused' in next)
      throw badRequest(
        next.refused === 'unsupported' ? unsupportedLanguageMessage(language) : `Language "${language}" is the default language and is always published`,
      );
    const enabled = [...new Set([...(settings.languages?.enabled ?? []), ...next.published])];
    const updated: Settings = {
      ...settings,
      languages: { ...settings.languages, default: settings.languages?.default ?? DEFAULT_LOCALE, enabled, published: next.published },
    };
    await tx.put('settings', 'app', updated);
    const history = (await tx.get<{ items?: unknown }>('languageHistory', 'app'))?.data?.items;
    const entry: LanguageHistoryEntry = { language, published, accountId: user.account.accountId, time: Date.now() };
    await tx.put('languageHistory', 'app', { items: [...(Array.isArray(history) ? history : []), entry].slice(-HISTORY_CAP) });
    return { view: languagesView(updated), published };
  });
  await recordAudit(ctx, { accountId: user.account.accountId, logType: result.published ? 'i18n.publish' : 'i18n.unpublish', subject: language });
  await emitSettingsUpdated(ctx, 'languages');
  return result.view;
}

const isHistoryEntry = (e: unknown): e is LanguageHistoryEntry =>
  !!e &&
  typeof e === 'object' &&
  typeof (e as LanguageHistoryEntry).language === 'string' &&
  typeof (e as LanguageHistoryEntry).published === 'boolean' &&
  typeof (e as LanguageHistoryEntry).accountId === 'string' &&
  typeof (e as LanguageHistoryEntry).time === 'number';

/** Newest first; rows of another shape are skipped (read tolerantly). */
export async function languagesHistory(ctx: AppContext): Promise<LanguageHistoryEntry[]> {
  const stored = (await ctx.store.get<{ items?: unknown }>('languageHistory', 'app'))?.data?.items;
  return (Array.isArray(stored) ? stored.filter(isHistoryEntry) : []).reverse().slice(0, HISTORY_SHOWN);
}

function requireSupported(language: string): void {
  if (!isSupportedLanguage(language)) throw badRequest(unsupportedLanguageMessage(language));
}

/** All rows or none: every key must be an app key or a content label that exists. */
export async function bulkUpload(ctx: AppContext, user: SignedInUser, body: BulkLanguageUploadRequest): Promise<BulkLanguageUploadResponse> {
  requireSupported(body.language);
  const { rows, errors } = parseTranslationFile(body.format, body.content);
  const items: { key: string; data: string | null }[] = [];
  const seen = new Set<string>();
  const keyPattern = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_-]+)+$/;
  for (const { row, key, value } of rows) {
    const where = `${body.format === 'csv' ? 'line' : 'entry'} ${row}`;
    if (!keyPattern.test(key)) errors.push(`${where}: "${key.slice(0, 80)}" is not a translation key`);
    else if (seen.has(key)) errors.push(`${where}: "${key}" appears twice`);
    else if (value.length > 10_000) errors.push(`${where}: the text is longer than 10000 characters`);
    else if (key.startsWith(CONTENT_KEY_PREFIX)) {
      try {
        items.push({ key, data: await contentTranslation(ctx, key, value === '' ? null : formulaSafe(value)) });
      } catch (err) {
        errors.push(`${where}: ${(err as Error).message}`);
      }
    } else if (!APP_EN.has(key)) errors.push(`${where}: "${key}" is not a key of the app`);
    else items.push({ key, data: value === '' ? null : formulaSafe(value) });
    seen.add(key);
  }
  if (errors.length)
    throw badRequest(
      `Nothing was stored: ${errors.length} problem(s) in the file: ${errors.slice(0, ERRORS_SHOWN).join('; ')}${errors.length > ERRORS_SHOWN ? '; ...' : ''}`,
    );
  const { overrides } = await writeOverrides(ctx, user, body.language, items, 'i18n.bulkUpload');
  return { language: body.language, written: items.length, overrides };
}

export async function clearLanguage(ctx: AppContext, user: SignedInUser, language: string): Promise<number> {
  requireSupported(language);
  return Object.keys((await writeOverrides(ctx, user, language, 'clear', 'i18n.clear')).changed).length;
}

/** DELETE i18n/{key}?locale=: 404 when the locale has no override of it. */
export async function deleteOverride(ctx: AppContext, user: SignedInUser, key: string, locale: string): Promise<Record<string, string>> {
  requireSupported(locale);
  const current = (await ctx.store.get<Record<string, string>>('i18n', locale))?.data ?? {};
  if (!Object.hasOwn(current, key)) throw notFound(`"${key}" has no override in ${locale}`);
  return (await writeOverrides(ctx, user, locale, [{ key, data: null }], 'i18n.delete')).overrides;
}
