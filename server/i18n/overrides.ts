/** Inline-edited labels (spec 7.1 i18n): overrides per published locale, pushed to every client. */
import { DEFAULT_LOCALE } from '../../engine/core/constants';
import type { Settings } from '../../schemas/model';
import type { I18nBatchRequest } from '../../schemas/model/api/i18n';
import type { AppContext, SignedInUser } from '../context';
import { badRequest, forbidden } from '../errors';
import { canAdminister } from '../permissions';
import { contentTranslation } from './content';

async function publishedLocales(ctx: AppContext): Promise<string[]> {
  const settings = (await ctx.store.get<Settings>('settings', 'app'))?.data ?? {};
  return settings.languages?.published ?? [settings.languages?.default ?? DEFAULT_LOCALE];
}

/** The overrides of a published locale (key -> text); 400 naming the published ones for another. */
export async function readI18nOverrides(ctx: AppContext, locale: string): Promise<Record<string, string>> {
  const published = await publishedLocales(ctx);
  if (!published.includes(locale)) throw badRequest(`locale "${locale}" is not published (${published.join(', ')})`);
  return (await ctx.store.get<Record<string, string>>('i18n', locale))?.data ?? {};
}

/** Writes inline-edited labels of a published locale (null removes one) and tells every client. */
export async function saveI18nOverrides(ctx: AppContext, user: SignedInUser, locale: string, items: I18nBatchRequest): Promise<Record<string, string>> {
  if (!canAdminister(user, 'manageTextEdit')) throw forbidden('You may not edit texts (manageTextEdit)');
  const published = await publishedLocales(ctx);
  if (!published.includes(locale)) throw badRequest(`locale "${locale}" is not published (${published.join(', ')})`);
  // A content translation must name a label that exists; HTML is stored sanitised (./content.ts).
  items = await Promise.all(items.map(async (item) => ({ ...item, data: await contentTranslation(ctx, item.key, item.data) })));
  const overrides = await ctx.store.transaction(async (tx) => {
    // A Map: keys are user input, and `__proto__` must stay a plain name.
    const next = new Map(Object.entries((await tx.get<Record<string, string>>('i18n', locale))?.data ?? {}));
    for (const { key, data } of items) {
      if (data === null) next.delete(key);
      else next.set(key, data);
    }
    const stored = Object.fromEntries(next);
    await tx.put('i18n', locale, stored);
    return stored;
  });
  const changed = Object.fromEntries(items.map(({ key, data }) => [key, data]));
  // `iso` + `overrides` is what the shell applies; `locale`/`key`/`value` name a single edit.
  const single = items.length === 1 ? { key: items[0].key, value: items[0].data } : {};
  ctx.realtime?.broadcast('i18n:update', { locale, iso: locale, overrides: changed, ...single });
  return overrides;
}
