/**
 * The application blocks through the real engine, form engine and data layer, the transport calling
 * the real server in-process (SQLite; the API suites cover both databases): Maya applies to a list
 * through the block's form, sees her application sent, returned with the admin's message and her
 * answers to change, re-applies, withdraws, re-applies, is accepted (and may leave), and banned;
 * every state shows only the moves the server lists. Ada's decisions go through the admin API and
 * reach the block as her `userLists:updated:state` event does in the app (the data layer applies it).
 */
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockComponents } from '../../../blocks/index.generated';
import { blockOptionValidators } from '../../../blocks/_validators.generated/index';
import { EngineProvider, FormEnvironmentProvider, loadStructureAtom, PageRenderer, type FormEnvironment } from '../../../engine';
import { createDataLayer, DataLayerProvider, type DataLayer, type DataTransport } from '../../../engine/data';
import type { Block, Entity } from '../../../schemas/model';
import type { ApplicationView, MembershipRequestsResponse } from '../../../schemas/model/api/applications';
import { seriousAxeViolations } from '../../helpers/admin-render';
import { startAdminServer, type ApiServer } from '../../helpers/admin-server';
import { runtimeRegistry } from '../engine/helpers';

let server: ApiServer;
let ada: string;
let maya: string;
let applicationId: string;
let closedId: string;

// Answers come from a real server over HTTP and block chunks load lazily: slow on a loaded machine.
configure({ asyncUtilTimeout: 15_000 });

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await server.call<T>(method, path, { token, body, headers: { 'accept-encoding': 'identity' } });
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

beforeAll(async () => {
  server = await startAdminServer();
  ada = await server.signIn('admin');
  maya = await server.signIn('maya');
  // An application of its own to the volunteers list (Maya is not on it), with a required question.
  applicationId = (await call<ApplicationView>(ada, 'PUT', 'applications', { label: 'Front desk helpers', listId: 'volunteers' })).id;
  await call(ada, 'PUT', `applications/${applicationId}/field/why`, {
    field: { id: 'why', key: 'why', type: 'text', label: 'Why would you like to help?', validation: { required: true } },
  });
  closedId = (await call<ApplicationView>(ada, 'PUT', 'applications', { label: 'Night shift', listId: 'makers' })).id;
  await call(ada, 'PUT', `applications/${closedId}`, { changes: { state: 'closed' } });
}, 120_000);
afterAll(async () => server?.close());

function transportAs(token: string): DataTransport {
  return {
    async request({ method, path, body }) {
      const res = await server.call<never>(method, path, { token, body, headers: { 'accept-encoding': 'identity' } });
      if (res.status >= 400) throw Object.assign(new Error((res.body as { message?: string })?.message ?? `status ${res.status}`), { status: res.status });
      return res.body;
    },
  };
}

const user = { accountId: 'maya', isAdmin: false, isElevated: false, listMemberships: [] };

function renderAsMaya(blocks: Block[], entity?: Entity): { layer: DataLayer; unmount(): void } {
  const store = createStore();
  store.set(loadStructureAtom, { pages: [{ id: 'p1', slug: 'p', name: 'Volunteer', children: blocks.map((b) => b.id) }], blocks });
  const layer = createDataLayer(store, transportAs(maya), { ownAccountId: 'maya' });
  const env: FormEnvironment = { services: { save: async () => undefined }, ruleContext: { user }, hash: '' };
  const { unmount } = render(
    <EngineProvider
      registry={runtimeRegistry}
      blockComponents={blockComponents}
      blockValidators={blockOptionValidators}
      store={store}
      user={user}
      entity={entity}
    >
      <DataLayerProvider value={layer}>
        <FormEnvironmentProvider value={env}>
          <PageRenderer pageId="p1" />
        </FormEnvironmentProvider>
      </DataLayerProvider>
    </EngineProvider>,
  );
  return { layer, unmount };
}

/** Ada's decision on Maya's request, then the event the server sends to Maya's room. */
async function decide(layer: DataLayer, state: string, message?: string) {
  const requests = await call<MembershipRequestsResponse>(ada, 'GET', `applications/membershipRequests/admin?applicationId=${applicationId}`);
  const request = requests.items.find((r) => r.accountId === 'maya')!;
  await call(ada, 'POST', `applications/membershipRequests/admin/${request.id}/${state}`, message ? { message } : {});
  layer.applyEvent('userLists:updated:state', { id: request.listMembershipId, userListId: 'volunteers', accountId: 'maya', state });
}

const block = (id: string, options: Record<string, unknown>): Block => ({
  id,
  type: 'application',
  options: { submitLabel: 'Submit application', ...options },
});

/** Clicks a submit button once the form has enabled it (it stays disabled until its required answers are read). */
async function clickWhenEnabled(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, name: string) {
  const button = await within(scope).findByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
}

describe('the application block', () => {
  it('applies, is returned with a message, re-applies, withdraws, is accepted and banned, offering only the moves listed', async () => {
    const user = userEvent.setup();
    const { layer } = renderAsMaya([block('apply', { applicationId })]);
    const section = await screen.findByRole('region', { name: 'Front desk helpers' });
    await within(section).findByText('Fill in the form below to apply.');
    expect(within(section).queryByRole('button', { name: 'Withdraw my application' })).toBeNull();
    expect(await seriousAxeViolations()).toEqual([]);

    // The required question blocks the submit until answered.
    const why = await within(section).findByRole('textbox', { name: /Why would you like to help\?/ });
    await user.type(why, 'I fix bikes');
    await clickWhenEnabled(user, section, 'Submit application');
    await within(section).findByText('Thank you, your application has been sent.');
    expect(within(section).queryByRole('textbox')).toBeNull();
    within(section).getByRole('button', { name: 'Withdraw my application' });

    // Returned with a message: the message, her answer to change and a button to send it again.
    await decide(layer, 'returned', 'Which evenings are you free?');
    await within(section).findByText('Your application was returned for changes: change your answers and send it again.');
    within(section).getByText('Which evenings are you free?');
    const again = await within(section).findByRole('textbox', { name: /Why would you like to help\?/ });
    expect(again).toHaveValue('I fix bikes');
    await user.type(again, ', on Tuesdays');
    await clickWhenEnabled(user, section, 'Send my application again');
    await within(section).findByText('Thank you, your application has been sent.');
    const sent = await call<MembershipRequestsResponse>(ada, 'GET', `applications/membershipRequests/admin?applicationId=${applicationId}`);
    expect(sent.items.find((r) => r.accountId === 'maya')?.state).toBe('applied');

    // Withdrawn after a confirmation; then the form is there to apply again.
    await user.click(within(section).getByRole('button', { name: 'Withdraw my application' }));
    await user.click(within(section).getByRole('button', { name: 'Yes, withdraw' }));
    await within(section).findByText('You withdrew your application. You can apply again below.');
    await clickWhenEnabled(user, section, 'Send my application again');
    await within(section).findByText('Thank you, your application has been sent.');

    // Accepted: a welcome, the message, leaving the list as her only move.
    await decide(layer, 'accepted', 'Welcome aboard.');
    await within(section).findByText('Your application was accepted: welcome!');
    within(section).getByText('Welcome aboard.');
    within(section).getByRole('button', { name: 'Leave this list' });
    expect(within(section).queryByRole('textbox')).toBeNull();
    expect(await seriousAxeViolations()).toEqual([]);

    // Banned: no form, no move.
    await decide(layer, 'banned');
    await within(section).findByText('You cannot apply to this list.');
    expect(within(section).queryAllByRole('button')).toHaveLength(0);
  }, 90_000);

  it('says when applications are closed, when the application is missing, and when it needs configuring', async () => {
    renderAsMaya([block('closed', { applicationId: closedId }), block('gone', { applicationId: 'no-such-application' }), block('unset', {})]);
    const closed = await screen.findByRole('region', { name: 'Night shift' });
    await within(closed).findByText('Applications are closed at the moment.');
    expect(within(closed).queryByRole('textbox')).toBeNull();
    expect(within(closed).queryAllByRole('button')).toHaveLength(0);
    await screen.findByText('This application does not exist any more.');
    await waitFor(() => expect(document.querySelector('[data-block-id="unset"] [data-block-state="configurationNeeded"]')).not.toBeNull());
  });

  it('entityApplication shows the application on a page of an entity with memberships, and says what is missing elsewhere', async () => {
    const entityBlock: Block = {
      id: 'entity-apply',
      type: 'entityApplication',
      options: { applicationId, membershipTypeId: 'volunteer', submitLabel: 'Submit application' },
    };
    const first = renderAsMaya([entityBlock], { id: 'workshop', title: 'Workshop', powerUps: ['membership'] });
    await screen.findByRole('region', { name: 'Front desk helpers' });
    first.unmount();
    renderAsMaya([entityBlock]);
    await waitFor(() => expect(document.querySelector('[data-block-id="entity-apply"] [data-block-state="missingData"]')).not.toBeNull());
  });
});
