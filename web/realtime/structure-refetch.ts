/**
 * When the server cannot send what a socket missed (`realtime:refetch`: away longer than a room's
 * log, or a send built per viewer), the structure is read again: modules in order with the pages
 * the member may view now, and the open page's document. Modules and pages that went away or were
 * restricted meanwhile leave the store; other pages loaded before are read again when next opened.
 */
import type { createStore } from 'jotai';
import { loadStructureAtom, moduleAtom, moduleOrderAtom, pageAtom } from '../../engine/react/structure-store';
import type { Id, Module } from '../../schemas/model';
import type { StructureResponse } from '../../schemas/model/api/structure';
import type { ApiClient } from '../api/client';
import { loadedPagesAtom, loadPageContent } from '../engine/page-content';

type Store = ReturnType<typeof createStore>;

export async function refetchStructure(store: Store, api: ApiClient, openPageId: Id | undefined, openEntityId?: Id): Promise<void> {
  const known = store.get(moduleOrderAtom);
  const knownPages = known.flatMap((id) => store.get(moduleAtom(id))?.childIds ?? []);
  const answer = await api.get<StructureResponse>('structure', { quiet: true });
  const modules: Module[] = answer.modules.map(({ pages: _pages, ...module }) => module);
  const pages = answer.modules.flatMap((m) => m.pages);
  store.set(loadStructureAtom, { modules, pages });
  store.set(moduleOrderAtom, answer.order);
  const modulesNow = new Set(modules.map((m) => m.id));
  const pagesNow = new Set(pages.map((p) => p.id));
  for (const id of known) if (!modulesNow.has(id)) store.set(moduleAtom(id), undefined);
  for (const id of knownPages) if (!pagesNow.has(id)) store.set(pageAtom(id), undefined);
  store.set(loadedPagesAtom, new Set<Id>());
  if (openPageId && pagesNow.has(openPageId)) await loadPageContent(store, api, openPageId, openEntityId);
}
