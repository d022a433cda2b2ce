/**
 * The shell's error boundaries (issue 12, finding 3), with the real app against the real server
 * (the built one, in its own process: jose cannot sign inside jsdom's realm): a page whose name is not text, arriving the way any item can (a realtime
 * change), breaks only the navigation, which says so and offers a way on; the routed page keeps
 * rendering. Before, React error #31 unmounted the whole app and every page of the module went blank.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from '../../schemas/model';
import type { StructureResponse } from '../../schemas/model/api/structure';
import { App } from '../../web/App';
import { createServices } from '../../web/create-services';
import { applyItemsChanges } from '../../web/realtime/realtime-client';
import { signInAt } from '../helpers/api-server';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let token: string;

beforeAll(async () => {
  server = await startServer();
  token = await signInAt(server.url, 'maya');
});
afterAll(async () => server?.stop());

describe('the shell keeps working when one of its parts cannot render', () => {
  it('a page name that is an object breaks the navigation only: it says so, and the page stays', async () => {
    const structure = (await (await fetch(`${server.url}/api/v1/structure`, { headers: { authorization: `Bearer ${token}` } })).json()) as StructureResponse;
    const news = structure.modules.find((m) => m.id === 'home')!.pages.find((p) => p.id === 'news')!;
    window.history.replaceState(null, '', '/app/home/welcome');
    localStorage.setItem('jwt', token);
    const store = createStore();
    const services = createServices(store, { baseURL: `${server.url}/api/v1`, realtime: false, reload: () => undefined });
    render(<App store={store} services={services} />);
    await waitFor(() => {
      document.getElementById('tessera-brand-theme')?.dispatchEvent(new Event('error'));
      expect(screen.getByRole('navigation', { name: 'Pages' })).toBeInTheDocument();
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument();

    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const broken = { ...news, name: { en: 'News' }, revision: (news.revision ?? 0) + 1 } as unknown as Page;
      act(() => applyItemsChanges(store, { items: [{ kind: 'page', id: 'news', item: broken }] }));
      expect(await screen.findByText('The navigation could not be shown.')).toBeInTheDocument();
    } finally {
      quiet.mockRestore();
    }
    // The page itself, in its own boundary, is still there, and the way home is offered.
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/app/');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
