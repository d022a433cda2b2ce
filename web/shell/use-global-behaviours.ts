/**
 * Document-wide behaviours of the shell: in-text links with a leading slash navigate inside the
 * app without a reload (external ones are audited as externalLinkClicked), keyboard shortcuts,
 * the hidden key sequence, scroll-to-top after navigation, and closing temporary state.
 */
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ListMembership } from '../../schemas/model';
import { ensureDeviceId, startDeviceKeepalive } from './device-keepalive';
import { currentRouteAtom } from '../nav/structure-view';
import { shouldScrollToTop } from '../routes/guards';
import { inAppPath } from '../routes/route-table';
import { useServices } from './services';
import { useComposerLink, useEditModeShortcuts } from '../../admin/edit-mode';
import { offlineAtom, ownConnectivityPrivateAtom, sessionAtom, translatorAtom } from './shell-state';
import { createKeySequence, KONAMI, reloadWithSafeMode } from './shortcuts';

export function useInTextLinks() {
  const [, navigate] = useLocation();
  const { audit } = useServices();
  const store = useStore();
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const anchor = (e.target as Element | null)?.closest?.('a');
      if (!anchor) return;
      const href = anchor.getAttribute('href');
      const inApp = anchor.target && anchor.target !== '_self' ? null : inAppPath(href);
      // wouter's own links already navigate in-app: they carry no raw leading-slash href outside /app.
      if (inApp !== null && !href!.startsWith('/app')) {
        e.preventDefault();
        navigate(inApp);
        return;
      }
      if (href && /^https?:\/\//.test(href) && new URL(href).origin !== window.location.origin) {
        const blockId = anchor.closest<HTMLElement>('[data-block-id]')?.dataset.blockId;
        audit.log({ type: 'externalLinkClicked', blockId, pageId: store.get(currentRouteAtom).pageId, url: href });
      }
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate, audit, store]);
}

/** The edit shortcuts (admin/edit-mode, by the user's permissions) and the hidden key sequence. */
export function useShortcuts() {
  const store = useStore();
  const user = useAtomValue(sessionAtom)?.user;
  useEditModeShortcuts(user, { onSafeModeToggle: reloadWithSafeMode });
  // `?edit=1&block=<id>` (the admin's "Open in the composer"): edit mode on, that block selected.
  const [location, navigate] = useLocation();
  const search = useSearch();
  useComposerLink(user, search, (rest) => navigate(rest ? `${location}?${rest}` : location, { replace: true }));
  useEffect(() => {
    const konami = createKeySequence(KONAMI, () =>
      console.info(`%c${store.get(translatorAtom).t('shell.konami')}`, 'font-size:16px;font-weight:bold;color:#3b5bdb'),
    );
    const onKey = (e: KeyboardEvent) => konami(e.key);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}

export function useScrollToTop() {
  const [location] = useLocation();
  const previous = useRef<string | undefined>(undefined);
  const wentBack = useRef(false);
  useEffect(() => {
    const onPop = () => (wentBack.current = true);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  useEffect(() => {
    if (previous.current !== undefined && shouldScrollToTop(previous.current, location, wentBack.current)) window.scrollTo?.(0, 0);
    previous.current = location;
    wentBack.current = false;
  }, [location]);
}

/**
 * Keepalive while user connectivity is enabled: online, and the own profile is loaded and does not
 * keep connectivity private (profile meta settings.privacy.isConnectivityPrivate), so a private
 * member's device never announces itself, not even once before the profile arrives.
 */
export function useDeviceKeepalive() {
  const { api } = useServices();
  const offline = useAtomValue(offlineAtom);
  const session = useAtomValue(sessionAtom);
  const connectivityPrivate = useAtomValue(ownConnectivityPrivateAtom);
  const enabled = !!session && !offline && connectivityPrivate === false;
  useEffect(() => {
    if (!enabled) return;
    return startDeviceKeepalive(api, ensureDeviceId(localStorage));
  }, [enabled, api]);
}

/** The user's list memberships are fetched again when the target entity changes (spec 2.7). */
export function useListMembershipsForTarget() {
  const { api } = useServices();
  const store = useStore();
  const targetId = useAtomValue(currentRouteAtom).targetId;
  useEffect(() => {
    if (!targetId || /^\d+$/.test(targetId)) return;
    let live = true;
    api
      .get<ListMembership[]>('user/listMemberships', { quiet: true })
      .then((memberships) => {
        const session = store.get(sessionAtom);
        if (live && session && Array.isArray(memberships)) store.set(sessionAtom, { ...session, user: { ...session.user, listMemberships: memberships } });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [targetId, api, store]);
}
