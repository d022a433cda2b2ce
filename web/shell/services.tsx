/** Services the shell hands down: the API client and the audit buffer. */
import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from '../api/client';
import type { AuditBuffer } from '../audit/audit-buffer';

export interface ShellServices {
  api: ApiClient;
  audit: AuditBuffer;
  /** Realtime server origin (the page's origin when omitted); false turns realtime off. */
  realtime?: { url?: string } | false;
}
const ServicesContext = createContext<ShellServices | null>(null);

export function ServicesProvider({ services, children }: { services: ShellServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}
export function useServices(): ShellServices {
  const s = useContext(ServicesContext);
  if (!s) throw new Error('useServices must be used inside <ServicesProvider>');
  return s;
}
export const useApi = () => useServices().api;
