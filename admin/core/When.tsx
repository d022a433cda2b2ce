/** A moment as a <time>: the date and the minute in the admin's locale (the exact instant in `dateTime`). */
export const whenText = (ms: number, locale: string): string => new Date(ms).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });

export function When({ ms, locale }: { ms: number; locale: string }) {
  return <time dateTime={new Date(ms).toISOString()}>{whenText(ms, locale)}</time>;
}
