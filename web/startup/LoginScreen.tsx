/**
 * The login screen (spec 2.6). With no session, not logged out and no t/s in the address, it shows
 * Loading and goes to the central login service with the current address as referrer. After 10 s
 * (5 s after a click on Log in) it offers 'Taking longer than expected?' with Try again.
 */
import { useEffect, useState } from 'react';
import { LOGIN_HELP_DELAY_AFTER_CLICK_MS, LOGIN_HELP_DELAY_MS } from '../../engine/core/constants';
import { useT } from '../i18n/use-t';

/** The central login service address: `<meta name="tessera:login-url">`, set by the server. */
export function loginServiceUrl(doc: Document): string | null {
  return doc.querySelector<HTMLMetaElement>('meta[name="tessera:login-url"]')?.content || null;
}
export const loginRedirectUrl = (serviceUrl: string, referrer: string) => {
  const url = new URL(serviceUrl, referrer);
  url.searchParams.set('referrer', referrer);
  return url.toString();
};

export interface LoginScreenProps {
  /** Go to the login service straight away (not logged out, no token, no t/s). */
  autoRedirect: boolean;
  loginUrl: string | null;
  go: (url: string) => void;
  reload: () => void;
}

export function LoginScreen({ autoRedirect, loginUrl, go, reload }: LoginScreenProps) {
  const t = useT();
  const [loading, setLoading] = useState(autoRedirect && !!loginUrl);
  const [helpDelay, setHelpDelay] = useState<number | null>(autoRedirect && loginUrl ? LOGIN_HELP_DELAY_MS : null);
  const [showHelp, setShowHelp] = useState(false);

  useEffect(() => {
    if (autoRedirect && loginUrl) go(loginRedirectUrl(loginUrl, window.location.href));
  }, [autoRedirect, loginUrl, go]);

  useEffect(() => {
    if (helpDelay === null) return;
    setShowHelp(false);
    const timer = setTimeout(() => setShowHelp(true), helpDelay);
    return () => clearTimeout(timer);
  }, [helpDelay]);

  const logIn = () => {
    setLoading(true);
    setHelpDelay(LOGIN_HELP_DELAY_AFTER_CLICK_MS);
    if (loginUrl) go(loginRedirectUrl(loginUrl, window.location.href));
  };

  return (
    <main className="ts-login" id="main-content">
      <h1>{t('startup.welcome')}</h1>
      {loading ? (
        <p role="status" className="ts-login__loading">
          {t('common.loading')}
        </p>
      ) : (
        <>
          <p>{t('startup.signInPrompt')}</p>
          <button type="button" className="ts-button ts-button--primary" onClick={logIn}>
            {t('startup.logIn')}
          </button>
        </>
      )}
      {showHelp && (
        <p className="ts-login__help">
          {t('startup.takingLonger')}{' '}
          <button type="button" className="ts-button" onClick={reload}>
            {t('common.actions.tryAgain')}
          </button>
        </p>
      )}
    </main>
  );
}
