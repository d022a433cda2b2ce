/** A message that says a number: `<key>.one` where the locale's plural rule says "one", else `<key>.other` (with `{count}`). */
import type { Translate } from '../frame/types';

export function countText(t: Translate, locale: string, key: string, count: number, params: Record<string, string | number> = {}): string {
  const form = new Intl.PluralRules(locale).select(count) === 'one' ? 'one' : 'other';
  return t(`${key}.${form}`, { ...params, count });
}
