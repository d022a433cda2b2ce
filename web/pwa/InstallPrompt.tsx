/**
 * The offer to install the app (core §1; the prompt settings of /admin/apps, `settings.webApp`):
 * shown only once the browser fires `beforeinstallprompt` (it is installable and not installed),
 * after the configured visits and seconds, and not within the cooldown after a dismissal
 * (engine/core/web-app.ts `installPromptDelayMs`). A labelled region with two buttons; Escape dismisses.
 */
import { useAtomValue } from 'jotai';
import { useEffect, useId, useState } from 'react';
import { installPromptDelayMs } from '../../engine/core/web-app';
import { useT } from '../i18n/use-t';
import { settingsAtom } from '../shell/shell-state';
import { countVisit, writeInstallMemory } from './install-memory';

/** Chromium's event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const loadedAt = Date.now();

export function InstallPrompt() {
  const t = useT();
  const id = useId();
  const webApp = useAtomValue(settingsAtom).webApp;
  const [event, setEvent] = useState<BeforeInstallPromptEvent | null>(null);
  const [show, setShow] = useState(false);

  useEffect(() => {
    const onPrompt = (e: Event) => {
      // Ours to show when the settings say so, not the browser's own mini bar.
      e.preventDefault();
      setEvent(e as BeforeInstallPromptEvent);
    };
    const onInstalled = () => {
      setEvent(null);
      setShow(false);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  useEffect(() => {
    if (!event) return;
    const now = Date.now();
    const delay = installPromptDelayMs(webApp, countVisit(), now, now - loadedAt);
    if (delay === null) return setShow(false);
    const timer = window.setTimeout(() => setShow(true), delay);
    return () => window.clearTimeout(timer);
  }, [event, webApp]);

  // Escape dismisses while the offer shows (from anywhere on the page: it never takes the focus).
  useEffect(() => {
    if (!show) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      writeInstallMemory({ ...countVisit(), dismissedAt: Date.now() });
      setShow(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [show]);

  if (!show || !event) return null;
  const dismiss = () => {
    writeInstallMemory({ ...countVisit(), dismissedAt: Date.now() });
    setShow(false);
  };
  const install = async () => {
    setShow(false);
    await event.prompt();
    const { outcome } = await event.userChoice;
    if (outcome === 'dismissed') writeInstallMemory({ ...countVisit(), dismissedAt: Date.now() });
    setEvent(null);
  };
  return (
    <section className="ts-install-prompt" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="ts-install-prompt__text">
        {t('installPrompt.message')}
      </p>
      <div className="ts-install-prompt__actions">
        <button type="button" className="ts-button ts-button--primary" onClick={() => void install()}>
          {t('installPrompt.install')}
        </button>
        <button type="button" className="ts-button" onClick={dismiss}>
          {t('installPrompt.notNow')}
        </button>
      </div>
    </section>
  );
}
