/**
 * Private chat in the browser (issue 31 item 3): the chat slice (engine/data/chat.ts) and the chat
 * views (engine/react/chat) over the real server (in-process, SQLite; the API suite covers both
 * databases), each member with a data layer of her own fed by a real socket.io connection, as the
 * shell's realtime connection feeds it. Maya and Victor chat: composer keys, live arrival, the
 * unread badge, read receipts, typing, a refused send with words and Retry, history upward,
 * editing, deleting, reporting (the abuse report dialog), blocking, and the catch-up after a dropped connection.
 */
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { blockComponents } from '../../blocks/index.generated';
import { chatSlice, type ChatSlice } from '../../engine/data/chat';
import { createDataLayer, DataLayerProvider, type DataLayer, type DataTransport } from '../../engine/data';
import { ChatList } from '../../engine/react/chat/ChatList';
import { Conversation } from '../../engine/react/chat/Conversation';
import { EngineProvider } from '../../engine/react/engine-context';
import type { ChatHistoryResponse, ChatMessage, ChatSummary } from '../../schemas/model/api/chat';
import { runtimeRegistry } from '../../registry/generated/runtime';
import { seriousAxeViolations } from '../helpers/admin-render';
import { renderPage } from './engine/helpers';
import { startAdminServer, type ApiServer } from '../helpers/admin-server';

configure({ asyncUtilTimeout: 15_000 });

let server: ApiServer;
const tokens: Record<string, string> = {};
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startAdminServer();
  for (const who of ['maya', 'victor', 'ada']) tokens[who] = await server.signIn(who === 'ada' ? 'admin' : who);
}, 60_000);
afterAll(async () => server?.close());
afterEach(() => {
  cleanup();
  for (const s of sockets.splice(0)) s.disconnect();
});

/** Failed calls carry the status and body, as the web's ApiError does (the views read `code`). */
function transportAs(token: string): DataTransport {
  return {
    async request({ method, path, body, query }) {
      const qs = query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}` : '';
      const res = await server.call<never>(method, `${path}${qs}`, { token, body, headers: { 'accept-encoding': 'identity' } });
      if (res.status >= 400) throw Object.assign(new Error(`${method} ${path}: ${res.status}`), { status: res.status, data: res.body });
      return res.body;
    },
  };
}

async function call<T>(who: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await server.call<T>(method, path, { token: tokens[who], body });
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

interface Member {
  accountId: string;
  store: ReturnType<typeof createStore>;
  layer: DataLayer;
  chat: ChatSlice;
  socket: Socket;
}

/** A member's data layer over HTTP, its realtime events from a real socket (what RealtimeConnection does). */
async function member(accountId: string): Promise<Member> {
  const store = createStore();
  const layer = createDataLayer(store, transportAs(tokens[accountId]), { ownAccountId: accountId });
  const socket = io(server.url, { auth: { token: tokens[accountId] }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  socket.onAny((event: string, payload: unknown) => layer.applyEvent(event, payload));
  layer.attachRealtime({ emit: (event, payload) => socket.emit(event, payload) });
  socket.on('connect', () => layer.connected());
  const chat = layer.slice(chatSlice);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { accountId, store, layer, chat, socket };
}

function renderAs(m: Member, ui: ReactNode, navigated: string[] = []) {
  return render(
    <EngineProvider
      registry={runtimeRegistry}
      blockComponents={blockComponents}
      store={m.store}
      user={{ accountId: m.accountId, isAdmin: false, isElevated: false, listMemberships: [] }}
      services={{ navigate: (path) => navigated.push(path), profileHref: (id) => `/people/profile/${id}` }}
    >
      <DataLayerProvider value={m.layer}>{ui}</DataLayerProvider>
    </EngineProvider>,
  );
}

async function history(who: string, chatId: string, limit = 50): Promise<ChatMessage[]> {
  return (await call<ChatHistoryResponse>(who, 'GET', `chat/private/${chatId}?limit=${limit}`)).items;
}

/** The pair's chat (one per pair: earlier tests' messages stay in it, so each test looks for its own texts). */
async function openChat(a: Member, b: string): Promise<ChatSummary> {
  return a.chat.open(b);
}

describe('chat in the browser', { timeout: 90_000 }, () => {
  it("sends with the composer (Enter sends, Shift+Enter a new line); the other's list shows it live with its unread count", async () => {
    const user = userEvent.setup({ delay: null });
    const maya = await member('maya');
    const victor = await member('victor');
    const chat = await openChat(maya, 'victor');
    const { container: victorView } = renderAs(victor, <ChatList sortable />);
    const mayaView = renderAs(maya, <Conversation chatId={chat.id} />);
    const composer = await within(mayaView.container).findByRole('textbox', { name: 'Message to Victor Volunteer' });
    await user.type(composer, 'Hello Victor,{Shift>}{Enter}{/Shift}see https://example.org.{Enter}');
    expect(composer).toHaveValue('');
    const log = await within(mayaView.container).findByRole('log', { name: 'Messages' });
    await waitFor(() => expect(within(log).getByText(/Hello Victor,/)).toBeInTheDocument());
    // Confirmed by the server: one message, the line break kept, the address a link to a new tab.
    await waitFor(() => expect(within(log).getByText(/Delivered/)).toBeInTheDocument());
    const link = within(log).getByRole('link', { name: 'https://example.org' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    const stored = await history('maya', chat.id);
    expect(stored[0].message).toMatch(/^Hello Victor,<br ?\/?>see <a href="https:\/\/example.org"/);
    expect(stored.filter((m) => m.message.includes('Hello Victor'))).toHaveLength(1);

    // Victor's list: the chat with Maya, her message, unread counted, without a reload.
    const row = await within(victorView).findByRole('link', { name: /Maya Maker/ });
    await waitFor(() => expect(row).toHaveTextContent('Hello Victor,'));
    await waitFor(() => expect(within(row).getByLabelText(/^Unread: \d+$/)).toBeInTheDocument());
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('marks read while shown: Maya sees the read mark and Victor typing', async () => {
    const user = userEvent.setup({ delay: null });
    const maya = await member('maya');
    const victor = await member('victor');
    const chat = await openChat(maya, 'victor');
    await call('maya', 'PUT', `chat/private/${chat.id}`, { message: 'Are you coming on Saturday?' });
    const mayaView = renderAs(maya, <Conversation chatId={chat.id} />);
    const mayaLog = await within(mayaView.container).findByRole('log');
    await within(mayaLog).findByText('Are you coming on Saturday?');
    // Victor opens it: read up to it, and Maya's mark turns to Read live.
    const victorView = renderAs(victor, <Conversation chatId={chat.id} />);
    await within(victorView.container).findByText('Are you coming on Saturday?');
    await waitFor(() => expect(within(mayaLog).getByText(/Read/)).toBeInTheDocument());
    const unread = await call<{ byChat: Record<string, number> }>('victor', 'GET', 'chat/unread');
    expect(unread.byChat[chat.id] ?? 0).toBe(0);

    await user.type(within(victorView.container).getByRole('textbox', { name: 'Message to Maya Maker' }), 'Y');
    await waitFor(() => expect(within(mayaView.container).getByText('Victor Volunteer is typing…')).toBeInTheDocument());
  });

  it('a refused send stays with words for a person and Retry; retried, the server keeps one message', async () => {
    const user = userEvent.setup({ delay: null });
    const maya = await member('maya');
    const chat = await openChat(maya, 'victor');
    const view = renderAs(maya, <Conversation chatId={chat.id} />);
    const log = await within(view.container).findByRole('log');
    await within(view.container).findByRole('textbox', { name: 'Message to Victor Volunteer' });
    // Blocked behind the view's back (another tab): the send is refused with the reason.
    await call('maya', 'PUT', 'chat/blocks/victor');
    await user.type(within(view.container).getByRole('textbox', { name: 'Message to Victor Volunteer' }), 'Sorry, one more thing{Enter}');
    const alert = await within(log).findByRole('alert');
    expect(alert).toHaveTextContent('Not sent. You blocked this member. Unblock them to send a message.');
    await call('maya', 'DELETE', 'chat/blocks/victor');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(log).queryByRole('alert')).toBeNull());
    await waitFor(async () => expect((await history('maya', chat.id)).filter((m) => m.message === 'Sorry, one more thing')).toHaveLength(1));
    expect(within(log).getAllByText('Sorry, one more thing')).toHaveLength(1);
  });

  it('loads history upward, ten at a time', async () => {
    const user = userEvent.setup({ delay: null });
    const maya = await member('maya');
    const ada = await member('ada');
    const chat = await openChat(ada, 'maya');
    for (let i = 1; i <= 25; i++) await call('ada', 'PUT', `chat/private/${chat.id}`, { message: `Note ${i}` });
    const view = renderAs(maya, <Conversation chatId={chat.id} />);
    const log = await within(view.container).findByRole('log');
    await within(log).findByText('Note 25');
    expect(within(log).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(log).getByRole('button', { name: 'Show earlier messages' }));
    await within(log).findByText('Note 6');
    expect(within(log).getAllByRole('listitem')).toHaveLength(20);
    await user.click(within(log).getByRole('button', { name: 'Show earlier messages' }));
    await within(log).findByText('Note 1');
    // Oldest first, all of them, and nothing more to load.
    expect(
      within(log)
        .getAllByRole('listitem')
        .map((li) => /Note \d+/.exec(li.textContent ?? '')?.[0]),
    ).toEqual(Array.from({ length: 25 }, (_, i) => `Note ${i + 1}`));
    expect(within(log).queryByRole('button', { name: 'Show earlier messages' })).toBeNull();
  });

  it('edits and deletes her own message; reports the other’s with a reason', async () => {
    const user = userEvent.setup({ delay: null });
    const maya = await member('maya');
    const victor = await member('victor');
    const chat = await openChat(maya, 'victor');
    const sent = await call<ChatMessage>('maya', 'PUT', `chat/private/${chat.id}`, { message: 'Meet at 10?' });
    const view = renderAs(maya, <Conversation chatId={chat.id} />);
    const log = await within(view.container).findByRole('log');
    const item = () => within(log).getByText('Meet at 10?').closest('li')!;
    await within(log).findByText('Meet at 10?');
    await user.click(within(item()).getByRole('button', { name: 'Actions for this message' }));
    await user.click(within(item()).getByRole('button', { name: 'Edit' }));
    const edit = within(log).getByRole('textbox', { name: 'Edit your message' });
    await user.clear(edit);
    await user.type(edit, 'Meet at 11?');
    await user.click(within(log).getByRole('button', { name: 'Save' }));
    await within(log).findByText('Meet at 11?');
    await waitFor(async () => expect((await history('maya', chat.id)).find((m) => m.id === sent.id)?.message).toBe('Meet at 11?'));
    expect(within(log).getByText('Meet at 11?').closest('li')).toHaveTextContent('edited');

    // Victor reports it (Maya's message, his side).
    const victorView = renderAs(victor, <Conversation chatId={chat.id} />);
    const victorLog = await within(victorView.container).findByRole('log');
    const theirs = (await within(victorLog).findByText('Meet at 11?')).closest('li')!;
    const menuButton = within(theirs).getByRole('button', { name: 'Actions for this message' });
    await user.click(menuButton);
    expect(within(theirs).queryByRole('button', { name: 'Edit' })).toBeNull();
    // Escape closes the menu, focus back on its button; opened again to report.
    await user.keyboard('{Escape}');
    expect(within(theirs).queryByRole('button', { name: 'Report' })).toBeNull();
    expect(menuButton).toHaveFocus();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton);
    await user.click(within(theirs).getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this message' });
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment or bullying' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Tell the moderators more (optional)' }), 'Not what we agreed');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await within(dialog).findByText('Thank you. Your report was sent to the moderators, who will look at it.');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    // Maya deletes it: both see it deleted.
    const mine = within(log).getByText('Meet at 11?').closest('li')!;
    await user.click(within(mine).getByRole('button', { name: 'Actions for this message' }));
    await user.click(within(mine).getByRole('button', { name: 'Delete' }));
    await user.click(within(mine).getByRole('button', { name: 'Delete' }));
    await within(log).findByText('This message was deleted.');
    await within(victorLog).findByText('This message was deleted.');
  });

  it('blocks and unblocks from the header menu: the composer gives way to the reason', async () => {
    const user = userEvent.setup({ delay: null });
    const maya = await member('maya');
    const chat = await openChat(maya, 'victor');
    const view = renderAs(maya, <Conversation chatId={chat.id} />);
    await within(view.container).findByRole('textbox', { name: 'Message to Victor Volunteer' });
    await user.click(within(view.container).getByRole('button', { name: 'More actions for this chat' }));
    await user.click(within(view.container).getByRole('button', { name: 'Block Victor Volunteer' }));
    await within(view.container).findByText('You blocked this member. Unblock them to send a message.');
    expect(within(view.container).queryByRole('textbox')).toBeNull();
    expect((await call<{ items: { accountId: string }[] }>('maya', 'GET', 'chat/blocks')).items.map((b) => b.accountId)).toContain('victor');
    await user.click(within(view.container).getByRole('button', { name: 'Unblock Victor Volunteer' }));
    await within(view.container).findByRole('textbox', { name: 'Message to Victor Volunteer' });
    expect((await call<{ items: { accountId: string }[] }>('maya', 'GET', 'chat/blocks')).items).toEqual([]);
  });

  it('catches up after a dropped connection: what was sent meanwhile arrives once', async () => {
    const maya = await member('maya');
    const victor = await member('victor');
    const chat = await openChat(maya, 'victor');
    await call('maya', 'PUT', `chat/private/${chat.id}`, { message: 'Before the tunnel' });
    const view = renderAs(victor, <Conversation chatId={chat.id} />);
    const log = await within(view.container).findByRole('log');
    await within(log).findByText('Before the tunnel');
    victor.socket.disconnect();
    await call('maya', 'PUT', `chat/private/${chat.id}`, { message: 'While you were away' });
    expect(within(log).queryByText('While you were away')).toBeNull();
    // Back: the layer hears the connection again and asks chat/missed from the newest id it saw.
    await act(async () => {
      victor.socket.connect();
    });
    await within(log).findByText('While you were away');
    expect(within(log).getAllByText('While you were away')).toHaveLength(1);
  });

  it('sorts the chat list by most recent activity or by name', async () => {
    const user = userEvent.setup({ delay: null });
    const maya = await member('maya');
    const withAda = await openChat(maya, 'admin');
    const withVictor = await openChat(maya, 'victor');
    await call('maya', 'PUT', `chat/private/${withAda.id}`, { message: 'Older news' });
    await call('maya', 'PUT', `chat/private/${withVictor.id}`, { message: 'Newest news' });
    const view = renderAs(maya, <ChatList sortable />);
    const names = () =>
      within(view.container)
        .getAllByRole('link')
        .map((a) => a.querySelector('.t-chat-list__name')?.textContent)
        .filter((n) => n === 'Ada Admin' || n === 'Victor Volunteer');
    await waitFor(() => expect(names()).toEqual(['Victor Volunteer', 'Ada Admin']));
    await user.selectOptions(within(view.container).getByRole('combobox', { name: 'Sort chats by' }), 'Name');
    await waitFor(() => expect(names()).toEqual(['Ada Admin', 'Victor Volunteer']));
  });

  it('the messages block lists her most recent chats, each opening in Messages', async () => {
    const user = userEvent.setup({ delay: null });
    const maya = await member('maya');
    const withVictor = await openChat(maya, 'victor');
    await call('maya', 'PUT', `chat/private/${withVictor.id}`, { message: 'Latest of all' });
    const navigated: string[] = [];
    renderPage({
      blocks: [
        { id: 'msg', type: 'messages', options: { title: 'Recent messages', sortBy: 'date', limit: 1, showUnreadOnly: false, emptyText: 'Nothing yet' } },
      ],
      store: maya.store,
      dataLayer: maya.layer,
      user: { accountId: 'maya', isAdmin: false, isElevated: false, listMemberships: [] },
      services: { navigate: (path) => navigated.push(path) },
    });
    const block = await screen.findByRole('region', { name: 'Recent messages' });
    const rows = await within(block).findAllByRole('link');
    expect(rows).toHaveLength(1);
    await waitFor(() => expect(rows[0]).toHaveTextContent('Victor Volunteer'));
    expect(rows[0]).toHaveTextContent('You: Latest of all');
    expect(rows[0]).toHaveAttribute('href', `/app/chat/${withVictor.id}`);
    await user.click(rows[0]);
    expect(navigated).toEqual([`/chat/${withVictor.id}`]);
  });

  it("Message on another member's profile opens the global chat room modal over the page", async () => {
    const user = userEvent.setup({ delay: null });
    const maya = await member('maya');
    const victorProfile = (await call<{ accountId: string; data: object }>('maya', 'GET', 'profile/victor')) as never;
    const navigated: string[] = [];
    renderPage({
      blocks: [{ id: 'hero', type: 'profileHero', options: { showAvatar: true, showCoverImage: false, nameFormat: 'F L' } }],
      store: maya.store,
      dataLayer: maya.layer,
      profile: victorProfile,
      user: { accountId: 'maya', isAdmin: false, isElevated: false, listMemberships: [] },
      services: { navigate: (path) => navigated.push(path) },
    });
    await user.click(await screen.findByRole('button', { name: 'Send Victor Volunteer a message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chat with Victor Volunteer' });
    const composer = await within(dialog).findByRole('textbox', { name: 'Message to Victor Volunteer' });
    expect(composer).toHaveFocus();
    await user.type(composer, 'From your profile{Enter}');
    await within(within(dialog).getByRole('log')).findByText('From your profile');
    const open = within(dialog).getByRole('link', { name: 'Open in Messages' });
    expect(open.getAttribute('href')).toMatch(/^\/app\/chat\/[0-9a-f-]{36}$/);
    expect(await seriousAxeViolations()).toEqual([]);
    await user.click(open);
    expect(navigated).toEqual([open.getAttribute('href')!.slice('/app'.length)]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows no Message button on her own profile', async () => {
    const maya = await member('maya');
    const own = (await call<object>('maya', 'GET', 'profile/maya')) as never;
    renderPage({
      blocks: [{ id: 'hero', type: 'profileHero', options: { showAvatar: true, showCoverImage: false, nameFormat: 'F L' } }],
      store: maya.store,
      dataLayer: maya.layer,
      profile: own,
      user: { accountId: 'maya', isAdmin: false, isElevated: false, listMemberships: [] },
    });
    await screen.findByRole('heading', { name: 'Maya Maker' });
    expect(screen.queryByRole('button', { name: /a message$/ })).toBeNull();
  });

  it('resolves /chat/:targetId: a chat id as it is, an account id opened as her chat', async () => {
    const maya = await member('maya');
    const chat = await openChat(maya, 'victor');
    const fresh = await member('maya');
    const byChat = await fresh.chat.resolveTarget(chat.id);
    expect(byChat).toMatchObject({ chat: { id: chat.id }, opened: false });
    const byAccount = await fresh.chat.resolveTarget('victor');
    expect(byAccount.chat.id).toBe(chat.id);
    expect(byAccount.opened).toBe(true);
    await expect(fresh.chat.resolveTarget('nobody-at-all')).rejects.toMatchObject({ status: 404 });
  });
});
