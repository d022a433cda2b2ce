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
