import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { RulesEditorDialog, type RuleSubjectChoices } from '../../admin/rules-editor';
import type { RuleQuery } from '../../schemas/model';
import { runtimeRegistry as registry } from '../../registry/generated/runtime';
const subjects: RuleSubjectChoices = {
  formFields: [
    { value: 'age', label: 'Age', type: 'number' },
    { value: 'email', label: 'Email', type: 'string' },
    { value: 'agree', label: 'I agree', type: 'boolean' },
  ],
  lists: [
    { value: 'staff', label: 'Staff' },
    { value: 'alumni', label: 'Alumni' },
  ],
  powerUps: [{ value: 'membership', label: 'Membership' }],
  entities: [{ value: 'e-choir', label: 'Choir' }],
};

/** Opens the dialog and waits until it has moved focus inside, to its first control. */
async function open(query: RuleQuery = { logicalOperator: 'all', rules: [] }) {
  const onChange = vi.fn();
  const onClose = vi.fn();
  render(<RulesEditorDialog open query={query} onChange={onChange} onClose={onClose} registry={registry} subjects={subjects} />);
  const dialog = screen.getByRole('dialog', { name: 'Edit rules' });
  await waitFor(() => expect(within(dialog).getAllByLabelText('Match')[0]).toHaveFocus());
  return { onChange, onClose, dialog };
}

const compiledText = () => JSON.parse(screen.getByLabelText('Compiled json-logic').textContent ?? 'null');

// Long user-event journeys: a generous budget so a loaded machine does not fail them (not a timing assertion).
describe('rules editor dialog', { timeout: 30_000 }, () => {
  it('builds a query with keyboard and mouse and hands back the expected json-logic', async () => {
    const user = userEvent.setup({ delay: null });
    const { onChange, onClose, dialog } = await open();
    expect(within(dialog).getByText('No conditions: the rule always matches, so everyone sees this.')).toBeInTheDocument();

    // Keyboard: open the add menu, arrow to "Add condition", Enter.
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Add condition' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const first = within(dialog).getByRole('group', { name: 'Condition 1' });
    await waitFor(() => expect(within(first).getByLabelText('Kind')).toHaveFocus());
    expect(within(first).getByLabelText('Kind')).toHaveValue('formField');
    expect(within(dialog).getByRole('button', { name: 'Save rules' })).toBeDisabled();
    expect(first).toHaveTextContent('Condition 1: choose an operator');

    // Tab through subject to operator; only operators that fit a number are offered.
    await user.tab();
    expect(within(first).getByLabelText('Subject')).toHaveFocus();
    await user.tab();
    const operator = within(first).getByLabelText('Operator');
    expect(operator).toHaveFocus();
    const offered = within(operator)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(offered).toContain('between');
    expect(offered).not.toContain('beginsWith');
    expect(offered).not.toContain('inListSomeSelected');
    await user.selectOptions(operator, 'between');
    await user.tab();
    expect(within(first).getByLabelText('Not (invert the result)')).toHaveFocus();
    await user.tab();
    expect(within(first).getByLabelText('From')).toHaveFocus();
    await user.keyboard('18');
    await user.tab();
    await user.keyboard('30');
    expect(compiledText()).toEqual({ and: [{ between: [{ var: 'form.age' }, 18, 30] }] });

    // Mouse: add a group, make it a list condition, tick Staff with the keyboard.
    await user.click(within(dialog).getAllByRole('button', { name: 'Add' })[0]);
    await user.click(screen.getByRole('menuitem', { name: 'Add group' }));
    const group = within(dialog).getByRole('group', { name: 'Group 1' });
    const inner = within(group).getByRole('group', { name: 'Condition 1' });
    await user.selectOptions(within(inner).getByLabelText('Kind'), 'userList');
    expect(within(inner).queryByLabelText('Subject')).toBeNull();
    await user.selectOptions(within(inner).getByLabelText('Operator'), 'inListSomeSelected');
    within(inner).getByRole('checkbox', { name: 'Staff' }).focus();
    await user.keyboard(' ');
    await user.selectOptions(within(dialog).getAllByLabelText('Match')[0], 'any');

    const expected = {
      or: [
        { between: [{ var: 'form.age' }, 18, 30] },
        { and: [{ inListSomeSelected: [{ acceptedListIds: [{ var: 'user.listMemberships' }, { var: 'lists' }] }, ['staff']] }] },
      ],
    };
    expect(compiledText()).toEqual(expected);
    expect(within(dialog).getByRole('status')).toHaveTextContent('The rules are valid.');
    await user.click(within(dialog).getByRole('button', { name: 'Save rules' }));
    expect(onChange).toHaveBeenCalledWith({
      logicalOperator: 'any',
      rules: [{ kind: 'formField', subject: 'age', operator: 'between', value: [18, 30] }],
      groups: [{ logicalOperator: 'all', rules: [{ kind: 'userList', subject: '', operator: 'inListSomeSelected', value: ['staff'] }] }],
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('shows problems inline next to the condition, marks the control invalid and refuses to save', async () => {
    const user = userEvent.setup({ delay: null });
    const { onChange, dialog } = await open({ logicalOperator: 'all', rules: [{ kind: 'formField', subject: 'email', operator: 'contains' }] });
    const rule = within(dialog).getByRole('group', { name: 'Condition 1' });
    expect(rule).toHaveTextContent('Condition 1: enter a value for “contains”');
    expect(within(rule).getByLabelText('Value')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Save rules' })).toBeDisabled();
    await user.type(within(rule).getByLabelText('Value'), '@example.org');
    expect(rule).not.toHaveTextContent('enter a value');
    await user.click(within(rule).getByLabelText('Not (invert the result)'));
    expect(compiledText()).toEqual({ and: [{ '!': [{ contains: [{ var: 'form.email' }, '@example.org'] }] }] });
    await user.click(within(dialog).getByRole('button', { name: 'Save rules' }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('shows a stored list that no longer exists as unknown, so it can be unticked; errors name the condition in words', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog } = await open({
      logicalOperator: 'all',
      rules: [{ kind: 'userList', subject: '', operator: 'inListSomeSelected', value: ['staff', 'gone'] }],
    });
    const rule = within(dialog).getByRole('group', { name: 'Condition 1' });
    const lists = within(rule).getByRole('group', { name: 'Lists' });
    expect(within(lists).getByRole('checkbox', { name: 'Staff' })).toBeChecked();
    expect(within(lists).getByRole('checkbox', { name: 'Alumni' })).not.toBeChecked();
    await user.click(within(lists).getByRole('checkbox', { name: 'Unknown list “gone”' }));
    await user.click(within(lists).getByRole('checkbox', { name: 'Staff' }));
    expect(rule).toHaveTextContent('Condition 1: pick at least one list');
    expect(within(dialog).getByRole('button', { name: 'Save rules' })).toBeDisabled();
  });

  it('offers the membership state for power-up operators and closes on Escape', async () => {
    const user = userEvent.setup({ delay: null });
    const { onClose, dialog } = await open({ logicalOperator: 'all', rules: [{ kind: 'userEntityPowerUp', subject: 'membership', operator: 'isMember' }] });
    await user.selectOptions(within(dialog).getByLabelText('Membership state'), 'applied');
    expect(compiledText()).toEqual({
      and: [{ isMember: [{ powerUpMemberships: [{ var: 'user.listMemberships' }, { var: 'lists' }, { var: 'entity' }, 'membership'] }, 'applied'] }],
    });
    await user.selectOptions(within(dialog).getByLabelText('Entity'), 'e-choir');
    expect(compiledText().and[0].isMember[0].powerUpMemberships[2]).toEqual({ var: 'entities.e-choir' });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('has no serious or critical axe violations', async () => {
    await open({
      logicalOperator: 'all',
      rules: [
        { kind: 'formField', subject: 'age', operator: 'between', value: [1, 2] },
        { kind: 'formField', subject: 'agree', operator: 'equals' },
        { kind: 'userList', subject: '', operator: 'notInList', value: ['alumni'] },
      ],
      groups: [{ logicalOperator: 'any', rules: [{ kind: 'userEntityPowerUp', subject: 'membership', operator: 'isMemberOfTag', value: ['voice'] }] }],
    });
    // floating-ui renders its focus-guard spans only where `inert` is unsupported (jsdom); browsers get
    // none with guards={false}, so they are left out. Colour contrast needs layout jsdom lacks.
    const results = await axe.run(
      { include: [document.body], exclude: [['[data-floating-ui-focus-guard]']] },
      { rules: { 'color-contrast': { enabled: false } } },
    );
    const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});
