/**
 * Text-edit mode's one mechanism (web/i18n/TextEditLayer.tsx over engine/core/i18n/text-marks):
 * every translated label, in text or in an attribute, becomes editable where it stands, saved
 * on the real in-process server; members and the mode off get plain labels with nothing added.
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider, useAtomValue } from 'jotai';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { InitResponse } from '../../schemas/model/api/session';
import { adaptInit } from '../../web/api/init-adapter';
import { JWT_STORAGE_KEY } from '../../web/api/token';
import { createServices } from '../../web/create-services';
import { Text } from '../../web/i18n/Text';
import TextEditLayer from '../../web/i18n/TextEditLayer';
import { useT } from '../../web/i18n/use-t';
import { ServicesProvider, useApi } from '../../web/shell/services';
import { i18nOverridesAtom, sessionAtom, textEditingAtom, textEditModeAtom } from '../../web/shell/shell-state';
import { Toasts } from '../../web/shell/Toasts';
import { seriousAxeViolations } from '../helpers/admin-render';
import { startAdminServer, type ApiServer } from '../helpers/admin-server';

let server: ApiServer;
let admin: string;
let maya: string;
beforeAll(async () => {
  server = await startAdminServer();
  admin = await server.signIn('admin');
  maya = await server.signIn('maya');
}, 120_000);
afterEach(() => {
  cleanup();
  localStorage.clear();
});
afterAll(async () => {
  await server?.close();
});

const pressed = vi.fn();

/** Labels as the shell, the engine and blocks render them: text, a button's aria-label, a placeholder. */
function Labels() {
  const t = useT();
  return (
    <section>
      <h2>
        <Text k="shell.recentlyViewed.title" />
      </h2>
      <button type="button" onClick={pressed}>
        {t('shell.userControls.logout')}
      </button>
      <button type="button" aria-label={t('nav.openMenu')} onClick={pressed}>
        ☰
      </button>
      <input type="search" aria-label="Search" placeholder={t('shell.languageSelector.label')} />
    </section>
  );
}

/** As the shell mounts it: only while text-edit mode is on for a user who may edit texts. */
function Layer() {
  return useAtomValue(textEditingAtom) ? <TextEditLayer /> : null;
}

/** Posts a marked label, as a form that took a label as its default would. */
function PostMarked({ onPosted }: { onPosted(status: unknown): void }) {
  const t = useT();
  const api = useApi();
  return (
    <button
      type="button"
      data-text-edit-skip=""
      onClick={() => void api.post(`i18n/en`, { key: 'common.actions.save', value: t('common.actions.save') }, {}).then(onPosted)}
    >
      post
    </button>
  );
}

async function setup(token: string, extra?: React.ReactNode) {
  localStorage.setItem(JWT_STORAGE_KEY, token);
  const init = adaptInit(await readInit(token));
  const store = createStore();
  store.set(sessionAtom, init);
  const services = createServices(store, { baseURL: `${server.url}/api/v1`, realtime: false });
  const { hook } = memoryLocation({ path: '/' });
  render(
    <Provider store={store}>
      <ServicesProvider services={services}>
        <Router hook={hook}>
          <Labels />
          {extra}
          <Layer />
          <Toasts />
        </Router>
      </ServicesProvider>
    </Provider>,
  );
  return { store };
}

// Uncompressed: under jsdom, undici's gunzip of a large body fails on the Uint8Array realm.
const readInit = async (token: string) => (await server.call<InitResponse>('GET', 'init', { token, headers: { 'accept-encoding': 'identity' } })).body;
const overrides = async () => (await readInit(maya)).i18n.overrides;
const markChars = (s: string) => /[\u2061-\u2064]/.test(s);

describe('text-edit mode', { timeout: 60_000 }, () => {
  it('makes a text label editable in place: the editor over it saves through POST i18n?iso and the label follows', async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = await setup(admin);
    const heading = screen.getByRole('heading', { name: 'Recently viewed' });
    expect(heading).not.toHaveAttribute('data-text-label');
    act(() => store.set(textEditModeAtom, true));
    await waitFor(() => expect(heading).toHaveAttribute('data-text-label', ''));
    // The marks are stripped from the page: what is read is the label.
    expect(heading.textContent).toBe('Recently viewed');
    expect(markChars(document.body.innerHTML)).toBe(false);
    expect(heading).toHaveAttribute('tabindex', '0');
    await user.click(heading);
    const editor = screen.getByRole('dialog', { name: 'Edit label' });
    const field = within(editor).getByRole('textbox', { name: 'Text for shell.recentlyViewed.title' });
    expect(field).toHaveFocus();
    expect(field).toHaveValue('Recently viewed');
    expect(await seriousAxeViolations()).toEqual([]);
    await user.clear(field);
    await user.type(field, 'Lately seen');
    await user.click(within(editor).getByRole('button', { name: 'Save text' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Lately seen' })).toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Edit label' })).toBeNull();
    expect(store.get(i18nOverridesAtom)).toEqual({ 'shell.recentlyViewed.title': 'Lately seen' });
    expect(await overrides()).toEqual({ 'shell.recentlyViewed.title': 'Lately seen' });
    expect(heading).toHaveFocus();
    // An emptied field gives the catalogue's text back.
    await user.keyboard('{Enter}');
    const again = within(screen.getByRole('dialog', { name: 'Edit label' })).getByRole('textbox', { name: 'Text for shell.recentlyViewed.title' });
    await user.clear(again);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Recently viewed' })).toBeInTheDocument());
    expect(await overrides()).toEqual({});
  });

  it('edits a control: a click or Enter edits its label, Space still presses it; attribute labels get fields of their own', async () => {
    const user = userEvent.setup({ delay: null });
    pressed.mockClear();
    const { store } = await setup(admin);
    act(() => store.set(textEditModeAtom, true));
    const logout = await screen.findByRole('button', { name: 'Log out' });
    await waitFor(() => expect(logout).toHaveAttribute('data-text-label', ''));
    await user.click(logout);
    expect(pressed).not.toHaveBeenCalled();
    expect(within(screen.getByRole('dialog', { name: 'Edit label' })).getByRole('textbox', { name: 'Text for shell.userControls.logout' })).toHaveValue(
      'Log out',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(logout).toHaveFocus();
    await user.keyboard(' ');
    expect(pressed).toHaveBeenCalledTimes(1);

    const menu = screen.getByRole('button', { name: 'Open menu' });
    expect(menu.getAttribute('aria-label')).toBe('Open menu');
    menu.focus();
    await user.keyboard('{Enter}');
    expect(pressed).toHaveBeenCalledTimes(1);
    const field = within(screen.getByRole('dialog', { name: 'Edit label' })).getByRole('textbox', { name: 'aria-label (nav.openMenu)' });
    await user.clear(field);
    await user.type(field, 'Open the menu{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open the menu' })).toBeInTheDocument());

    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveAttribute('placeholder', 'Language');
    await user.click(search);
    expect(within(screen.getByRole('dialog', { name: 'Edit label' })).getByRole('textbox', { name: 'placeholder (shell.languageSelector.label)' })).toHaveValue(
      'Language',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    // _Use control_ presses the control for a pointer user.
    await user.click(logout);
    await user.click(screen.getByRole('button', { name: 'Use control' }));
    expect(pressed).toHaveBeenCalledTimes(2);
    await server.call('POST', 'i18n?iso=en', { token: admin, body: [{ key: 'nav.openMenu', data: null }] });
  });

  it('turned off, or for a member, labels are plain: no marks, no attributes, no layer; marks never reach the server', async () => {
    const user = userEvent.setup({ delay: null });
    const posted = vi.fn();
    const { store } = await setup(admin, <PostMarked onPosted={posted} />);
    act(() => store.set(textEditModeAtom, true));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Recently viewed' })).toHaveAttribute('data-text-label', ''));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('data-text-label', '');
    // The button of the test is marked as the admin bars are: its label is never taken over.
    expect(screen.getByRole('button', { name: 'post' })).not.toHaveAttribute('data-text-label');
    await user.click(screen.getByRole('button', { name: 'post' }));
    await waitFor(() => expect(posted).toHaveBeenCalled());
    expect(await overrides()).toEqual({ 'common.actions.save': 'Save' });
    await server.call('POST', 'i18n/en', { token: admin, body: { key: 'common.actions.save', value: null } });
    act(() => store.set(textEditModeAtom, false));
    await waitFor(() => expect(document.querySelectorAll('[data-text-label]').length).toBe(0));
    expect(screen.getByRole('heading', { name: 'Recently viewed' })).not.toHaveAttribute('tabindex');
    expect(screen.queryByRole('status')).toBeNull();
    expect(markChars(document.body.innerHTML)).toBe(false);
    cleanup();

    const member = await setup(maya);
    act(() => member.store.set(textEditModeAtom, true));
    expect(member.store.get(textEditingAtom)).toBe(false);
    const heading = screen.getByRole('heading', { name: 'Recently viewed' });
    expect(heading.textContent).toBe('Recently viewed');
    expect(markChars(document.body.innerHTML)).toBe(false);
    expect(document.querySelectorAll('[data-text-label]').length).toBe(0);
    await user.click(heading);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
