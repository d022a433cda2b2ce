/** Auto theme mode follows system colour-scheme changes while the page is open; light/dark do not. */
import { act, cleanup, render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { themeModeAtom } from '../../web/shell/shell-state';
import { applyScheme } from '../../web/theme/theme';
import { DARK_SCHEME_QUERY, useFollowSystemScheme } from '../../web/theme/use-follow-system-scheme';

/** A matchMedia whose dark preference the test flips, counting its listeners. */
function controllableMatchMedia() {
  const listeners = new Set<(e: MediaQueryListEvent) => void>();
  let dark = false;
  const mql = {
    get matches() {
      return dark;
    },
    media: DARK_SCHEME_QUERY,
    addEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.add(l),
    removeEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.delete(l),
  };
  return {
    matchMedia: (query: string) => {
      expect(query).toBe(DARK_SCHEME_QUERY);
      return mql as unknown as MediaQueryList;
    },
    listeners,
    setDark(next: boolean) {
      dark = next;
      act(() => listeners.forEach((l) => l({ matches: next, media: DARK_SCHEME_QUERY } as MediaQueryListEvent)));
    },
  };
}

function Probe() {
  useFollowSystemScheme();
  return null;
}

let media: ReturnType<typeof controllableMatchMedia>;
const original = window.matchMedia;
beforeEach(() => {
  localStorage.clear();
  media = controllableMatchMedia();
  window.matchMedia = media.matchMedia;
  applyScheme(document, 'light', localStorage);
});
afterEach(() => {
  cleanup();
  window.matchMedia = original;
});

describe('auto theme follows the system (spec 4.2)', () => {
  it('switches to dark and back while open in auto mode, and stops listening on unmount', () => {
    const store = createStore();
    store.set(themeModeAtom, 'auto');
    const view = render(
      <Provider store={store}>
        <Probe />
      </Provider>,
    );
    expect(media.listeners.size).toBe(1);
    media.setDark(true);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('tessera.themeScheme')).toBe('dark');
    media.setDark(false);
    expect(document.documentElement.dataset.theme).toBe('light');
    view.unmount();
    expect(media.listeners.size).toBe(0);
  });

  it('keeps an explicit choice: no listener in light or dark mode, one again once auto is chosen', () => {
    const store = createStore();
    store.set(themeModeAtom, 'light');
    render(
      <Provider store={store}>
        <Probe />
      </Provider>,
    );
    expect(media.listeners.size).toBe(0);
    act(() => store.set(themeModeAtom, 'dark'));
    applyScheme(document, 'dark', localStorage);
    expect(media.listeners.size).toBe(0);
    act(() => store.set(themeModeAtom, 'auto'));
    expect(media.listeners.size).toBe(1);
    media.setDark(false);
    expect(document.documentElement.dataset.theme).toBe('light');
    act(() => store.set(themeModeAtom, 'light'));
    expect(media.listeners.size).toBe(0);
  });
});
