/** Link targets of clickable blocks: an external https(s) URL (checked) or an app path (navigated through the engine's service). */
import { useCallback, type MouseEvent } from 'react';
import { checkAppPath, checkExternalUrl } from '../core/url-check';
import { useEngine } from './engine-context';

export interface LinkActionOptions {
  action?: 'link' | 'route';
  url?: string;
  path?: string;
  newTab?: boolean;
}

export type LinkAction = { ok: true; href: string; target?: '_blank'; rel?: string; onClick?: (e: MouseEvent) => void } | { ok: false; problem: string };

export function useLinkAction(options: LinkActionOptions): LinkAction {
  const { services } = useEngine();
  const path = options.path;
  const navigate = useCallback(
    (e: MouseEvent) => {
      if (!services.navigate || !path || e.metaKey || e.ctrlKey || e.shiftKey) return;
      e.preventDefault();
      services.navigate(path);
    },
    [services, path],
  );
  if (options.action === 'route') {
    const check = checkAppPath(path);
    if (!check.ok) return check;
    return { ok: true, href: check.path, onClick: navigate };
  }
  const check = checkExternalUrl(options.url);
  if (!check.ok) return { ok: false, problem: `url: ${check.problem}` };
  return { ok: true, href: check.url.toString(), ...(options.newTab ? { target: '_blank' as const, rel: 'noopener noreferrer' } : {}) };
}
