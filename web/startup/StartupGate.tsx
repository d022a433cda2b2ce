/**
 * Runs start-up (spec 4.1) and shows the loader, the login screen or the shell. The full loader
 * hides 1000 ms after init finished; the boot spinner of index.html is removed after 5000 ms at
 * the latest.
 */
import { useStore } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { FULL_LOADER_HIDE_MS, LOADING_SPINNER_REMOVE_MS } from '../../engine/core/constants';
import { LOCALE_STORAGE_KEY, loadShellTexts } from '../i18n/choose-language';
import { loadShellMessages } from '../i18n/shell-messages';
import { useT } from '../i18n/use-t';
import { LOGGED_OUT_KEY } from '../shell/logout';
import { useApi } from '../shell/services';
import { adoptAccountTheme, loadTheme, type ThemeAvailability } from '../theme/theme';
import { applyInit } from './apply-init';
import { Loader } from './Loader';
import { LoginScreen, loginServiceUrl } from './LoginScreen';
import { noFlags, runStartup, startupProgress, StartupError, type StartupFlags } from './startup';

type Phase = { kind: 'loading' } | { kind: 'login' } | { kind: 'ready' } | { kind: 'redirecting'; message: string } | { kind: 'failed'; message: string };

export const BOOT_SPINNER_ID = 'boot-spinner';
const removeBootSpinner = () => document.getElementById(BOOT_SPINNER_ID)?.remove();
/**
 * One start-up per API client (that is, per page load): React StrictMode runs effects twice in
 * development, and a t/s secret must be exchanged only once.
 */
interface StartupRun {
  outcome: ReturnType<typeof runStartup>;
  theme: { current: ThemeAvailability };
}
const runs = new WeakMap<object, StartupRun>();
function startupOnce(api: object, start: (theme: StartupRun['theme']) => ReturnType<typeof runStartup>): StartupRun {
  let run = runs.get(api);
  if (!run) {
    const theme = { current: { selectable: false, mode: 'light' } as ThemeAvailability };
    run = { theme, outcome: start(theme) };
    runs.set(api, run);
  }
  return run;
}

const prefersDark = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;

export function StartupGate({ children }: { children: ReactNode }) {
  const api = useApi();
  const store = useStore();
  const t = useT();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [flags, setFlags] = useState<StartupFlags>(noFlags);
  const [loaderVisible, setLoaderVisible] = useState(true);

  useEffect(() => {
    const spinnerTimer = setTimeout(removeBootSpinner, LOADING_SPINNER_REMOVE_MS);
    let cancelled = false;
    const run = startupOnce(api, (theme) =>
      runStartup({
        api,
        url: new URL(window.location.href),
        online: () => navigator.onLine,
        onFlag: (flag) => setFlags((f) => ({ ...f, [flag]: true })),
        loadTheme: async (settings) => {
          theme.current = await loadTheme(settings, { doc: document, storage: localStorage, apiBase: api.baseURL, prefersDark: prefersDark() });
        },
        replaceUrl: (url) => window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash),
        reload: () => window.location.reload(),
        notLoggedInMessage: t('common.errors.userNotLoggedIn'),
      }),
    );
    // The language this device showed last: its shell texts start loading with start-up.
    const lastLocale = localStorage.getItem(LOCALE_STORAGE_KEY);
    if (lastLocale) void loadShellMessages(lastLocale).catch(() => undefined);
    run.outcome
      .then(async (outcome) => {
        if (cancelled) return;
        if (outcome.kind === 'denied') {
          setPhase({ kind: 'redirecting', message: t('startup.noAccess') });
          window.location.assign(outcome.redirectTo);
          return;
        }
        // The account's language shows from the first render: its shell texts are loaded first.
        await loadShellTexts(store, outcome.init.locale);
        if (cancelled) return;
        const theme = adoptAccountTheme(run.theme.current, outcome.init.user.theme, { doc: document, storage: localStorage, prefersDark: prefersDark() });
        applyInit(store, outcome.init, outcome.settings, theme, outcome.safeMode, localStorage);
        sessionStorage.removeItem(LOGGED_OUT_KEY);
        setPhase({ kind: 'ready' });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        removeBootSpinner();
        setLoaderVisible(false);
        if (error instanceof StartupError && error.kind === 'badge') return; // reloading
        if (error instanceof StartupError && error.kind === 'notLoggedIn') setPhase({ kind: 'login' });
        else setPhase({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      cancelled = true;
      clearTimeout(spinnerTimer);
    };
    // Start-up runs once per page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (phase.kind !== 'ready') return;
    removeBootSpinner();
    const timer = setTimeout(() => setLoaderVisible(false), FULL_LOADER_HIDE_MS);
    return () => clearTimeout(timer);
  }, [phase.kind]);

  if (phase.kind === 'login') {
    const search = new URLSearchParams(window.location.search);
    const autoRedirect = !sessionStorage.getItem(LOGGED_OUT_KEY) && !api.getToken() && !search.has('s') && !search.has('t');
    return (
      <LoginScreen
        autoRedirect={autoRedirect}
        loginUrl={loginServiceUrl(document)}
        go={(url) => window.location.assign(url)}
        reload={() => window.location.reload()}
      />
    );
  }
  if (phase.kind === 'failed' || phase.kind === 'redirecting')
    return (
      <main className="ts-login" id="main-content">
        <p role="alert">{phase.message}</p>
        {phase.kind === 'failed' && (
          <button type="button" className="ts-button" onClick={() => window.location.reload()}>
            {t('common.actions.tryAgain')}
          </button>
        )}
      </main>
    );
  return (
    <>
      {phase.kind === 'ready' && children}
      {loaderVisible && <Loader percent={startupProgress(flags)} hiding={phase.kind === 'ready'} />}
    </>
  );
}
