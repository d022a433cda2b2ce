/**
 * The list and application admin areas end to end in Chromium against the built server: Ada opens
 * /admin/userLists, creates a list, adds Maya through the member search, sees her among the
 * members and removes her; she opens Grace's waiting request from /admin/membershipRequests and
 * accepts it with a message (the server holds the decision and the message). Every area's screens
 * are axe clean (serious, critical).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MembershipRequestDetail, MembershipRequestsResponse } from '../../schemas/model/api/applications';
import type { ListUsersResponse, UserListView } from '../../schemas/model/api/lists';
import en from '../../engine/core/i18n/messages/en/adminAreas.json' with { type: 'json' };
import { signInAt } from '../helpers/api-server';
import { openSignedIn, seriousViolations, type SignedInBrowsers } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let browsers: SignedInBrowsers | undefined;
let ada: Page;
let token: string;
const errors: string[] = [];
const LIST = 'Garden crew';
const MESSAGE = 'Welcome, Grace: the repair café meets on Saturdays.';

async function call<T>(method: string, path: string): Promise<T> {
  const res = await fetch(`${server.url}/api/v1/${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const go = (path: string) => ada.goto(`${server.url}/app${path}`);

beforeAll(async () => {
  server = await startServer();
  token = await signInAt(server.url, 'admin');
  browsers = await openSignedIn(server.url, ['Ada Admin'], errors);
  [ada] = browsers.pages;
}, 180_000);

afterAll(async () => {
  await browsers?.close();
  await server?.stop();
});

describe('the list and application admin areas', () => {
  it('creates a list, adds Maya through the member search, shows her and removes her', async () => {
    await go('/admin/userLists');
    await ada.getByRole('table', { name: 'User lists' }).waitFor();
    expect(await seriousViolations(ada)).toEqual([]);

    await ada.getByRole('button', { name: 'New list…' }).click();
    const create = ada.getByRole('dialog', { name: 'New list' });
    await create.getByRole('textbox', { name: 'Name' }).fill(LIST);
    expect(await create.getByRole('checkbox', { name: 'Unlimited' }).isChecked()).toBe(true);
    expect(await seriousViolations(ada)).toEqual([]);
    await create.getByRole('button', { name: 'Create list' }).click();
    await ada.getByRole('heading', { level: 2, name: LIST }).waitFor();
    const list = (await call<UserListView[]>('GET', 'userLists')).find((l) => l.label === LIST)!;
    expect(list).toMatchObject({ capacity: null, type: 'standard' });
    await ada.getByText('Nobody in this list in that state.').waitFor();
    expect(await seriousViolations(ada)).toEqual([]);

    await ada.getByRole('button', { name: 'Add members…' }).click();
    const add = ada.getByRole('dialog', { name: `Add members to “${LIST}”` });
    await add.getByRole('searchbox', { name: 'Search members by name' }).fill('Maya');
    await add.getByRole('checkbox', { name: 'Maya Maker' }).check();
    expect(await seriousViolations(ada)).toEqual([]);
    await add.getByRole('button', { name: 'Add 1 member' }).click();
    const members = ada.getByRole('table', { name: `Members of “${LIST}”` });
    const row = members.getByRole('row', { name: /Maya Maker/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Accepted');
    expect((await call<ListUsersResponse>('GET', `userLists/${list.id}/users`)).items.map((u) => u.accountId)).toEqual(['maya']);
    // Found by her surname, not by a stranger's.
    const find = ada.getByRole('searchbox', { name: 'Find a member' });
    await find.fill('zzz');
    await ada.getByText('Nobody in this list matches “zzz”.').waitFor();
    await find.fill('maker');
    await row.waitFor();
    await find.fill('');
    await row.waitFor();

    await row.getByRole('button', { name: 'Remove Maya Maker' }).click();
    await ada
      .getByRole('dialog', { name: `Remove Maya Maker from “${LIST}”?` })
      .getByRole('button', { name: 'Remove' })
      .click();
    await members.waitFor({ state: 'detached' });
    await ada.getByText('Nobody in this list in that state.').waitFor();
    expect((await call<ListUsersResponse>('GET', `userLists/${list.id}/users`)).items).toEqual([]);
  }, 120_000);

  it('creates a dynamic list whose rule is written in the rules editor; its members follow the rule', async () => {
    await go('/admin/userLists');
    await ada.getByRole('button', { name: 'New list…' }).click();
    const create = ada.getByRole('dialog', { name: 'New list' });
    await create.getByRole('textbox', { name: 'Name' }).fill('Bristol makers');
    await create.getByRole('switch', { name: 'Members come from a rule' }).check();
    await create.getByRole('button', { name: 'Create list' }).click();
    await create.getByText('A dynamic list needs a rule: add at least one condition.').waitFor();

    await create.getByRole('button', { name: 'Edit rule…' }).click();
    const editor = ada.getByRole('dialog', { name: 'Who belongs to this list' });
    await editor.getByRole('button', { name: 'Add', exact: true }).click();
    await ada.getByRole('menuitem', { name: 'Add condition' }).click();
    const rule = editor.getByRole('group', { name: 'Condition 1' });
    // Profile fields only: no list kinds are offered for a list's own rule.
    const kinds = await rule
      .getByLabel('Kind')
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(kinds.every((k) => k === 'field' || k === 'userField')).toBe(true);
    await rule.getByLabel('Subject').selectOption({ label: 'City' });
    await rule.getByLabel('Operator').selectOption({ label: 'equals' });
    await rule.getByLabel('Value').fill('Bristol');
    await editor.getByText(/^3 of \d+ demo accounts match$/).waitFor();
    expect(await seriousViolations(ada)).toEqual([]);
    await editor.getByRole('button', { name: 'Save rules' }).click();
    await editor.waitFor({ state: 'detached' });
    await create.getByText('One condition.').waitFor();
    await create.getByRole('button', { name: 'Create list' }).click();
    await ada.getByRole('heading', { level: 2, name: 'Bristol makers' }).waitFor();

    const list = (await call<UserListView[]>('GET', 'userLists')).find((l) => l.label === 'Bristol makers')!;
    expect(list).toMatchObject({ dynamic: true, rule: { rules: [{ subject: 'city', value: 'Bristol' }] } });
    // The job evaluates every profile once the list commits.
    await expect.poll(async () => (await call<ListUsersResponse>('GET', `userLists/${list.id}/users`)).total, { timeout: 20_000 }).toBe(3);
  }, 120_000);

  it("accepts Grace's waiting request with a message from /admin/membershipRequests", async () => {
    await go('/admin/membershipRequests');
    const queue = ada.getByRole('table', { name: 'Membership requests' });
    await queue.waitFor();
    expect(await seriousViolations(ada)).toEqual([]);
    const waiting = (await call<MembershipRequestsResponse>('GET', 'applications/membershipRequests/admin')).items.find((r) => r.accountId === 'grace')!;
    await queue.getByRole('link', { name: `Open the request of ${waiting.name} for ${waiting.applicationLabel}` }).click();
    await ada.getByRole('heading', { level: 3, name: waiting.name }).waitFor();
    await ada.getByText('I would love to help run the repair café.').waitFor();
    expect(await seriousViolations(ada)).toEqual([]);

    await ada.getByRole('textbox', { name: 'Message to the member (optional)' }).fill(MESSAGE);
    expect(await ada.getByRole('checkbox', { name: 'Send notifications' }).isChecked()).toBe(true);
    await ada.getByRole('button', { name: 'Accept', exact: true }).click();
    await ada.getByText(MESSAGE).waitFor();
    const decided = await call<MembershipRequestDetail>('GET', `applications/membershipRequests/admin/${waiting.id}`);
    expect(decided.state).toBe('accepted');
    expect(decided.history.at(-1)).toMatchObject({ from: 'applied', to: 'accepted', message: MESSAGE });
    // Only the moves the server lists for an accepted request are offered now.
    const offered = ada.locator('.t-membership-moves button');
    await ada.getByRole('button', { name: en.requests.moves[decided.moves[0]], exact: true }).waitFor();
    expect(await offered.allTextContents()).toEqual(decided.moves.map((m) => en.requests.moves[m]));
  }, 120_000);

  it('shows the applications, an application and a member’s lists axe clean', async () => {
    await go('/admin/applications');
    await ada.getByRole('table', { name: 'Applications' }).waitFor();
    expect(await seriousViolations(ada)).toEqual([]);
    await ada.getByRole('link', { name: 'Join the volunteers', exact: true }).click();
    await ada.getByRole('heading', { level: 3, name: 'Fields' }).waitFor();
    await ada.getByRole('button', { name: 'Edit Why do you want to volunteer?' }).waitFor();
    expect(await seriousViolations(ada)).toEqual([]);
    await go('/admin/users/maya/lists');
    await ada.getByRole('table', { name: /^Lists of / }).waitFor();
    expect(await seriousViolations(ada)).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);
});
