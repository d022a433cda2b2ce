/**
 * The rules editor as block visibility opens it, against the real server: the subjects come from
 * GET admin/rules/subjects (lists by name, typed profile fields, the built-in known values; no form
 * fields outside a form), the demo's rule "in the volunteers list" is built by keyboard with the
 * list picked by name, "who sees this" is the server's count (debounced), the empty rule reads the
 * same in the Visibility tab and the editor, and errors are words.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Block } from '../../schemas/model';
import { membershipsByAccount } from '../../server/lists/memberships';
import type { Account } from '../../server/model';
import { blockMenuItem, seriousAxeViolations } from '../helpers/admin-render';
import { renderAdminOnServer, startAdminServer, type ApiServer } from '../helpers/admin-server';

configure({ asyncUtilTimeout: 10_000 });

const EMPTY = 'No conditions: the rule always matches, so everyone sees this.';
const callout: Block = { id: 'b1', type: 'callout', name: 'Intro', options: { tone: 'info', title: 'Rota', body: 'Swap shifts by Friday.' } };

let server: ApiServer;
const open: { close(): void }[] = [];
beforeAll(async () => {
  server = await startAdminServer();
}, 120_000);
afterEach(() => open.splice(0).forEach((o) => o.close()));
afterAll(async () => {
  await server?.close();
});

async function renderAdmin() {
  const view = await renderAdminOnServer(server, { blocks: [callout] });
  open.push(view);
  return view;
}

/** Block settings -> Visibility -> advanced on -> Edit rules. */
async function openRules(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Select Intro' }));
  await user.click(await blockMenuItem(user, screen.getByRole('toolbar', { name: 'Block controls for Intro' }), 'Edit block'));
  const panel = await screen.findByRole('complementary', { name: 'Block settings' });
  await user.click(within(panel).getByRole('tab', { name: 'Visibility' }));
  await user.click(within(panel).getByRole('switch', { name: 'Advanced visibility (rules)' }));
  // The Visibility tab states the empty rule in the editor's own words.
  expect(within(panel).getByText(EMPTY, { exact: false })).toBeInTheDocument();
  await user.click(within(panel).getByRole('button', { name: 'Edit rules' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit rules' });
  return { panel, dialog };
}

/** Accepted members of a list, as the store has them. */
async function membersOf(list: string) {
  const accounts = (await server.server.ctx.store.list<Account>('account')).map((d) => d.data);
  const memberships = await membershipsByAccount(server.server.ctx.store.kysely);
  return {
    count: accounts.filter((a) => (memberships.get(a.accountId) ?? []).some((m) => m.userListId === list && m.state === 'accepted')).length,
    total: accounts.length,
  };
}

describe('rules editor in block visibility', { timeout: 60_000 }, () => {
  it('builds "in the volunteers list" by keyboard, picking the list by name, shows who sees it, and saves the demo rule', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, id, token } = await renderAdmin();
    const { panel, dialog } = await openRules(user);
    expect(within(dialog).getByText(EMPTY)).toBeInTheDocument();
    // The empty rule lets everyone in: the server says so.
    const { total } = await membersOf('volunteers');
    await within(dialog).findByText(`${total} of ${total} demo accounts match`);

    // Keyboard: Add -> Add condition; the first kind offered is the member's own lists.
    within(dialog).getByRole('button', { name: 'Add' }).focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Add condition' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const rule = within(dialog).getByRole('group', { name: 'Condition 1' });
    const kind = within(rule).getByLabelText('Kind');
    await waitFor(() => expect(kind).toHaveFocus());
    expect(kind).toHaveValue('userList');
    const kinds = within(kind)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(kinds).toEqual(['My lists', 'My field', 'Profile lists', 'Profile field', 'Known value']);
    expect(rule).toHaveTextContent('Condition 1: choose an operator');
    expect(rule).not.toHaveTextContent(/rules\.\d/);

    await user.tab();
    const operator = within(rule).getByLabelText('Operator');
    expect(operator).toHaveFocus();
    expect(
      within(operator)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['', 'inListAllSelected', 'inListSomeSelected', 'notInList']);
    await user.selectOptions(operator, 'inListSomeSelected');
    expect(rule).toHaveTextContent('Condition 1: pick at least one list');
    expect(within(dialog).getByText('Fix the conditions to see who sees this.')).toBeInTheDocument();
    // The lists by name, never ids to type.
    const lists = within(rule).getByRole('group', { name: 'Lists' });
    expect(
      within(lists)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement?.textContent),
    ).toEqual([
      'Design Sprint mentors',
      'Design Sprint participants',
      'Makers',
      'Repair Café volunteers',
      'Riverside members',
      'Volunteers',
      'Woodturning Basics members',
      'Workshop mentors',
    ]);
    expect(within(rule).queryByRole('textbox')).toBeNull();
    await user.tab(); // Not (invert)
    // Through the lists before it to Volunteers (the sixth).
    for (let i = 0; i < 6; i++) await user.tab();
    expect(within(lists).getByRole('checkbox', { name: 'Volunteers' })).toHaveFocus();
    await user.keyboard(' ');

    const volunteers = await membersOf('volunteers');
    await within(dialog).findByText(`${volunteers.count} of ${volunteers.total} demo accounts match`);
    expect(within(dialog).getByText('Members of these lists match: Volunteers')).toBeInTheDocument();
    expect(within(dialog).getByText(/^Including: /)).toHaveTextContent('Ada Admin');
    // Debounced: one preview per settled query (the empty one, then the volunteers one), none for the invalid steps.
    expect(calls.filter((c) => c.method === 'previewRule').map((c) => c.args[0])).toEqual([
      { logicalOperator: 'all', rules: [] },
      { logicalOperator: 'all', rules: [{ kind: 'userList', subject: '', operator: 'inListSomeSelected', value: ['volunteers'] }] },
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Save rules' }));
    expect(within(panel).getByText('1 condition(s) set.', { exact: false })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(async () => {
      const res = await server.call<Block>('GET', `structure/block/${id('b1')}`, { token });
      expect(res.body.visibility).toMatchObject({
        advanced: true,
        rules: { logicalOperator: 'all', rules: [{ kind: 'userList', subject: '', operator: 'inListSomeSelected', value: ['volunteers'] }] },
      });
    });
  });

  it('types fields from the server: a yes/no field gets yes/no operators, a field with options gets its options to pick', async () => {
    const user = userEvent.setup({ delay: null });
    await renderAdmin();
    const { dialog } = await openRules(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('menuitem', { name: 'Add condition' }));
    const rule = within(dialog).getByRole('group', { name: 'Condition 1' });
    await user.selectOptions(within(rule).getByLabelText('Kind'), 'userField');
    await user.selectOptions(within(rule).getByLabelText('Subject'), 'volunteer');
    const offered = () =>
      within(within(rule).getByLabelText('Operator'))
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value);
    expect(offered()).toEqual(expect.arrayContaining(['isTrue', 'isFalse', 'isToggled']));
    expect(offered()).not.toContain('greaterThan');
    expect(offered()).not.toContain('beginsWith');

    await user.selectOptions(within(rule).getByLabelText('Subject'), 'volunteerDays');
    await user.selectOptions(within(rule).getByLabelText('Operator'), 'contains');
    const value = within(rule).getByLabelText('Value');
    expect(value.tagName).toBe('SELECT');
    await user.selectOptions(value, 'Saturday');
    expect(value).toHaveValue('sat');
    await within(dialog).findByText(/demo accounts match|No demo account matches/);

    // Known values: built-ins by name, booleans.
    await user.selectOptions(within(rule).getByLabelText('Kind'), 'knownValueField');
    expect(
      within(within(rule).getByLabelText('Subject'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(expect.arrayContaining(['On a phone', 'Is an admin', 'Is signed in']));
    expect(await seriousAxeViolations()).toEqual([]);
  });
});
