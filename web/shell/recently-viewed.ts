/** Recently viewed pages, most recent first, kept in local storage with the footer block's open state. */
export const RECENTLY_VIEWED_KEY = 'tessera.recentlyViewed';
export const RECENTLY_VIEWED_OPEN_KEY = 'tessera.recentlyViewed.open';
export const RECENTLY_VIEWED_MAX = 8;

export interface RecentItem {
  href: string;
  title: string;
}

export function readRecent(storage: Storage): RecentItem[] {
  try {
    const list = JSON.parse(storage.getItem(RECENTLY_VIEWED_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((i): i is RecentItem => !!i && typeof i.href === 'string' && typeof i.title === 'string') : [];
  } catch {
    return [];
  }
}

/** Moves (or adds) the item to the front, without duplicates, capped. */
export function rememberRecent(storage: Storage, item: RecentItem): RecentItem[] {
  const list = [item, ...readRecent(storage).filter((i) => i.href !== item.href)].slice(0, RECENTLY_VIEWED_MAX);
  storage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(list));
  return list;
}

/** What the footer lists: every recent page but the one being shown (query and trailing slash aside). */
export function recentOtherThan(items: RecentItem[], location: string): RecentItem[] {
  const bare = (href: string) => href.split(/[?#]/)[0].replace(/\/+$/, '');
  return items.filter((i) => bare(i.href) !== bare(location));
}
