/** A link to an in-app path: a real href (new tabs work) that navigates in place on a plain click. */
import type { ReactNode } from 'react';
import { useEngine } from './engine-context';

export function AppLink({ path, className, children }: { path: string; className?: string; children: ReactNode }) {
  const { services } = useEngine();
  return (
    <a
      className={className}
      href={`/app${path}`}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0 || !services.navigate) return;
        e.preventDefault();
        services.navigate(path);
      }}
    >
      {children}
    </a>
  );
}
