/**
 * The rules behind the entity blocks: "Add to calendar" links (core §7.5), dates in an event's
 * time zone, and how a join or leave shows before the server answers.
 */
import { describe, expect, it } from 'vitest';
import { calendarLinks, CALENDAR_DETAILS_MAX } from '../../engine/core/calendar-links';
import { formatDayAndTimeInZone, formatDayInZone, timeZoneLabel } from '../../engine/core/date-display';
import { entitySearchParams } from '../../engine/data/entity-search';
import { optimisticJoin, optimisticLeave } from '../../engine/data/entity-join';
import type { JoinState } from '../../schemas/model/api/entities';

describe('calendar links', () => {
  const event = {
    title: 'Open evening',
    location: 'Canal Yard',
    details: 'Meet the makers',
    start: '2026-12-03T18:00:00.000Z',
    end: '2026-12-03T20:00:00.000Z',
  };

  it('carry title, location, details, start and end to three services', () => {
    const [google, outlook, yahoo] = calendarLinks(event).map((l) => ({ service: l.service, url: new URL(l.url) }));
    expect([google.service, outlook.service, yahoo.service]).toEqual(['google', 'outlook', 'yahoo']);
    expect(Object.fromEntries(google.url.searchParams)).toMatchObject({
      action: 'TEMPLATE',
      text: 'Open evening',
      location: 'Canal Yard',
      details: 'Meet the makers',
      dates: '20261203T180000Z/20261203T200000Z',
    });
    expect(Object.fromEntries(outlook.url.searchParams)).toMatchObject({
      subject: 'Open evening',
      location: 'Canal Yard',
      body: 'Meet the makers',
      startdt: '2026-12-03T18:00:00.000Z',
      enddt: '2026-12-03T20:00:00.000Z',
    });
    expect(Object.fromEntries(yahoo.url.searchParams)).toMatchObject({
      title: 'Open evening',
      in_loc: 'Canal Yard',
      desc: 'Meet the makers',
      st: '20261203T180000Z',
      et: '20261203T200000Z',
    });
  });

  it('give an hour without an end (a day when all-day, end exclusive), cut long details, and none without a valid start', () => {
    const noEnd = new URL(calendarLinks({ ...event, end: undefined })[0].url);
    expect(noEnd.searchParams.get('dates')).toBe('20261203T180000Z/20261203T190000Z');
    const allDay = new URL(calendarLinks({ ...event, end: undefined, allDay: true })[0].url);
    expect(allDay.searchParams.get('dates')).toBe('20261203/20261204');
    const long = new URL(calendarLinks({ ...event, details: 'x'.repeat(5000) })[0].url);
    expect(long.searchParams.get('details')).toHaveLength(CALENDAR_DETAILS_MAX);
    expect(calendarLinks({ ...event, start: 'soon' })).toEqual([]);
    // Words that look like parameters stay words.
    const tricky = new URL(calendarLinks({ ...event, title: 'A&B=C?' })[0].url);
    expect(tricky.searchParams.get('text')).toBe('A&B=C?');
  });
});

describe('dates in a time zone', () => {
  const at = Date.parse('2026-12-03T23:30:00.000Z');
  it('show the wall-clock time of the zone, the viewer-independent way', () => {
    expect(formatDayAndTimeInZone(at, 'Europe/Paris')).toBe('2026-12-04 00:30');
    expect(formatDayAndTimeInZone(at, 'America/New_York')).toBe('2026-12-03 18:30');
    expect(formatDayInZone(at, 'Asia/Tokyo')).toBe('2026-12-04');
    expect(formatDayAndTimeInZone(at, 'Europe/Paris', { dateAndTimeFormat: 'dd/MM/yyyy HH:mm' })).toBe('04/12/2026 00:30');
  });
  it('name the zone, and fall back to the viewer for an unknown one', () => {
    expect(timeZoneLabel(at, 'UTC')).toBe('UTC');
    expect(timeZoneLabel(at, 'Not/AZone')).toBeUndefined();
    expect(formatDayAndTimeInZone(at, 'Not/AZone')).toBe(formatDayAndTimeInZone(at, undefined));
    expect(formatDayAndTimeInZone(NaN, 'UTC')).toBe('');
  });
});

describe('join before the answer', () => {
  const state: JoinState = { entityId: 'e', state: null, listId: 'l', memberCount: 4, capacity: 5, isFull: false, approval: false };
  it('is accepted with one more member (full at capacity), or a request under approval', () => {
    expect(optimisticJoin(state)).toMatchObject({ state: 'accepted', memberCount: 5, isFull: true });
    expect(optimisticJoin({ ...state, approval: true })).toMatchObject({ state: 'applied', memberCount: 4, isFull: false });
  });
  it('leaving withdraws; a member leaving frees her place', () => {
    expect(optimisticLeave({ ...state, state: 'accepted', memberCount: 5, isFull: true })).toMatchObject({ state: 'withdrawn', memberCount: 4, isFull: false });
    expect(optimisticLeave({ ...state, state: 'applied' })).toMatchObject({ state: 'withdrawn', memberCount: 4 });
  });
});

describe('search parameters', () => {
  it('name several definitions, filters as JSON and the circle', () => {
    expect(
      entitySearchParams({
        definitionIds: ['a', 'b'],
        q: ' wood ',
        filters: { level: ['beginner'], kind: [] },
        near: { lat: 1, lng: 2, radiusKm: 3 },
        page: 2,
        limit: 5,
      }),
    ).toEqual({
      definitionId: 'a,b',
      q: 'wood',
      filters: '{"level":"beginner"}',
      near: '1,2,3',
      page: 2,
      limit: 5,
    });
    expect(entitySearchParams({})).toEqual({});
  });
});
