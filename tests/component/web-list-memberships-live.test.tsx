/**
 * Issue 30 item 3: the member's open page follows her list memberships live. Events of her
 * `account:<id>` room reach the shell's event router (web/realtime/shell-events.ts, as the
 * realtime client forwards them); the data layer's memberships slice changes the session's
 * memberships, and a block visible to the Volunteers list appears and disappears without a reload.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Block } from '../../schemas/model';
import type { ListMembershipView } from '../../schemas/model/api/lists';
import { App } from '../../web/App';
import { createServices } from '../../web/create-services';
import EnginePage from '../../web/engine/EnginePage';
import { dataLayerOf } from '../../web/engine/data-layer';
import { ownListMembershipsSlice } from '../../web/engine/list-memberships';
import { followMembershipChanges } from '../../web/realtime/membership-refetch';
import { applyShellEvent, browserEnv } from '../../web/realtime/shell-events';
import { sessionAtom } from '../../web/shell/shell-state';
import { initFixture } from '../helpers/init-fixture';
import { fakeJwt, startJsonServer, type JsonServer } from '../helpers/json-server';

let server: JsonServer;
const JWT = fakeJwt(Math.floor(Date.now() / 1000));

const blocks: Block[] = [
  { id: 'b-all', type: 'plainText', options: { text: 'For everyone' } },
  {
    id: 'b-volunteers',
    type: 'plainText',
    options: { text: 'Volunteers only' },
    visibility: {
      advanced: true,
      rules: { logicalOperator: 'all', rules: [{ kind: 'userList', subject: '', operator: 'inListSomeSelected', value: ['volunteers'] }] },
    },
  },
];

beforeAll(async () => {
  server = await startJsonServer({
    'GET /api/v1/settings': () => ({ body: { siteName: 'Demo' } }),
    'GET /api/v1/init': () => ({ body: initFixture() }),
    'GET /api/v1/user/image_access_token': () => ({ body: { token: 'x' } }),
    'GET /api/v1/profile/7': () => ({ body: { accountId: '7', data: { profile: {}, meta: {} } } }),
    'GET /api/v1/structure/page/p1': () => ({
      body: { page: { id: 'p1', slug: 'welcome', name: 'Welcome', moduleId: 'm1', children: blocks.map((b) => b.id) }, blocks, fields: [] },
    }),
    'POST /api/v1/settings/permission/getDefaultPagesViewPermission': () => ({ body: { myAccount: true, socialSignIn: false } }),
  });
});
afterAll(() => server.close());

const membership = (state: ListMembershipView['state']): ListMembershipView => ({
  id: 'lm-1',
  userListId: 'volunteers',
  accountId: '7',
  state,
  hidden: false,
  dynamic: false,
  createdAt: 1,
  updatedAt: 2,
});

describe('list memberships live in the open page', () => {
  it('shows a block visible to a list when the membership is added, and hides it when removed or no longer accepted', async () => {
    window.history.replaceState(null, '', '/app/home/welcome');
    localStorage.setItem('jwt', JWT);
    const store = createStore();
    const services = createServices(store, { baseURL: `${server.url}/api/v1`, realtime: false, reload: () => undefined });
    render(<App store={store} services={services} slots={{ page: EnginePage }} />);
    await waitFor(
      () => {
        document.getElementById('tessera-brand-theme')?.dispatchEvent(new Event('error'));
        expect(screen.getByText('For everyone')).toBeInTheDocument();
      },
      { timeout: 10_000 },
    );
    expect(screen.queryByText('Volunteers only')).toBeNull();
    // What RealtimeConnection follows: the structure (filtered by membership on the server) is read again when the accepted lists change.
    const layer = dataLayerOf(store)!;
    let structureReads = 0;
    const stop = followMembershipChanges(store, layer.slice(ownListMembershipsSlice), async () => void structureReads++);
    const send = (event: string, payload: unknown) => act(() => void applyShellEvent(store, event, payload, () => browserEnv(services.api.baseURL)));

    send('userLists:memberships:added', membership('accepted'));
    expect(await screen.findByText('Volunteers only')).toBeInTheDocument();
    expect(store.get(sessionAtom)?.user.listMemberships).toEqual([{ id: 'lm-1', userListId: 'volunteers', state: 'accepted' }]);

    await waitFor(() => expect(structureReads).toBe(1));
    send('userLists:updated:state', membership('completed'));
    await waitFor(() => expect(screen.queryByText('Volunteers only')).toBeNull());
    await waitFor(() => expect(structureReads).toBe(2));
    send('userLists:updated:state', membership('accepted'));
    expect(await screen.findByText('Volunteers only')).toBeInTheDocument();

    send('userLists:memberships:removed', { id: 'lm-1', userListId: 'volunteers' });
    await waitFor(() => expect(screen.queryByText('Volunteers only')).toBeNull());
    expect(store.get(sessionAtom)?.user.listMemberships).toEqual([]);
    // Someone else's membership (never sent to this room) changes nothing.
    send('userLists:memberships:added', { ...membership('accepted'), accountId: '8' });
    expect(store.get(sessionAtom)?.user.listMemberships).toEqual([]);

    // A reconnect that missed events reads them again.
    server.routes.set('GET /api/v1/user/listMemberships', () => ({ body: [{ id: 'lm-2', userListId: 'volunteers', state: 'accepted' }] }));
    act(() => layer.reconnected());
    expect(await screen.findByText('Volunteers only')).toBeInTheDocument();
    stop();
  });
});
