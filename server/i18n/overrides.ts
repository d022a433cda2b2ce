/** Inline-edited labels (spec 7.1 i18n) and the translation admin's writes: overrides per locale, pushed to every client. */
import { isSupportedLanguage, publishedLanguages, unsupportedLanguageMessage } from '../../engine/core/i18n/languages';
import type { Settings } from '../../schemas/model';
import type { I18nBatchRequest } from '../../schemas/model/api/i18n';
import { recordAudit } from '../audit';
import type { AppContext, SignedInUser } from '../context';
import { badRequest, forbidden } from '../errors';
import { can, canAdminister } from '../permissions';
import { contentTranslation } from './content';

export async function publishedLocales(ctx: AppContext): Promise<string[]> {
  return publishedLanguages((await ctx.store.get<Settings>('settings', 'app'))?.data ?? {});
}

/** The translations admin (settings area, update on settings): admins pass. */
export const mayManageTranslations = (user: SignedInUser): boolean => can(user, 'update', 'settings');

/** The overrides of a published locale (key -> text); 400 naming the published ones for another. */
export async function readI18nOverrides(ctx: AppContext, locale: string): Promise<Record<string, string>> {
  const published = await publishedLocales(ctx);
  if (!published.includes(locale)) throw badRequest(`locale "${locale}" is not published (${published.join(', ')})`);
  return (await ctx.store.get<Record<string, string>>('i18n', locale))?.data ?? {};
}

/**
 * A locale the user may write overrides of: a published one for an inline text editor
 * (manageTextEdit), any supported one for the translations admin too (a language is translated
 * before it is published). 403 without either permission, 400 naming the locales for another.
 */
export async function writableLocale(ctx: AppContext, user: SignedInUser, locale: string): Promise<void> {
  const admin = mayManageTranslations(user);
  if (!admin && !canAdminister(user, 'manageTextEdit')) throw forbidden('You may not edit texts (manageTextEdit or update on settings)');
  const published = await publishedLocales(ctx);
  if (published.includes(locale)) return;
  if (!admin) throw badRequest(`locale "${locale}" is not published (${published.join(', ')})`);
  if (!isSupportedLanguage(locale)) throw badRequest(unsupportedLanguageMessage(locale));
}

/**
 * Writes overrides of `locale` (null removes one) in one transaction, audits it and tells every
 * client (`i18n:update`). The caller has checked the user and the items. Answers the overrides now.
 */
export async function writeOverrides(
  ctx: AppContext,
  user: SignedInUser,
  locale: string,
  items: I18nBatchRequest | 'clear',
  logType = 'i18n.edit',
): Promise<{ overrides: Record<string, string>; changed: Record<string, string | null> }> {
  const result = await ctx.store.transaction(async (tx) => {
    // A Map: keys are user input, and `__proto__` must stay a plain name.
    const before = new Map(Object.entries((await tx.get<Record<string, string>>('i18n', locale))?.data ?? {}));
    const next = items === 'clear' ? new Map<string, string>() : new Map(before);
    if (items !== 'clear')
      for (const { key, data } of items) {
        if (data === null) next.delete(key);
        else next.set(key, data);
      }
    const changed =
      items === 'clear' ? Object.fromEntries([...before.keys()].map((k) => [k, null])) : Object.fromEntries(items.map(({ key, data }) => [key, data]));
    const overrides = Object.fromEntries(next);
    await tx.put('i18n', locale, overrides);
    return { overrides, changed: changed as Record<string, string | null> };
  });
  const keys = Object.keys(result.changed);
  await recordAudit(ctx, { accountId: user.account.accountId, logType, subject: locale, extra: { count: keys.length, keys: keys.slice(0, 20) } });
  // `iso` + `overrides` is what the shell applies; `locale`/`key`/`value` name a single edit.
  const single = keys.length === 1 ? { key: keys[0], value: result.changed[keys[0]] } : {};
  ctx.realtime?.broadcast('i18n:update', { locale, iso: locale, overrides: result.changed, ...single });
  return result;
}

/** Writes inline-edited labels (null removes one) and tells every client. */
export async function saveI18nOverrides(ctx: AppContext, user: SignedInUser, locale: string, items: I18nBatchRequest): Promise<Record<string, string>> {
  await writableLocale(ctx, user, locale);
  // A content translation must name a label that exists; HTML is stored sanitised (./content.ts).
  items = await Promise.all(items.map(async (item) => ({ ...item, data: await contentTranslation(ctx, item.key, item.data) })));
  return (await writeOverrides(ctx, user, locale, items)).overrides;
}
