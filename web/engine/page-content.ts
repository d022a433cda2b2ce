/**
 * Blocks and fields of a page arrive with it, not with the structure: the opening page comes with
 * init (`opts`), every other page is fetched once (GET structure/page/{id}) when first shown. After
 * that, realtime `items:changes` keep the store current, so a page is never fetched twice.
 */
import { atom, useAtomValue, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { loadStructureAtom } from '../../engine/react/structure-store';
import type { Block, Field, Id, Page } from '../../schemas/model';
import type { ApiClient } from '../api/client';

type Store = ReturnType<typeof useStore>;

/** The server's page document (GET structure/page/{id}, and init's `page`). */
export interface PageDocument {
  page: Page;
  blocks: Block[];
  fields: Field[];
}

/** Ids of pages whose blocks and fields are in the store. */
export const loadedPagesAtom = atom<ReadonlySet<Id>>(new Set<Id>());

export const markPageLoadedAtom = atom(null, (get, set, pageId: Id) => {
  const current = get(loadedPagesAtom);
  if (!current.has(pageId)) set(loadedPagesAtom, new Set([...current, pageId]));
});

const pending = new WeakMap<Store, Map<Id, Promise<void>>>();

/**
 * Fetches a page's document into the store once; concurrent calls share the request. A page of a
 * space is asked for with its entity (`?entityId=`): the server answers it only when the space
 * decision lets her view it (a 404 otherwise). Its blocks are the same for every entity.
 */
export function loadPageContent(store: Store, api: ApiClient, pageId: Id, entityId?: Id): Promise<void> {
  if (store.get(loadedPagesAtom).has(pageId)) return Promise.resolve();
  let inFlight = pending.get(store);
  if (!inFlight) pending.set(store, (inFlight = new Map()));
  const running = inFlight.get(pageId);
  if (running) return running;
  const request = api
    .get<PageDocument>(`structure/page/${encodeURIComponent(pageId)}`, { quiet: true, ...(entityId ? { query: { entityId } } : {}) })
    .then((doc) => {
      if (!doc || typeof doc !== 'object' || !doc.page) throw new Error(`GET structure/page/${pageId} answered no page document`);
      store.set(loadStructureAtom, { pages: [doc.page], blocks: doc.blocks ?? [], fields: doc.fields ?? [] });
      store.set(markPageLoadedAtom, pageId);
    })
    .finally(() => inFlight!.delete(pageId));
  inFlight.set(pageId, request);
  return request;
}

export type PageContentState = { status: 'ready' } | { status: 'loading' } | { status: 'error'; message: string };

/** The load state of a page's content; starts the fetch when it is missing. */
export function usePageContent(api: ApiClient, pageId: Id, entityId?: Id): PageContentState {
  const store = useStore();
  const loaded = useAtomValue(loadedPagesAtom).has(pageId);
  const [failure, setFailure] = useState<{ pageId: Id; message: string } | null>(null);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    loadPageContent(store, api, pageId, entityId).catch((e: Error) => live && setFailure({ pageId, message: e.message }));
    return () => {
      live = false;
    };
  }, [loaded, store, api, pageId, entityId]);
  if (loaded) return { status: 'ready' };
  if (failure && failure.pageId === pageId) return { status: 'error', message: failure.message };
  return { status: 'loading' };
}
