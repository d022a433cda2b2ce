/**
 * The search settings rule (engine/core/search-settings.ts): defaults are the behaviour from before
 * the settings, an admin's overrides choose among public values only, changes are checked naming
 * the field, and stored settings are read tolerantly.
 */
import { describe, expect, it } from 'vitest';
import {
  applySearchChange,
  EMPTY_SEARCH_SETTINGS,
  entitySearchField,
  isIndexStale,
  isProfileFieldFilterable,
  isProfileFieldSearchable,
  memberIndexContent,
  profileSearchFields,
  readSearchSettings,
  searchChangeProblems,
  typeCanFilter,
  typeCanSearch,
} from '../../engine/core/search-settings';
import { publicProfileValues } from '../../engine/core/profile-privacy';
import { memberDocument } from '../../server/search/member-document';
import { searchQueryOf, type SearchState } from '../../engine/data/member-searches';

const values = {
  firstName: 'Maya',
  lastName: 'Maker',
  city: 'London',
  bio: 'Woodwork',
  avatar: 'file-1',
  phone: '020 7946',
  days: ['sat', 'sun'],
  geoLocation: { lat: 1, lng: 2 },
};

describe('search settings: defaults', () => {
  it('search every value but a photo and a point, filter on every value, as before the settings', () => {
    for (const key of ['city', 'bio', 'phone', 'days', 'anything']) expect(isProfileFieldSearchable(EMPTY_SEARCH_SETTINGS, key), key).toBe(true);
    for (const key of ['avatar', 'geoLocation']) expect(isProfileFieldSearchable(EMPTY_SEARCH_SETTINGS, key), key).toBe(false);
    for (const key of ['city', 'avatar', 'days']) expect(isProfileFieldFilterable(EMPTY_SEARCH_SETTINGS, key), key).toBe(true);
    expect(memberIndexContent(values, 'Maya Maker', EMPTY_SEARCH_SETTINGS).texts).toEqual(['Maya Maker', 'London', 'Woodwork', '020 7946', 'sat', 'sun']);
  });

  it('the member document of the defaults holds what it held before the settings', () => {
    const doc = memberDocument({ accountId: 'maya' }, { accountId: 'maya', data: { profile: values, meta: {} } });
    expect(doc.body).toBe('maya maker london woodwork 020 7946 sat sun');
    expect(doc.values).toEqual(values);
  });

  it('types: files, points and colours hold no words; files, points and long text are no filters', () => {
    for (const type of ['imageUploader', 'files', 'geoLocation', 'colorPicker']) expect(typeCanSearch(type), type).toBe(false);
    for (const type of ['text', 'textarea', 'options', 'number', 'unknown']) expect(typeCanSearch(type), type).toBe(true);
    for (const type of ['imageUploader', 'files', 'geoLocation', 'wysiwyg', 'textarea']) expect(typeCanFilter(type), type).toBe(false);
    for (const type of ['text', 'options', 'checkbox', 'number', 'date']) expect(typeCanFilter(type), type).toBe(true);
  });
});

describe('search settings: what a member entry holds', () => {
  const settings = applySearchChange(EMPTY_SEARCH_SETTINGS, [
    { key: 'city', searchable: false },
    { key: 'phone', searchable: true, filterable: false },
  ]);

  it('a field made not searchable leaves the words; the name is always searched', () => {
    expect(memberIndexContent(values, 'Maya Maker', settings).texts).toEqual(['Maya Maker', 'Woodwork', '020 7946', 'sat', 'sun']);
    expect(isProfileFieldSearchable(settings, 'firstName')).toBe(true);
    expect(isProfileFieldFilterable(settings, 'phone')).toBe(false);
  });

  it('a private value is never indexed, whatever the settings say', () => {
    const publicValues = publicProfileValues(values, [{ dataSchemaId: 'phone', state: 'private' }]);
    expect(memberIndexContent(publicValues, 'Maya Maker', settings).texts).not.toContain('020 7946');
    const doc = memberDocument(
      { accountId: 'maya', dataPrivacy: [{ dataSchemaId: 'phone', state: 'private' }] },
      { accountId: 'maya', data: { profile: values, meta: {} } },
      settings,
    );
    expect(doc.body).not.toContain('7946');
    expect(doc.values).not.toHaveProperty('phone');
    // Damaged privacy: every value private, the name only.
    const damaged = memberDocument({ accountId: 'maya', dataPrivacy: 'broken' as never }, { accountId: 'maya', data: { profile: values, meta: {} } }, settings);
    expect(damaged.body).toBe('maya');
  });
});

describe('search settings: changes', () => {
  const types = new Map([
    ['city', 'text'],
    ['avatar', 'imageUploader'],
    ['bio', 'textarea'],
    ['firstName', 'text'],
  ]);

  it('names each problem: an unknown field, a flag the type cannot take, the name unsearchable, a field twice, nothing asked', () => {
    expect(searchChangeProblems([{ key: 'city', searchable: false }], types)).toEqual([]);
    expect(searchChangeProblems([{ key: 'shoeSize', searchable: true }], types)).toEqual(['profileFields "shoeSize" is not a field']);
    expect(searchChangeProblems([{ key: 'avatar', filterable: true }], types)).toEqual(['profileFields "avatar": a imageUploader field cannot be filterable']);
    expect(searchChangeProblems([{ key: 'avatar', searchable: true }], types)).toEqual(['profileFields "avatar": a imageUploader field cannot be searchable']);
    expect(searchChangeProblems([{ key: 'bio', filterable: true }], types)).toEqual(['profileFields "bio": a textarea field cannot be filterable']);
    expect(searchChangeProblems([{ key: 'firstName', searchable: false }], types)).toEqual([
      'profileFields "firstName" is part of the public name, which is always searchable',
    ]);
    expect(searchChangeProblems([{ key: 'city' }], types)).toEqual(['profileFields "city": say searchable or filterable']);
    expect(
      searchChangeProblems(
        [
          { key: 'city', searchable: true },
          { key: 'city', filterable: true },
        ],
        types,
      ),
    ).toEqual(['profileFields "city" is listed twice']);
    // Turning a flag off is always allowed (a photo's default filterable can be switched off).
    expect(searchChangeProblems([{ key: 'avatar', filterable: false, searchable: false }], types)).toEqual([]);
  });

  it('moves the revision (the index goes stale) only when a field’s words come or go', () => {
    const filterOnly = applySearchChange(EMPTY_SEARCH_SETTINGS, [{ key: 'city', filterable: false }]);
    expect(filterOnly.revision).toBe(0);
    expect(isIndexStale(filterOnly)).toBe(false);
    const same = applySearchChange(EMPTY_SEARCH_SETTINGS, [{ key: 'city', searchable: true }]);
    expect(same.revision).toBe(0);
    const words = applySearchChange(filterOnly, [{ key: 'city', searchable: false }]);
    expect(words.revision).toBe(1);
    expect(words.profileFields.city).toEqual({ filterable: false, searchable: false });
    expect(isIndexStale(words)).toBe(true);
    expect(isIndexStale({ ...words, indexedRevision: 1 })).toBe(false);
    // The input is left as it was.
    expect(filterOnly.profileFields.city).toEqual({ filterable: false });
  });
});

describe('search settings: stored and listed', () => {
  it('reads stored settings tolerantly: what does not fit is left out, never thrown on', () => {
    expect(readSearchSettings(null)).toEqual(EMPTY_SEARCH_SETTINGS);
    expect(readSearchSettings('x')).toEqual(EMPTY_SEARCH_SETTINGS);
    expect(
      readSearchSettings({ profileFields: { city: { searchable: false, filterable: 'no' }, bio: 3, __proto__x: {} }, revision: -1, lastReindex: { at: 'x' } }),
    ).toEqual({ profileFields: { city: { searchable: false } }, revision: 0 });
    const polluted = readSearchSettings(JSON.parse('{"profileFields":{"__proto__":{"searchable":false}},"revision":2}'));
    expect(Object.keys(polluted.profileFields)).toEqual(['__proto__']);
    expect(isProfileFieldSearchable(EMPTY_SEARCH_SETTINGS, 'city')).toBe(true);
  });

  it('lists profile fields once per key with their effective flags, leaving out what holds no value', () => {
    const fields = [
      { id: 'f1', key: 'city', label: 'City', type: 'text' },
      { id: 'f2', key: 'city', label: 'Town', type: 'text' },
      { id: 'f3', key: 'avatar', label: 'Photo', type: 'imageUploader' },
      { id: 'f4', key: 'intro', label: 'Intro', type: 'heading' },
      { id: 'f5', type: 'text' },
      'junk',
    ];
    const listed = profileSearchFields(fields, (type) => type !== 'heading', applySearchChange(EMPTY_SEARCH_SETTINGS, [{ key: 'city', filterable: false }]));
    expect(listed).toEqual([
      { key: 'city', label: 'City', type: 'text', searchable: true, filterable: false, canSearch: true, canFilter: true },
      { key: 'f5', label: 'f5', type: 'text', searchable: true, filterable: true, canSearch: true, canFilter: true },
      { key: 'avatar', label: 'Photo', type: 'imageUploader', searchable: false, filterable: true, canSearch: false, canFilter: false },
    ]);
    expect(entitySearchField({ key: 'summary', label: 'Summary', type: 'textarea', searchable: true })).toEqual({
      key: 'summary',
      label: 'Summary',
      type: 'textarea',
      searchable: true,
      filterable: false,
      canSearch: true,
      canFilter: false,
    });
  });
});

describe('search settings: the directory leaves out what is not filterable', () => {
  it('a search drops filters, ranges, date ranges and facets on fields made not filterable', () => {
    const state: SearchState = {
      choice: {
        text: 'wood',
        filters: { city: ['London'], days: ['sat'] },
        sort: 'name',
        ranges: { age: { min: 18 }, height: { max: 2 } },
        dates: { joined: { from: '2024-01-01' } },
        page: 1,
      },
      scope: { listIds: [], limit: 20 },
      facetKeys: ['city', 'days'],
      append: false,
      status: 'idle',
      accountIds: [],
      total: 0,
      facets: {},
    };
    expect(searchQueryOf(state, ['city', 'age', 'joined'])).toEqual({
      text: 'wood',
      filters: [{ key: 'days', value: 'sat' }],
      ranges: [{ key: 'height', max: 2 }],
      sort: 'name',
      facets: ['days'],
      page: 1,
      limit: 20,
    });
    expect(searchQueryOf(state)?.facets).toEqual(['city', 'days']);
  });
});
