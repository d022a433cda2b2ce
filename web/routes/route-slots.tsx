/**
 * Slots for what the routes render. The shell renders the page title meanwhile; the engine's
 * PageRenderer (phase 2), chat, settings and the lazily loaded admin area plug in here.
 */
import { createContext, useContext, type ComponentType } from 'react';
import type { Module, Page } from '../../schemas/model';

export interface PageSlotProps {
  module: Module;
  page: Page;
  targetId?: string;
  modifier?: string;
  /** Set on /space/:targetId/... routes. */
  space?: boolean;
  /** The page's target entity (a space, or an entity's slug or id as target): blocks load with it and see it. */
  entityId?: string;
}

export interface RouteSlots {
  page?: ComponentType<PageSlotProps>;
  settings?: ComponentType;
  chat?: ComponentType<{ targetId?: string }>;
  /** `Refused`: the denied admin check's page (core 2.2), handed in so the lazy admin chunk does not pull the shell's not-found page out of the entry. */
  admin?: ComponentType<{ path: string; Refused: ComponentType }>;
}

const SlotsContext = createContext<RouteSlots>({});
export const RouteSlotsProvider = SlotsContext.Provider;
export const useRouteSlots = () => useContext(SlotsContext);
