/**
 * The list and application admin areas (admin/areas/userLists, applications, membershipRequests)
 * under jsdom in the real /admin frame, against the real server on SQLite and PostgreSQL: a
 * request's detail offers exactly the moves the server lists and decides with a message and
 * without notifications; the texts of community §8 (saving a list fails, loading its members fails,
 * deleting refused with 400 shows the server's reason, any other refusal the generic title and
 * content, a full list). Failures are real refusals: a session ended on the server at the moment
 * the case needs it.
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { adminAreaLoaders } from '../../admin/areas/index.generated';
import type { AdminRequest } from '../../admin/core/http-api';
import type { AdminToast } from '../../admin/frame/types';
import en from '../../engine/core/i18n/messages/en/adminAreas.json' with { type: 'json' };
import type { MembershipRequestDetail, MembershipRequestsResponse } from '../../schemas/model/api/applications';
import type { UserListView } from '../../schemas/model/api/lists';
import { patchTextEncoderForJsdom, requestAs } from '../helpers/admin-server';
import { adminFrameServices, renderAdminFrame } from '../helpers/admin-frame';
import { describeBackends } from '../helpers/backends';

configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ hookTimeout: 120_000 });
patchTextEncoderForJsdom();

beforeAll(async () => {
  for (const area of ['userLists', 'applications', 'membershipRequests'] as const) await adminAreaLoaders[area]();
});
afterEach(() => vi.restoreAllMocks());

describeBackends('the list and application admin areas', (api) => {
  let admin: string;
  const lists = async () => (await api.call<UserListView[]>('GET', 'userLists', { token: admin })).body;
  const createList = async (label: string, capacity: number | null) =>
    (await api.call<UserListView>('PUT', 'userLists', { token: admin, body: { userList: { label, capacity } } })).body;
  /** A session that the server ends when `end()` is called. */
  const endingSession = async () => {
    const token = await api.signIn('admin');
    return { token, end: async () => void (await api.call('GET', 'logout', { token })) };
  };

  beforeAll(async () => {
    admin = await api.signIn('admin');
  });

  it("offers exactly a request's moves and decides with a message, notifications off", async () => {
    const queue = (await api.call<MembershipRequestsResponse>('GET', 'applications/membershipRequests/admin', { token: admin })).body;
    const elif = queue.items.find((r) => r.accountId === 'elif')!;
    const before = (await api.call<MembershipRequestDetail>('GET', `applications/membershipRequests/admin/${elif.id}`, { token: admin })).body;
    expect(before.state).toBe('returned');
    const toasts: AdminToast[] = [];
    renderAdminFrame(await adminFrameServices(api, admin, toasts), `/admin/membershipRequests/${elif.id}`);
    const decision = (await screen.findByRole('heading', { name: 'Decision' })).closest('section')!;
    const offered = () =>
      within(decision)
        .getAllByRole('button')
        .map((b) => b.textContent);
    expect(offered()).toEqual(before.moves.map((m) => en.requests.moves[m]));
    // Answers labelled by their fields: the option's label, not its value.
    expect(screen.getByText('When are you available?').nextElementSibling).toHaveTextContent('Evenings');

    fireEvent.change(within(decision).getByRole('textbox', { name: 'Message to the member (optional)' }), { target: { value: 'Not this season, sorry.' } });
    fireEvent.click(within(decision).getByRole('checkbox', { name: 'Send notifications' }));
    fireEvent.click(within(decision).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'positive', message: `${elif.name} rejected.` }));
    const after = (await api.call<MembershipRequestDetail>('GET', `applications/membershipRequests/admin/${elif.id}`, { token: admin })).body;
    expect(after.state).toBe('rejected');
    expect(after.history.at(-1)).toMatchObject({ from: 'returned', to: 'rejected', message: 'Not this season, sorry.' });
    await waitFor(() => expect(offered()).toEqual(after.moves.map((m) => en.requests.moves[m])));
    expect(screen.getByText('Not this season, sorry.')).toBeInTheDocument();
  }, 60_000);

  it('says a save failed with the §8 sentence, and a full list with the list-at-capacity message', async () => {
    const full = await createList(`Full room (${api.backend})`, 0);
    const session = await endingSession();
    const toasts: AdminToast[] = [];
    const view = renderAdminFrame(await adminFrameServices(api, session.token, toasts), `/admin/userLists/${full.id}`);
    // Full: the list says so, and adding Maya is refused with the same message, nothing added.
    await screen.findByText(en.lists.full);
    fireEvent.click(screen.getByRole('button', { name: 'Add members…' }));
    const add = await screen.findByRole('dialog', { name: `Add members to “${full.label}”` });
    fireEvent.change(within(add).getByRole('searchbox', { name: 'Search members by name' }), { target: { value: 'Maya' } });
    fireEvent.click(await within(add).findByRole('checkbox', { name: 'Maya Maker' }));
    fireEvent.click(within(add).getByRole('button', { name: 'Add 1 member' }));
    expect(await within(add).findByRole('alert')).toHaveTextContent(en.lists.full);
    expect((await lists()).find((l) => l.id === full.id)?.users).toBe(0);
    view.unmount();

    renderAdminFrame(await adminFrameServices(api, session.token, toasts), `/admin/userLists/${full.id}/edit`);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: 'Renamed' } });
    await session.end();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong, please try again.');
    expect((await lists()).find((l) => l.id === full.id)?.label).toBe(full.label);
  }, 60_000);

  it('says loading members failed with the §8 sentence', async () => {
    const list = await createList(`Quiet list (${api.backend})`, null);
    const session = await endingSession();
    const real = requestAs(api, session.token);
    // The session ends on the server right after the list itself is read: the members call is refused.
    const request: AdminRequest = async <T,>(method: Parameters<AdminRequest>[0], path: string, body?: unknown) => {
      const answer = await real<T>(method, path, body);
      if (method === 'GET' && path === 'userLists') await session.end();
      return answer;
    };
    renderAdminFrame(await adminFrameServices(api, session.token, [], request), `/admin/userLists/${list.id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load members for this list. Please try again.');
  }, 60_000);

  it("deleting: a 400 shows the server's reason, another refusal the generic title and content", async () => {
    const toasts: AdminToast[] = [];
    // A system list (the platform's own: none is made through the API) is refused with the server's reason.
    const system = await createList(`Platform list (${api.backend})`, null);
    await api.server.ctx.store.kysely
      .updateTable('user_lists' as never)
      .set({ system: 1 } as never)
      .where('id' as never, '=', system.id as never)
      .execute();
    const first = renderAdminFrame(await adminFrameServices(api, admin, toasts), `/admin/userLists/${system.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete…' }));
    let dialog = await screen.findByRole('dialog', { name: `Delete “${system.label}”?` });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete list' }));
    const refused = await api.call<{ message: string }>('DELETE', `userLists/${system.id}`, { token: admin });
    expect(refused.status).toBe(400);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refused.body.message);
    expect(within(dialog).queryByText(en.lists.delete.failedTitle)).toBeNull();
    first.unmount();

    const spare = await createList(`Spare list (${api.backend})`, null);
    const session = await endingSession();
    renderAdminFrame(await adminFrameServices(api, session.token, toasts), `/admin/userLists/${spare.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete…' }));
    dialog = await screen.findByRole('dialog', { name: `Delete “${spare.label}”?` });
    await session.end();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete list' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(en.lists.delete.failedTitle);
    expect(alert).toHaveTextContent(en.lists.delete.failedContent);
    expect((await lists()).some((l) => l.id === spare.id)).toBe(true);
  }, 60_000);
});
