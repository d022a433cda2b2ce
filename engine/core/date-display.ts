/**
 * Dates as the site shows them (core §9 "Date format" yyyy-MM-dd; settings.date.dateFormat and
 * dateAndTimeFormat override it): one rule for the member app, the admin and the server's emails,
 * never the browser's locale default ("11/29/2026").
 */
import { format } from 'date-fns';
import { DATE_FORMAT } from './constants';

export const DATE_AND_TIME_FORMAT = `${DATE_FORMAT} HH:mm`;

export interface DateSettings {
  dateFormat?: string;
  dateAndTimeFormat?: string;
}

function formatWith(epochMs: number, pattern: string | undefined, fallback: string): string {
  const date = new Date(epochMs);
  if (!Number.isFinite(epochMs) || Number.isNaN(date.getTime())) return '';
  // A stored pattern may be malformed (date-fns throws on unknown letters): the default then.
  try {
    return format(date, pattern?.trim() ? pattern : fallback);
  } catch {
    return format(date, fallback);
  }
}

/** The day of `epochMs` in the site's date format. */
export const formatDay = (epochMs: number, settings?: DateSettings): string => formatWith(epochMs, settings?.dateFormat, DATE_FORMAT);

/** The day and time of `epochMs` in the site's date-and-time format. */
export const formatDayAndTime = (epochMs: number, settings?: DateSettings): string => formatWith(epochMs, settings?.dateAndTimeFormat, DATE_AND_TIME_FORMAT);

/**
 * The wall-clock time of `epochMs` in an IANA time zone, as a Date whose local fields read that
 * time (date-fns formats local fields); the viewer's own zone when `timeZone` is absent or unknown.
 */
function inZone(epochMs: number, timeZone: string | undefined): number {
  if (!timeZone) return epochMs;
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(epochMs));
    const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return new Date(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')).getTime();
  } catch {
    return epochMs; // an unknown zone name: the viewer's zone
  }
}

/** The zone's short name at that moment ("CET", "GMT+1"), or undefined for an unknown zone. */
export function timeZoneLabel(epochMs: number, timeZone: string): string | undefined {
  try {
    const parts = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'short' }).formatToParts(new Date(epochMs));
    return parts.find((p) => p.type === 'timeZoneName')?.value;
  } catch {
    return undefined;
  }
}

/** The day of `epochMs` in a time zone (events keep theirs, durations power-up), in the site's date format. */
export const formatDayInZone = (epochMs: number, timeZone: string | undefined, settings?: DateSettings): string =>
  Number.isFinite(epochMs) ? formatDay(inZone(epochMs, timeZone), settings) : '';

/** The day and time of `epochMs` in a time zone, in the site's date-and-time format. */
export const formatDayAndTimeInZone = (epochMs: number, timeZone: string | undefined, settings?: DateSettings): string =>
  Number.isFinite(epochMs) ? formatDayAndTime(inZone(epochMs, timeZone), settings) : '';
