/** Pure rules behind the community blocks: social links, geo points, favourites, page windows, headless search state. */
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { allFavourites, favouritesOf } from '../../engine/core/favourites';
import { geoPointOf } from '../../engine/core/geo';
import { socialHref, socialLinksOf } from '../../engine/core/social-links';
import { createMemberSearches, searchQueryOf } from '../../engine/data/member-searches';
import type { MemberSearchQuery } from '../../engine/data/member-search';
import { pageWindow } from '../../engine/react/pager';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('social links', () => {
  it('links only http(s) addresses with a host and plain email addresses', () => {
    expect(socialHref('website', 'https://example.org/a')).toBe('https://example.org/a');
    expect(socialHref('x', 'javascript:alert(1)')).toBeUndefined();
    expect(socialHref('website', 'data:text/html,x')).toBeUndefined();
    expect(socialHref('email', 'maya@example.org')).toBe('mailto:maya@example.org');
    expect(socialHref('email', 'mailto:maya@example.org?subject=x')).toBeUndefined();
    expect(socialHref('linkedin', 42)).toBeUndefined();
    expect(socialLinksOf({ website: 'https://a.example', toString: 'https://evil.example', linkedin: 'nope' }).map((l) => l.network)).toEqual(['website']);
    expect(socialLinksOf(undefined)).toEqual([]);
  });
});

describe('geo points and favourites', () => {
  it('reads stored values tolerantly', () => {
    expect(geoPointOf({ lat: 51.5, lng: -0.1 })).toEqual({ lat: 51.5, lng: -0.1 });
    for (const bad of [null, 'x', [1, 2], { lat: 91, lng: 0 }, { lat: '1', lng: 2 }, { lat: Number.NaN, lng: 0 }]) expect(geoPointOf(bad)).toBeUndefined();
    expect(favouritesOf({ favourites: { profiles: ['maya', 3 as unknown as string] } }, 'profiles')).toEqual(['maya']);
    expect(favouritesOf({ favourites: {} }, 'toString')).toEqual([]);
    expect(allFavourites({ favourites: { profiles: ['a'], pages: 'x' as unknown as string[] } })).toEqual([
      { type: 'profiles', ids: ['a'] },
      { type: 'pages', ids: [] },
    ]);
  });

  it('shows a window of page numbers around the current page', () => {
    expect(pageWindow(1, 4, 7)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(10, 20, 5)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(20, 20, 5)).toEqual([16, 17, 18, 19, 20]);
  });
});

describe('headless search state', () => {
  it('runs once its scope is set, coalesces changes of one turn, resets the page on a new choice and appends with load more', async () => {
    const store = createStore();
    const asked: MemberSearchQuery[] = [];
    const searches = createMemberSearches(store, async (q) => {
      asked.push(q);
      return { accountIds: [`p${q.page}`], total: 25, facets: { city: [{ value: 'Paris', count: 2 }] } };
    });
    searches.choose('s', { text: 'maya' });
    await tick();
    expect(asked).toEqual([]);
    searches.setScope('s', { listIds: ['makers'], limit: 10 });
    searches.watchFacets('s', ['city']);
    searches.setAppend('s', true);
    await tick();
    expect(asked).toEqual([{ text: 'maya', listIds: ['makers'], facets: ['city'], sort: 'name', page: 1, limit: 10 }]);
    searches.choose('s', { page: 2 });
    await tick();
    expect(store.get(searches.atom('s'))).toMatchObject({
      status: 'ready',
      accountIds: ['p1', 'p2'],
      total: 25,
      facets: { city: [{ value: 'Paris', count: 2 }] },
    });
    searches.choose('s', { filters: { city: ['Paris', 'Lyon'] } });
    await tick();
    expect(asked.at(-1)).toMatchObject({
      page: 1,
      filters: [
        { key: 'city', value: 'Paris' },
        { key: 'city', value: 'Lyon' },
      ],
    });
    expect(store.get(searches.atom('s')).accountIds).toEqual(['p1']);
    expect(searchQueryOf(store.get(searches.atom('other')))).toBeUndefined();
  });

  it('drops an answer to an older query', async () => {
    const store = createStore();
    const waiting: ((v: { accountIds: string[]; total: number }) => void)[] = [];
    const searches = createMemberSearches(store, () => new Promise((resolve) => waiting.push(resolve)));
    searches.setScope('s', { listIds: [], limit: 10 });
    await tick();
    searches.choose('s', { text: 'b' });
    await tick();
    waiting[1]({ accountIds: ['new'], total: 1 });
    waiting[0]({ accountIds: ['old'], total: 9 });
    await tick();
    expect(store.get(searches.atom('s'))).toMatchObject({ accountIds: ['new'], total: 1 });
  });
});
