/**
 * "Add to calendar" (core §7.5): links to three external calendar services (Google, Outlook,
 * Yahoo), each carrying the title, location, details, start and end. Times go out in UTC; an
 * all-day event as its days (the end day exclusive, as the services read it).
 */

export interface CalendarEvent {
  title: string;
  location?: string;
  details?: string;
  /** ISO 8601 date-times. */
  start: string;
  end?: string;
  allDay?: boolean;
}

export type CalendarService = 'google' | 'outlook' | 'yahoo';
export const CALENDAR_SERVICES: readonly CalendarService[] = ['google', 'outlook', 'yahoo'];

/** Details are cut: a URL of several kilobytes is refused by some services. */
export const CALENDAR_DETAILS_MAX = 1000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const compact = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const utcStamp = (ms: number) => compact(new Date(ms).toISOString());
const dayStamp = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');

/** The event's start and end in ms; an end missing or before the start is an hour (a day when all-day) later. Undefined when the start is not a date. */
function span(event: CalendarEvent): { start: number; end: number } | undefined {
  const start = Date.parse(event.start);
  if (!Number.isFinite(start)) return undefined;
  const end = event.end ? Date.parse(event.end) : NaN;
  return { start, end: Number.isFinite(end) && end > start ? end : start + (event.allDay ? DAY_MS : HOUR_MS) };
}

/** The three services' links, or none when the event has no valid start. */
export function calendarLinks(event: CalendarEvent): { service: CalendarService; url: string }[] {
  const when = span(event);
  if (!when) return [];
  const details = (event.details ?? '').slice(0, CALENDAR_DETAILS_MAX);
  const location = event.location ?? '';
  // All-day: whole days, the end day exclusive (an event on the 3rd ends on the 4th).
  const endDay = when.end + (event.allDay && when.end - when.start < DAY_MS ? DAY_MS : 0);

  const google = new URL('https://calendar.google.com/calendar/render');
  google.searchParams.set('action', 'TEMPLATE');
  google.searchParams.set('text', event.title);
  google.searchParams.set('dates', event.allDay ? `${dayStamp(when.start)}/${dayStamp(endDay)}` : `${utcStamp(when.start)}/${utcStamp(when.end)}`);
  google.searchParams.set('details', details);
  google.searchParams.set('location', location);

  const outlook = new URL('https://outlook.live.com/calendar/0/deeplink/compose');
  outlook.searchParams.set('path', '/calendar/action/compose');
  outlook.searchParams.set('rru', 'addevent');
  outlook.searchParams.set('subject', event.title);
  outlook.searchParams.set('startdt', new Date(when.start).toISOString());
  outlook.searchParams.set('enddt', new Date(event.allDay ? endDay : when.end).toISOString());
  if (event.allDay) outlook.searchParams.set('allday', 'true');
  outlook.searchParams.set('body', details);
  outlook.searchParams.set('location', location);

  const yahoo = new URL('https://calendar.yahoo.com/');
  yahoo.searchParams.set('v', '60');
  yahoo.searchParams.set('title', event.title);
  yahoo.searchParams.set('st', event.allDay ? dayStamp(when.start) : utcStamp(when.start));
  yahoo.searchParams.set('et', event.allDay ? dayStamp(endDay) : utcStamp(when.end));
  if (event.allDay) yahoo.searchParams.set('dur', 'allday');
  yahoo.searchParams.set('desc', details);
  yahoo.searchParams.set('in_loc', location);

  return [
    { service: 'google', url: google.toString() },
    { service: 'outlook', url: outlook.toString() },
    { service: 'yahoo', url: yahoo.toString() },
  ];
}
