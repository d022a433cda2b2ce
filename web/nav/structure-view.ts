/** Derived reads over the engine's structure store: modules in display order, a module's pages, lookups by slug. */
import { atom, type Getter } from 'jotai';
import { atomFamily } from 'jotai-family';
import { moduleAtom, moduleOrderAtom, pageAtom } from '../../engine/react/structure-store';
import type { Id, Module, Page } from '../../schemas/model';
import type { StructureView } from '../routes/guards';
import type { SpaceNav } from './nav-rules';

export const orderedModulesAtom = atom((get) =>
  get(moduleOrderAtom)
    .map((id) => get(moduleAtom(id)))
    .filter((m): m is Module => !!m),
);

/** Pages of a module in order; pages the user may not view were never loaded and are left out. */
export const modulePagesAtom = atomFamily((moduleId: Id) =>
  atom((get) => (get(moduleAtom(moduleId))?.childIds ?? []).map((id) => get(pageAtom(id))).filter((p): p is Page => !!p)),
);

/** Modules in display order with their pages; re-evaluates when any of them changes (tabs and drawer read it). */
export const modulesWithPagesAtom = atom((get) => get(orderedModulesAtom).map((module) => ({ module, pages: get(modulePagesAtom(module.id)) })));

export function structureViewOf(get: Getter): StructureView {
  const modules = get(orderedModulesAtom);
  return {
    moduleBySlug: (slug) => modules.find((m) => m.slug === slug),
    pagesOf: (m) => get(modulePagesAtom(m.id)),
    page: (id) => get(pageAtom(id)),
  };
}
/** A StructureView that re-evaluates when any module or page it touched changes. */
export const structureViewAtom = atom((get) => structureViewOf(get));

/** What the current route shows, set by the route components; the header reads it. */
export interface CurrentRoute {
  moduleId?: Id;
  pageId?: Id;
  targetId?: string;
  /** The page's target entity's id (a space, or a page routed with an entity's slug or id): page loads and the page room name it. */
  entityId?: Id;
  /** Set inside a space (/space/...): navigation shows only its viewable pages, linked within the space. */
  space?: SpaceNav;
  displayPages?: boolean;
  adminPage?: boolean;
}
export const currentRouteAtom = atom<CurrentRoute>({});
/** The target entity or profile of the current page (for showTargetValueAsTitle); set by the page renderer. */
export const currentTargetAtom = atom<unknown>(undefined);
