/** The signed-in shell (spec 2.6): header, routed page, recently viewed, footers, toasts. */
import { useAtomValue } from 'jotai';
import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Header } from '../nav/Header';
import { useT } from '../i18n/use-t';
import { Footer } from './Footer';
import { InstallPrompt } from '../pwa/InstallPrompt';
import { useThemeColourMeta } from '../pwa/use-theme-colour';
import { RecentlyViewed } from './RecentlyViewed';
import { useServices } from './services';
import { ShellBoundary } from './ShellBoundary';
import { MAIN_CONTENT_ID } from './SkipLink';
import { debugInfoAtom, safeModeAtom, sessionAtom, textEditingAtom } from './shell-state';
import { useFollowSystemScheme } from '../theme/use-follow-system-scheme';
import { useDeviceKeepalive, useInTextLinks, useListMembershipsForTarget, useScrollToTop, useShortcuts } from './use-global-behaviours';

// In the chunk every signed-in page loads (web/member-chunk.ts), not a chunk of its own.
const RealtimeConnection = lazy(() => import('../member-chunk').then((m) => ({ default: m.RealtimeConnection })));
// Only for users who may edit texts, and only while text-edit mode is on: a chunk of its own.
const TextEditLayer = lazy(() => import('../i18n/TextEditLayer'));

export function Shell({ children }: { children: ReactNode }) {
  const t = useT();
  const session = useAtomValue(sessionAtom);
  const debug = useAtomValue(debugInfoAtom);
  const safeMode = useAtomValue(safeModeAtom);
  const textEditing = useAtomValue(textEditingAtom);
  const { realtime } = useServices();
  useInTextLinks();
  useShortcuts();
  useScrollToTop();
  useDeviceKeepalive();
  useListMembershipsForTarget();
  useFollowSystemScheme();
  useThemeColourMeta();
  const [location] = useLocation();
  // Each part in its own boundary: one bad page name or block cannot blank the whole module.
  return (
    <div className="ts-shell" data-safe-mode={safeMode || undefined}>
      <ShellBoundary area="navigation" resetKey={location}>
        <Header />
      </ShellBoundary>
      <main id={MAIN_CONTENT_ID} className="ts-main" tabIndex={-1} aria-label={t('shell.main')}>
        <ShellBoundary area="page" resetKey={location}>
          {children}
        </ShellBoundary>
      </main>
      <ShellBoundary area="footer" resetKey={location}>
        <RecentlyViewed />
        <Footer />
      </ShellBoundary>
      {debug && session && (
        <pre className="ts-debug" aria-label={t('shell.debug.label')}>
          {JSON.stringify(
            { accountId: session.user.accountId, locale: session.locale, modules: session.modules.length, pages: session.pages.length, safeMode },
            null,
            2,
          )}
        </pre>
      )}
      {textEditing && (
        <Suspense fallback={null}>
          <TextEditLayer />
        </Suspense>
      )}
      {session && <InstallPrompt />}
      {session && realtime !== false && (
        <Suspense fallback={null}>
          <RealtimeConnection />
        </Suspense>
      )}
    </div>
  );
}
