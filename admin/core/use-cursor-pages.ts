/**
 * A list read page by page with the server's cursor (`next` of one page is the `cursor` of the
 * next): the first page when `load` changes, older pages on `more()`, items kept in the server's
 * order without duplicates. `refresh()` reads the first page again and puts its items in place
 * (a sending broadcast's figures), keeping the older pages already shown.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { toAdminApiError } from './http-api';

export interface CursorPage<T> {
  items: T[];
  next?: string;
}

export type CursorListing<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; items: T[]; next?: string; loadingMore: boolean; moreError?: string };

export function useCursorPages<T extends { id: string }>(load: (cursor: string | undefined, page: number) => Promise<CursorPage<T>>) {
  const [listing, setListing] = useState<CursorListing<T>>({ status: 'loading' });
  const pages = useRef(0);
  const generation = useRef(0);

  useEffect(() => {
    const mine = ++generation.current;
    pages.current = 0;
    setListing({ status: 'loading' });
    load(undefined, 0).then(
      (page) => {
        if (mine !== generation.current) return;
        pages.current = 1;
        setListing({ status: 'ready', items: page.items, next: page.next, loadingMore: false });
      },
      (error: unknown) => mine === generation.current && setListing({ status: 'error', message: toAdminApiError(error).message }),
    );
  }, [load]);

  const more = useCallback(async () => {
    if (listing.status !== 'ready' || !listing.next || listing.loadingMore) return;
    const mine = generation.current;
    setListing({ ...listing, loadingMore: true, moreError: undefined });
    try {
      const page = await load(listing.next, pages.current);
      if (mine !== generation.current) return;
      pages.current += 1;
      setListing((now) => {
        if (now.status !== 'ready') return now;
        const known = new Set(now.items.map((i) => i.id));
        return { status: 'ready', items: [...now.items, ...page.items.filter((i) => !known.has(i.id))], next: page.next, loadingMore: false };
      });
    } catch (error) {
      if (mine === generation.current)
        setListing((now) => (now.status === 'ready' ? { ...now, loadingMore: false, moreError: toAdminApiError(error).message } : now));
    }
  }, [listing, load]);

  const refresh = useCallback(async () => {
    const mine = generation.current;
    const page = await load(undefined, 0);
    if (mine !== generation.current) return;
    setListing((now) => {
      if (now.status !== 'ready') return now;
      const fresh = new Map(page.items.map((i) => [i.id, i]));
      const kept = now.items.map((i) => fresh.get(i.id) ?? i);
      const keptIds = new Set(kept.map((i) => i.id));
      // Items newer than the first one shown go on top.
      return { ...now, items: [...page.items.filter((i) => !keptIds.has(i.id)), ...kept] };
    });
  }, [load]);

  const update = useCallback((change: (items: T[]) => T[]) => setListing((now) => (now.status === 'ready' ? { ...now, items: change(now.items) } : now)), []);

  return { listing, more, refresh, update };
}
