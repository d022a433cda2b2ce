/**
 * The member app's offer to install (web/pwa/InstallPrompt.tsx) under jsdom: it waits for the
 * browser's `beforeinstallprompt`, keeps it from the browser's own bar, shows a labelled card only
 * as the prompt settings allow (visits, seconds, enabled), hands Install to the browser's dialog,
 * and Not now keeps it away for the cooldown, remembered in local storage. axe clean. And the
 * page's theme-color follows the web app's theme colour, live.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebAppSettings } from '../../schemas/model';
import { InstallPrompt } from '../../web/pwa/InstallPrompt';
import { useThemeColourMeta } from '../../web/pwa/use-theme-colour';
import { settingsAtom } from '../../web/shell/shell-state';
import { seriousAxeViolations } from '../helpers/admin-render';

const PROMPT = { enabled: true, afterVisits: 1, afterSeconds: 0, dismissCooldownDays: 7 };

function mount(webApp: WebAppSettings) {
  const store = createStore();
  store.set(settingsAtom, { webApp });
  render(
    <Provider store={store}>
      <InstallPrompt />
    </Provider>,
  );
}

/** Chromium's event, as a page receives it when the app may be installed. */
async function offer(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  // The effects ran as act ended: now the offer's timer (0 s here) has its turn.
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  return event;
}

const card = () => screen.queryByRole('region', { name: /Install this app/ });

afterEach(() => cleanup());

describe('the install offer', () => {
  it('shows nothing before the configured visit, or when disabled', async () => {
    mount({ installPrompt: { ...PROMPT, afterVisits: 2 } });
    const event = await offer();
    expect(event.defaultPrevented).toBe(true);
    expect(card()).toBeNull();
    cleanup();
    mount({ installPrompt: { ...PROMPT, enabled: false } });
    await offer();
    expect(card()).toBeNull();
  });

  it('offers once allowed; Install opens the browser dialog', async () => {
    mount({ installPrompt: PROMPT });
    const event = await offer('accepted');
    expect(card()).not.toBeNull();
    expect(await seriousAxeViolations()).toEqual([]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Install' })));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(card()).toBeNull();
  });

  it('Not now keeps it away for the cooldown', async () => {
    mount({ installPrompt: PROMPT });
    await offer();
    expect(card()).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(card()).toBeNull();
    const stored = JSON.parse(localStorage.getItem('tessera.installPrompt') ?? '{}') as { dismissedAt?: number };
    expect(Date.now() - (stored.dismissedAt ?? 0)).toBeLessThan(5_000);
    cleanup();
    mount({ installPrompt: PROMPT });
    await offer();
    expect(card()).toBeNull();
  });
});

describe('the theme-color meta', () => {
  function Probe() {
    useThemeColourMeta();
    return null;
  }
  it('follows the web app theme colour as the settings change', () => {
    const store = createStore();
    render(
      <Provider store={store}>
        <Probe />
      </Provider>,
    );
    const meta = () => document.querySelector('meta[name="theme-color"]')?.getAttribute('content');
    expect(meta()).toBe('#3b5bdb');
    act(() => store.set(settingsAtom, { webApp: { themeColour: '#0f4c5c' } }));
    expect(meta()).toBe('#0f4c5c');
  });
});
