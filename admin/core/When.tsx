/** A moment as a <time>: the day and the minute in the site's date-and-time format (the exact instant in `dateTime`). */
import { formatDayAndTime, type DateSettings } from '../../engine/core/date-display';

export const whenText = (ms: number, dates?: DateSettings): string => formatDayAndTime(ms, dates);

export function When({ ms, dates }: { ms: number; dates?: DateSettings }) {
  return <time dateTime={new Date(ms).toISOString()}>{whenText(ms, dates)}</time>;
}
