import { leftPanelOpenAtom } from '../../admin/editor/panels';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPanelOpenAtom,
  debugInfoAtom,
  EDIT_MODE_SESSION_KEY,
  editModeAtom,
  NAVIGATION_BLOCKED_KEY,
  safeModeAtom,
  textEditModeAtom,
  toggleEditModeAtom,
  useAdminNavigationGuard,
  useEditModeShortcuts,
  type PermissionUser,
} from '../../admin/edit-mode';
import { blockAtom, createTranslator, messages } from '../../engine';
import { renderAdminOnServer, startAdminServer, type ApiServer } from '../helpers/admin-server';

const admin: PermissionUser = { isAdmin: true, permissions: {} };
const member: PermissionUser = { isAdmin: false, permissions: {} };
const editor: PermissionUser = { isAdmin: false, permissions: { administration: { manageEditMode: true } } };

function setup(user: PermissionUser, keyboardLocale = 'en-GB') {
  const store = createStore();
  let clock = 10_000;
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const hook = renderHook(({ u }) => useEditModeShortcuts(u, { keyboardLocale, now: () => clock }), { wrapper, initialProps: { u: user } });
  const press = (code: string, init: KeyboardEventInit = { altKey: true, shiftKey: true }) => act(() => void fireEvent.keyDown(window, { code, ...init }));
  return { store, hook, press, tick: (ms: number) => (clock += ms) };
}

describe('edit mode shortcuts', () => {
  it('alt+shift+e toggles edit mode for a user with manageEditMode, throttled to 1000 ms', () => {
    const { store, press, tick } = setup(editor);
    press('KeyE');
    expect(store.get(editModeAtom)).toBe(true);
    tick(500);
    press('KeyE');
    expect(store.get(editModeAtom)).toBe(true);
    tick(600);
    press('KeyE');
    expect(store.get(editModeAtom)).toBe(false);
  });

  it('does nothing for a user without manageEditMode, and turns edit mode off when the permission is lost', () => {
    const { store, press, hook } = setup(member);
    press('KeyE');
    expect(store.get(editModeAtom)).toBe(false);
    hook.rerender({ u: editor });
    press('KeyE');
    expect(store.get(editModeAtom)).toBe(true);
    hook.rerender({ u: member });
    expect(store.get(editModeAtom)).toBe(false);
  });

  it('alt+shift+j and backtick (en-GB/en-US only, not while typing) toggle text-edit mode with manageTextEdit', () => {
    const { store, press } = setup(admin);
    press('KeyJ');
    expect(store.get(textEditModeAtom)).toBe(true);
    act(() => void fireEvent.keyDown(window, { key: '`', code: 'Backquote' }));
    expect(store.get(textEditModeAtom)).toBe(false);
    const input = document.createElement('input');
    document.body.append(input);
    act(() => void fireEvent.keyDown(input, { key: '`', code: 'Backquote' }));
    expect(store.get(textEditModeAtom)).toBe(false);
    input.remove();

    const fr = setup(admin, 'fr-FR');
    act(() => void fireEvent.keyDown(window, { key: '`', code: 'Backquote' }));
    expect(fr.store.get(textEditModeAtom)).toBe(false);

    const plain = setup(editor);
    plain.press('KeyJ');
    expect(plain.store.get(textEditModeAtom)).toBe(false);
  });

  it('alt+shift+d toggles debug info for admins only, alt+shift+s safe mode', () => {
    const { store, press } = setup(admin);
    press('KeyD');
    press('KeyS');
    expect(store.get(debugInfoAtom)).toBe(true);
    expect(store.get(safeModeAtom)).toBe(true);
    const other = setup(editor);
    other.press('KeyD');
    expect(other.store.get(debugInfoAtom)).toBe(false);
  });
});

describe('edit mode across a reload of the tab', () => {
  afterEach(() => sessionStorage.clear());

  it('comes back on for a user with manageEditMode once she is known, and not for a member', () => {
    const first = setup(editor);
    first.press('KeyE');
    expect(sessionStorage.getItem(EDIT_MODE_SESSION_KEY)).toBe('on');
    first.hook.unmount();
    // The reload: the session is not known at first, then the editor arrives.
    const store = createStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const hook = renderHook(({ u }: { u: PermissionUser | undefined }) => useEditModeShortcuts(u, { isReload: () => true }), {
      wrapper,
      initialProps: { u: undefined as PermissionUser | undefined },
    });
    expect(store.get(editModeAtom)).toBe(false);
    hook.rerender({ u: editor });
    expect(store.get(editModeAtom)).toBe(true);
    hook.unmount();
    // A member in the same tab (another account signed in) never gets it.
    const member2 = setup(member);
    expect(member2.store.get(editModeAtom)).toBe(false);
  });

  it('a load that is not a reload (a link or address opened) starts outside it', () => {
    const first = setup(editor);
    first.press('KeyE');
    first.hook.unmount();
    const store = createStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    renderHook(() => useEditModeShortcuts(editor, { isReload: () => false }), { wrapper });
    expect(store.get(editModeAtom)).toBe(false);
  });

  it('leaving edit mode forgets it', () => {
    const { press, tick } = setup(editor);
    press('KeyE');
    tick(1100);
    press('KeyE');
    expect(sessionStorage.getItem(EDIT_MODE_SESSION_KEY)).toBeNull();
  });
});

describe('edit mode toggles share one throttle and safe mode can be handed to the shell', () => {
  it('the edit button (toggleEditModeAtom) and alt+shift+e share the 1000 ms throttle', () => {
    const { store, press, tick } = setup(editor);
    expect(store.set(toggleEditModeAtom, 10_000)).toBe(true);
    expect(store.get(editModeAtom)).toBe(true);
    tick(500);
    press('KeyE');
    expect(store.get(editModeAtom)).toBe(true);
    expect(store.set(toggleEditModeAtom, 10_900)).toBe(false);
  });

  it('alt+shift+s calls onSafeModeToggle with the current state instead of flipping the atom', () => {
    const store = createStore();
    store.set(safeModeAtom, true);
    const calls: boolean[] = [];
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    renderHook(() => useEditModeShortcuts(editor, { onSafeModeToggle: (current) => calls.push(current) }), { wrapper });
    act(() => void fireEvent.keyDown(window, { code: 'KeyS', altKey: true, shiftKey: true }));
    expect(calls).toEqual([true]);
    expect(store.get(safeModeAtom)).toBe(true);
  });
});

describe('admin panel navigation guard', () => {
  it("blocks navigation while an admin panel is open with 'You must close the admin panel before navigating away.', except in text-edit mode", () => {
    const store = createStore();
    let guard: () => string | null = () => null;
    function Probe() {
      guard = useAdminNavigationGuard();
      return null;
    }
    render(
      <Provider store={store}>
        <Probe />
      </Provider>,
    );
    expect(guard()).toBeNull();
    act(() => store.set(adminPanelOpenAtom, true));
    expect(guard()).toBe(NAVIGATION_BLOCKED_KEY);
    expect(createTranslator(messages, 'en').t(guard()!)).toBe('You must close the admin panel before navigating away.');
    act(() => store.set(textEditModeAtom, true));
    expect(guard()).toBeNull();
  });
});

describe('edit mode on a page from the real server', { timeout: 60_000 }, () => {
  let server: ApiServer;
  const open: { close(): void }[] = [];
  beforeAll(async () => {
    server = await startAdminServer();
  }, 120_000);
  afterEach(() => open.splice(0).forEach((o) => o.close()));
  afterAll(async () => {
    await server?.close();
  });

  it('debug info shows each block id, type and revision in its bar', async () => {
    const view = await renderAdminOnServer(server, { blocks: [{ id: 'b1', type: 'plainText', name: 'Intro', options: { text: 'Hi' } }] });
    open.push(view);
    const id = view.id('b1');
    const revision = view.store.get(blockAtom(id))?.revision;
    expect(revision).toBeGreaterThan(0);
    expect(screen.queryByText(`${id} · plainText · r${revision}`)).toBeNull();
    act(() => view.store.set(debugInfoAtom, true));
    expect(screen.getByText(`${id} · plainText · r${revision}`)).toBeInTheDocument();
  });

  it('an open admin dialog marks the panel open; closing it clears the flag', async () => {
    const view = await renderAdminOnServer(server, { blocks: [] });
    open.push(view);
    const { store } = view;
    expect(store.get(adminPanelOpenAtom)).toBe(false);
    act(() => store.set(leftPanelOpenAtom, true));
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Place an existing block…' })));
    expect(store.get(adminPanelOpenAtom)).toBe(true);
    act(() => void fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.get(adminPanelOpenAtom)).toBe(false);
  });
});
