/**
 * The member app's notifications under jsdom against the real server started in-process (its
 * notify() storing Maya's notifications, the web app's own API client over HTTP): the header's
 * bell and chat icon with their 9+ badges from GET init, the notification centre (chat and system
 * split at 20 with "show more" by cursor, seen on open, read and followed on click, Escape back
 * to the bell), the notificationCenter block rendering the same list, and the settings page's
 * preferences (an optimistic switch; a refused one shows the server's message and what it kept).
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { NotificationCountResponse, NotificationPageResponse, NotificationPreferencesResponse } from '../../schemas/model/api/notifications';
import { notify } from '../../server/notifications/notify';
import { adaptInit } from '../../web/api/init-adapter';
import type { ApiClient } from '../../web/api/client';
import { createAuditBuffer } from '../../web/audit/audit-buffer';
import { HeaderNotifications } from '../../web/notifications/HeaderNotifications';
import { NotificationPreferences } from '../../web/settings/NotificationPreferences';
import { ServicesProvider } from '../../web/shell/services';
import { Toasts } from '../../web/shell/Toasts';
import { createRealtimeClient } from '../../web/realtime/realtime-client';
import { applyShellEvent } from '../../web/realtime/shell-events';
import { applyInit } from '../../web/startup/apply-init';
import { createNotificationService } from '../../web/notifications/notification-service';
import { translatorAtom } from '../../web/shell/shell-state';
import { renderPage } from './engine/helpers';
import { startAdminServer, type ApiServer } from '../helpers/admin-server';
import { fanOutsSent } from '../helpers/notifications';
import { webApiClient } from '../helpers/web-api-client';

let api: ApiServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  api = await startAdminServer();
  for (const name of ['maya', 'victor', 'elena']) tokens[name] = await api.signIn(name);
  await fanOutsSent(api);
  // The demo's own notifications are seen: every badge starts at 0.
  for (const token of Object.values(tokens)) for (const type of ['chat', 'system']) await api.call('POST', `profile/notifications/seen/${type}`, { token });
}, 120_000);
afterEach(() => cleanup());
afterAll(async () => {
  await api?.close();
});

const ctx = () => api.server.ctx;
const call = <T,>(method: string, path: string, token: string, body?: unknown) => api.call<T>(method, path, { token, body }).then((r) => r.body);
const count = async (name: string, type: string) => (await call<NotificationCountResponse>('GET', `profile/notifications/count/${type}`, tokens[name])).count;
const systemItems = async (name: string) => (await call<NotificationPageResponse>('GET', 'profile/notifications/system/0?limit=100', tokens[name])).items;

/** The header's notification buttons as `name` sees them after GET init, with a router at /home/welcome. */
async function renderHeader(name: string, client: ApiClient = webApiClient(api, tokens[name])) {
  const store = createStore();
  applyInit(store, adaptInit(await client.get('init')), {}, { selectable: false, mode: 'light' }, false, localStorage);
  const location = memoryLocation({ path: '/home/welcome', record: true });
  render(
    <Provider store={store}>
      <ServicesProvider services={{ api: client, audit: createAuditBuffer(client), realtime: false }}>
        <Router hook={location.hook}>
          <HeaderNotifications />
          <NotificationPreferences />
          <Toasts />
        </Router>
      </ServicesProvider>
    </Provider>,
  );
  return { store, location };
}

describe('header badges', () => {
  it('shows the unseen counts from init, 9+ above 9, in the buttons’ names', async () => {
    for (let i = 0; i < 12; i++) await notify(ctx(), 'mention', { accounts: ['victor'] }, { message: `mentioned you (${i})`, fromAccountId: 'maya' });
    for (let i = 0; i < 3; i++) await notify(ctx(), 'newMessage', { accounts: ['victor'] }, { message: `Hello ${i}`, fromAccountId: 'maya', targetId: 'maya' });
    await renderHeader('victor');
    const bell = screen.getByRole('button', { name: 'Notifications, 9+ unseen' });
    expect(bell).toHaveTextContent('9+');
    const chat = screen.getByRole('link', { name: 'Chat, 3 unseen' });
    expect(chat).toHaveAttribute('href', '/chat/');
    expect(chat).toHaveTextContent('3');
  });

  it('follows the realtime count events of the member’s own room without reading init again', async () => {
    const { store } = await renderHeader('victor');
    const realtime = createRealtimeClient({
      url: api.url,
      token: tokens.victor,
      store,
      socketOptions: { transports: ['websocket'], reconnection: false },
      reload: () => undefined,
      onEvent: (event, payload) => applyShellEvent(store, event, payload, () => ({}) as never),
    });
    try {
      await new Promise<void>((resolve) => (realtime.socket.connected ? resolve() : realtime.socket.on('connect', () => resolve())));
      await notify(ctx(), 'newMessage', { accounts: ['victor'] }, { message: 'One more', fromAccountId: 'maya', targetId: 'maya' });
      expect(await screen.findByRole('link', { name: 'Chat, 4 unseen' })).toHaveTextContent('4');
      await api.call('POST', 'profile/notifications/seen/system', { token: tokens.victor });
      expect(await screen.findByRole('button', { name: 'Notifications, 0 unseen' })).not.toHaveTextContent(/\d/);
    } finally {
      realtime.close();
    }
  });
});

describe('notification centre', () => {
  it('splits at 20 with show more, marks seen on open, reads and follows a click, and Escape returns to the bell', async () => {
    for (let i = 0; i < 24; i++)
      await notify(
        ctx(),
        'broadcastNotificationToList',
        { accounts: ['maya'] },
        { title: `Notice ${i}`, message: `Notice number ${i}`, data: { url: '/home/news' } },
      );
    await notify(
      ctx(),
      'newMessage',
      { accounts: ['maya'] },
      { title: 'Victor Volunteer', message: 'Are you coming?', fromAccountId: 'victor', targetId: 'victor' },
    );
    const total = (await systemItems('maya')).length;
    expect(total).toBeGreaterThan(24);
    const { location } = await renderHeader('maya');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Notifications, 9+ unseen' }));
    // The centre is a lazy chunk: its first load (transformed on demand here) may take a while.
    const centre = await screen.findByRole('dialog', { name: 'Notifications' }, { timeout: 15_000 });
    const system = within(centre).getByRole('region', { name: 'System' });
    const chat = within(centre).getByRole('region', { name: 'Chat' });
    await within(chat).findByRole('link', { name: /^Unread: Victor Volunteer Are you coming\? /u });
    const firstPage = await within(system).findAllByRole('listitem');
    expect(firstPage).toHaveLength(20);
    expect(firstPage[0]).toHaveTextContent('Notice 23');
    // Opening marked both kinds seen: the badges are gone, on the server too.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications, 0 unseen' })).toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Chat, 0 unseen' })).toBeInTheDocument();
    expect(await count('maya', 'system')).toBe(0);
    expect(await count('maya', 'chat')).toBe(0);

    await user.click(within(system).getByRole('button', { name: 'Show more: System' }));
    await waitFor(() => expect(within(system).getAllByRole('listitem')).toHaveLength(total));
    expect(within(system).queryByRole('button', { name: 'Show more: System' })).toBeNull();

    // Escape closes and gives the focus back to the bell.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const bell = screen.getByRole('button', { name: 'Notifications, 0 unseen' });
    expect(bell).toHaveFocus();

    // An unread item is a link to its target; following it marks it read there and here.
    await user.click(bell);
    const again = await screen.findByRole('dialog', { name: 'Notifications' });
    const newest = await within(again).findByRole('link', { name: /Unread: Notice 23/ });
    expect(newest).toHaveAttribute('href', '/app/home/news');
    await user.click(newest);
    expect(location.history.at(-1)).toBe('/home/news');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () => expect((await systemItems('maya')).find((n) => n.title === 'Notice 23')?.read).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Notifications, 0 unseen' }));
    const third = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(third).findByRole('link', { name: /^Notice 23/ })).toBeInTheDocument();
    expect(within(third).getByRole('link', { name: /Unread: Notice 22/ })).toBeInTheDocument();
  });
});

describe('notification preferences', () => {
  it('switches a channel at once; a refusal logs, shows the server’s message and puts back what the server kept', async () => {
    // An older client that sends a channel this server does not know: the server refuses it (400).
    const plain = webApiClient(api, tokens.elena);
    let refuse = false;
    const client: ApiClient = {
      ...plain,
      post: (path, body, options) =>
        plain.post(path, refuse && path.endsWith('updateUserPreferences') ? { ...(body as object), type: 'pigeon' } : body, options),
    };
    await renderHeader('elena', client);
    const user = userEvent.setup();
    const group = await screen.findByRole('region', { name: 'Spaces' });
    const email = within(group).getByRole('switch', { name: 'By email: A space is created' });
    expect(email).toHaveAttribute('aria-checked', 'false');

    await user.click(email);
    expect(email).toHaveAttribute('aria-checked', 'true');
    await screen.findByText('Notification settings saved.');
    const kept = async () =>
      (await call<NotificationPreferencesResponse>('GET', 'profile/notifications/userPreferences', tokens.elena)).preferences.find(
        (p) => p.event === 'entityCreated',
      )!.channels;
    expect(await kept()).toEqual({ inApp: true, email: true });

    refuse = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const inApp = within(group).getByRole('switch', { name: 'In the app: A space is created' });
      await user.click(inApp);
      // Optimistic: off at once, before the server answered.
      expect(inApp).toHaveAttribute('aria-checked', 'false');
      // The server's own message (it names the refused value), not the catalogue's fallback.
      const toast = await waitFor(() => {
        const shown = document.querySelector('.ts-toast--negative .ts-toast__message');
        expect(shown).not.toBeNull();
        return shown!;
      });
      const refused = await api.call<{ message: string }>('POST', 'profile/notifications/updateUserPreferences', {
        token: tokens.elena,
        body: { event: 'entityCreated', type: 'pigeon', active: false },
      });
      expect(refused.status).toBe(400);
      expect(toast).toHaveTextContent(refused.body.message);
      await waitFor(() => expect(within(group).getByRole('switch', { name: 'In the app: A space is created' })).toHaveAttribute('aria-checked', 'true'));
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
    expect(await kept()).toEqual({ inApp: true, email: true });
    // A member without showAdminNotifications sees no admin events.
    expect(screen.queryByRole('heading', { name: 'Administration notifications' })).toBeNull();
  });

  it('shows admins with showAdminNotifications the admin events as well', async () => {
    tokens.admin ??= await api.signIn('admin');
    await renderHeader('admin');
    await screen.findByRole('heading', { name: 'Administration notifications' });
    // Members have a Moderation group too (a moderator acted on their content): the admins' one.
    const groups = await screen.findAllByRole('region', { name: 'Moderation' });
    const moderation = groups.find((g) => g.getAttribute('aria-labelledby') === 'settings-notifications-admin-moderation');
    expect(moderation).toBeDefined();
    expect(within(moderation!).getAllByRole('switch', { name: /^By email: / }).length).toBeGreaterThan(0);
  });
});

describe('notificationCenter block', () => {
  it('renders the same list with the block’s kinds, page size, badge and no read on open', async () => {
    for (let i = 0; i < 6; i++)
      await notify(
        ctx(),
        'broadcastNotificationToList',
        { accounts: ['elena'] },
        { title: `Block notice ${i}`, message: 'For the block', data: { url: '/home/news' } },
      );
    const client = webApiClient(api, tokens.elena);
    const navigate = vi.fn();
    const store = createStore();
    renderPage({
      blocks: [
        {
          id: 'nc-1',
          type: 'notificationCenter',
          options: { notificationTypes: ['system', 'admin'], pageSize: 5, showBadge: true, markAsReadOnOpen: false, emptyText: 'Nothing here.' },
        },
      ],
      store,
      translator: store.get(translatorAtom),
      user: { accountId: 'elena', isAdmin: false, isElevated: false, listMemberships: [] },
      services: { notifications: createNotificationService(client), navigate },
    });
    const user = userEvent.setup();
    // Admin notifications are left out for a member without showAdminNotifications.
    const system = await screen.findByRole('region', { name: 'System' }, { timeout: 15_000 });
    expect(screen.queryByRole('region', { name: 'Admin' })).toBeNull();
    expect(await within(system).findAllByRole('listitem')).toHaveLength(5);
    expect(within(system).getByRole('button', { name: 'Show more: System' })).toBeInTheDocument();
    await user.click(within(system).getByRole('link', { name: /^Unread: Block notice 5 / }));
    expect(navigate).toHaveBeenCalledWith('/home/news');
    // markAsReadOnOpen off: followed, still unread.
    expect(within(system).getByRole('link', { name: /^Unread: Block notice 5 / })).toBeInTheDocument();
    expect((await systemItems('elena')).find((n) => n.title === 'Block notice 5')?.read).toBe(false);
  });
});
