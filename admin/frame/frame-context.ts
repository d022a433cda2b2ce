/** The frame's services and translator, for the areas' screens. */
import { createContext, useContext } from 'react';
import type { AdminFrameServices, Translate } from './types';

export interface AdminFrameValue {
  services: AdminFrameServices;
  t: Translate;
}

export const AdminFrameContext = createContext<AdminFrameValue | null>(null);

export function useAdminFrame(): AdminFrameValue {
  const value = useContext(AdminFrameContext);
  if (!value) throw new Error('useAdminFrame must be used inside the admin frame');
  return value;
}
