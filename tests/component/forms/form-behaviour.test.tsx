import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Provider } from 'jotai';
import { FormRoot, isFieldShown, registryFieldTypes, type FieldComponents } from '../../../engine';
import type { Field } from '../../../schemas/model';
import { realEvaluator } from '../../helpers/rule-engine';
import { allComponents, newsFields, renderForm } from './helpers';

let components: FieldComponents;
beforeAll(async () => {
  components = await allComponents();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const name: Field = { id: 'n', key: 'name', type: 'text', label: 'Name' };
const city: Field = { id: 'c', key: 'city', type: 'text', label: 'City' };
const saveButton = () => screen.getByRole('button', { name: 'Save' });

describe('read-only and editing', () => {
  it('shows the edit toggle only when editable and not alwaysEdit; save returns to read-only', async () => {
    const { saved } = renderForm({ components, fields: [name], data: { name: 'Ann' }, options: { alwaysEdit: false } });
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(screen.getByText('Ann')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.type(screen.getByLabelText('Name'), 'e');
    await userEvent.click(saveButton());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(screen.getByText('Anne')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Saved.');
  });

  it('no edit toggle with alwaysEdit, nor when not editable', () => {
    renderForm({ components, fields: [name], options: { alwaysEdit: true } });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
  });

  it('a form that is not editable has no toggle and refuses to submit', async () => {
    const { save } = renderForm({ components, fields: [name], data: { name: 'Ann' }, options: { editable: false, alwaysEdit: false } });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    fireEvent.submit(document.querySelector('form')!);
    await screen.findByText('This form cannot be edited.');
    expect(save).not.toHaveBeenCalled();
  });

  it('doNotClose keeps the form editing after a save', async () => {
    const { saved } = renderForm({ components, fields: [name], options: { alwaysEdit: false, doNotClose: true } });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Ann');
    await userEvent.click(saveButton());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
  });

  it('read-only shows fields with a value, alwaysDisplay fields and repeaters; editing shows all', async () => {
    renderForm({
      components,
      options: { alwaysEdit: false },
      data: { name: 'Ann' },
      fields: [
        name,
        city,
        { id: 'a', key: 'always', type: 'text', label: 'Always', alwaysDisplay: true },
        { id: 'r', key: 'jobs', type: 'repeater', label: 'Jobs', childIds: ['role'] },
        { id: 'role', key: 'role', type: 'text', label: 'Role' },
      ],
    });
    expect(screen.getByText('Name')).toBeInTheDocument();
    expect(screen.queryByText('City')).toBeNull();
    expect(screen.getByText('Always')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Jobs' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('City')).toBeInTheDocument();
    expect(isFieldShown({ type: 'text' }, 'x', true, true)).toBe(false);
    // A toggle that is off is an answer: the read view shows it (issue 14, item 3).
    expect(isFieldShown({ type: 'toggle' }, false, false)).toBe(true);
    expect(isFieldShown({ type: 'toggle' }, undefined, false)).toBe(true);
    expect(isFieldShown({ type: 'toggle' }, false, false, true)).toBe(false);
  });
});

describe('saving', () => {
  it('works under React StrictMode (mount, unmount, mount again)', async () => {
    const { saved } = renderForm({ components, strict: true, data: { name: 'Ann' }, fields: [name, city] });
    expect(screen.getByLabelText('Name')).toHaveValue('Ann');
    await userEvent.type(screen.getByLabelText('City'), 'Lyon{Enter}');
    await waitFor(() => expect(saved[0]?.values).toEqual({ city: 'Lyon' }));
  });

  it('a host re-render with new services and rule context keeps what the user typed, and conditions follow the new context', async () => {
    const evaluator = realEvaluator();
    const fields: Field[] = [
      name,
      {
        id: 'cond',
        key: 'cond',
        type: 'conditional',
        childIds: ['c'],
        rules: { logicalOperator: 'all', rules: [{ kind: 'field', subject: 'member', operator: 'equals', value: 'yes' }] },
      },
      city,
    ];
    const profile = (member: string) => ({ accountId: 'a', data: { profile: { member }, meta: {} } });
    const first = renderForm({ components, fields, services: { evaluator }, ruleContext: { profile: profile('no') } });
    await userEvent.type(screen.getByLabelText('Name'), 'Ann');
    expect(screen.queryByLabelText('City')).toBeNull();
    const { Provider } = await import('jotai');
    const { FormRoot, registryFieldTypes } = await import('../../../engine');
    first.rerender(
      <Provider store={first.store}>
        <FormRoot
          formId="form1"
          fields={fields}
          options={{ editable: true, alwaysEdit: true }}
          services={{ save: first.save, evaluator }}
          components={components}
          fieldTypes={registryFieldTypes}
          ruleContext={{ profile: profile('yes') }}
          hash=""
        />
      </Provider>,
    );
    expect(screen.getByLabelText('Name')).toHaveValue('Ann');
    expect(await screen.findByLabelText('City')).toBeInTheDocument();
  });

  it('the same definition delivered again as new objects keeps the form, its edit and its save message', async () => {
    const first = renderForm({ components, fields: [name], data: { name: 'Ann' }, options: { alwaysEdit: false } });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'Bea');
    const again = (data: Record<string, string>) => (
      <Provider store={first.store}>
        <FormRoot
          formId="form1"
          fields={[{ ...name }]}
          data={data}
          options={{ editable: true, alwaysEdit: false }}
          services={{ save: first.save, evaluator: realEvaluator() }}
          components={components}
          fieldTypes={registryFieldTypes}
          hash=""
        />
      </Provider>
    );
    first.rerender(again({ name: 'Ann' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Bea');
    await userEvent.click(saveButton());
    await waitFor(() => expect(first.saved).toHaveLength(1));
    // The server's answer arrives as new data and new field objects: the message stays.
    first.rerender(again({ name: 'Bea' }));
    expect(screen.getByRole('status')).toHaveTextContent('Saved.');
    expect(screen.getByText('Bea')).toBeInTheDocument();
  });

  it('stored values that arrive after the form was built show, unless the user has changes in hand', async () => {
    const first = renderForm({ components, fields: [name, city], options: { alwaysEdit: false } });
    const later = (data: Record<string, string>) => (
      <Provider store={first.store}>
        <FormRoot
          formId="form1"
          fields={[name, city]}
          data={data}
          options={{ editable: true, alwaysEdit: false }}
          services={{ save: first.save, evaluator: realEvaluator() }}
          components={components}
          fieldTypes={registryFieldTypes}
          hash=""
        />
      </Provider>
    );
    first.rerender(later({ name: 'Ann', city: 'Lyon' }));
    expect(await screen.findByText('Lyon')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.type(screen.getByLabelText('City'), 'nais');
    first.rerender(later({ name: 'Ann', city: 'Paris' }));
    expect(screen.getByLabelText('City')).toHaveValue('Lyonnais');
  });

  it('Cancel restores the stored values and drops the edit’s errors', async () => {
    const { save } = renderForm({
      components,
      fields: [{ ...name, validation: { required: true } }, city],
      data: { name: 'Ann', city: 'Lyon' },
      options: { alwaysEdit: false },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.clear(screen.getByLabelText('City'));
    await userEvent.type(screen.getByLabelText('City'), 'Paris');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Ann')).toBeInTheDocument();
    expect(screen.getByText('Lyon')).toBeInTheDocument();
    expect(screen.queryByText('Paris')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('City')).toHaveValue('Lyon');
    expect(saveButton()).toBeEnabled();
    expect(save).not.toHaveBeenCalled();
  });

  it('an unknown field type shows a clear note instead of breaking the form', () => {
    renderForm({ components, fields: [{ id: 'u', key: 'u', type: 'hologram', label: 'U' }, name] });
    expect(screen.getByRole('note')).toHaveTextContent('Unknown field type "hologram".');
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
  });

  it('Enter in a field saves', async () => {
    const { saved } = renderForm({ components, fields: [name] });
    await userEvent.type(screen.getByLabelText('Name'), 'Ann{Enter}');
    await waitFor(() => expect(saved[0]?.values).toEqual({ name: 'Ann' }));
  });

  it('submits only dirty fields unless skipDirtyCheck', async () => {
    const first = renderForm({ components, fields: [name, city], data: { name: 'Ann', city: 'Paris' } });
    await userEvent.type(screen.getByLabelText('City'), 'x');
    await userEvent.click(saveButton());
    await waitFor(() => expect(first.saved[0]?.values).toEqual({ city: 'Parisx' }));
    first.unmount();
    const second = renderForm({ components, fields: [name, city], data: { name: 'Ann', city: 'Paris' }, options: { skipDirtyCheck: true } });
    await userEvent.type(screen.getByLabelText('City'), 'x');
    await userEvent.click(saveButton());
    await waitFor(() => expect(second.saved[0]?.values).toEqual({ name: 'Ann', city: 'Parisx' }));
  });

  it('shows form.saving.success after a save, but not when disabled', async () => {
    renderForm({ components, fields: [name], options: { disableSuccessMessage: true } });
    await userEvent.type(screen.getByLabelText('Name'), 'Ann{Enter}');
    await waitFor(() => expect(saveButton()).not.toBeDisabled());
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('a save failure shows its message and keeps the values', async () => {
    renderForm({ components, fields: [name], services: { save: async () => Promise.reject(new Error('Server error')) } });
    await userEvent.type(screen.getByLabelText('Name'), 'Ann{Enter}');
    expect(await screen.findByText('Could not save: Server error')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Ann');
  });

  it('autosave saves 2000 ms after the last change, keeps editing and shows no success message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { saved } = renderForm({ components, fields: [name], options: { autosave: true } });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await act(async () => vi.advanceTimersByTime(1900));
    expect(saved).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(200));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ values: { name: 'Ann' }, autosave: true });
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('submit once: a second submit is refused', async () => {
    const { saved } = renderForm({ components, fields: [name], options: { submitOnce: true } });
    await userEvent.type(screen.getByLabelText('Name'), 'Ann{Enter}');
    await waitFor(() => expect(saved).toHaveLength(1));
    await userEvent.type(screen.getByLabelText('Name'), 'e{Enter}');
    expect(await screen.findByText('This form has already been submitted.')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
  });

  it('a save waits while a field is still transmitting, then includes its result', async () => {
    let finish!: (ids: string[]) => void;
    const { saved, save } = renderForm({
      components,
      services: { upload: () => new Promise<string[]>((resolve) => (finish = resolve)) },
      fields: [{ id: 'f', key: 'doc', type: 'files', label: 'Doc' }, name],
    });
    fireEvent.change(screen.getByLabelText('Doc'), { target: { files: [new File(['x'], 'a.pdf', { type: 'application/pdf' })] } });
    await userEvent.type(screen.getByLabelText('Name'), 'Ann');
    await userEvent.click(saveButton());
    await new Promise((r) => setTimeout(r, 400));
    expect(save).not.toHaveBeenCalled();
    act(() => finish(['file-1']));
    await waitFor(() => expect(saved[0]?.values).toEqual({ doc: ['file-1'], name: 'Ann' }), { timeout: 2000 });
  });
});

describe('confirmation', () => {
  it('the first save shows a table of changed values; agree saves, cancel does not', async () => {
    const { saved } = renderForm({ components, fields: [name, city], data: { name: 'Ann', city: 'Paris' }, options: { confirmation: true } });
    await userEvent.clear(screen.getByLabelText('City'));
    await userEvent.type(screen.getByLabelText('City'), 'Lyon');
    await userEvent.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your changes' });
    expect(dialog).toHaveTextContent('Please check your changes before saving.');
    const row = within(dialog).getByRole('row', { name: /City/ });
    expect(row).toHaveTextContent('Paris');
    expect(row).toHaveTextContent('Lyon');
    expect(within(dialog).queryByRole('row', { name: /Name/ })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Agree and save' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(saveButton());
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(saved).toHaveLength(0);
    await userEvent.click(saveButton());
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Agree and save' }));
    await waitFor(() => expect(saved[0]?.values).toEqual({ city: 'Lyon' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('with nothing changed the dialog says form.noChanges', async () => {
    renderForm({ components, fields: [name], data: { name: 'Ann' }, options: { confirmation: true } });
    await userEvent.click(saveButton());
    expect(await screen.findByRole('dialog')).toHaveTextContent('There are no changes to save.');
  });
});

describe('validation in the form', () => {
  it('the save button is disabled while blocking errors exist; all messages of a field are shown', async () => {
    renderForm({ components, fields: [{ id: 'e', key: 'mail', type: 'text', label: 'Mail', validation: { required: true, email: true, min: 8 } }] });
    expect(saveButton()).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Mail'), 'a@b');
    await waitFor(() =>
      expect(
        within(screen.getByRole('alert'))
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Enter a valid email address.', 'Enter at least 8 characters.']),
    );
    expect(screen.getByLabelText('Mail')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByLabelText('Mail'), 'ar.org');
    await waitFor(() => expect(saveButton()).not.toBeDisabled());
  });

  it('a required field hidden by a condition never blocks submit', async () => {
    const { saved } = renderForm({
      components,
      fields: [...newsFields({ validation: { required: true } }), name],
    });
    expect(saveButton()).not.toBeDisabled();
    await userEvent.click(screen.getByRole('switch', { name: 'News' }));
    await waitFor(() => expect(saveButton()).toBeDisabled());
    await userEvent.click(screen.getByRole('switch', { name: 'News' }));
    await waitFor(() => expect(saveButton()).not.toBeDisabled());
    await userEvent.type(screen.getByLabelText('Name'), 'Ann{Enter}');
    await waitFor(() => expect(saved[0]?.values).toEqual({ wantsNews: false, name: 'Ann' }));
  });

  it('default values apply on load, before conditions are first evaluated', () => {
    const calls = { evaluate: 0 };
    const seen: unknown[] = [];
    const evaluator = realEvaluator(calls);
    const recording = {
      ...evaluator,
      evaluate: (q: Parameters<typeof evaluator.evaluate>[0], c: Parameters<typeof evaluator.evaluate>[1]) => (
        seen.push(c.form?.wantsNews),
        evaluator.evaluate(q, c)
      ),
    };
    renderForm({
      components,
      services: { evaluator: recording },
      fields: newsFields({}, { default: true }),
    });
    expect(screen.getByLabelText('News email')).toBeInTheDocument();
    expect(seen[0]).toBe(true);
  });

  it('errors inside repeaters are keyed by item and each shown with its item', async () => {
    renderForm({
      components,
      data: { jobs: [{ role: 'Chair' }, { role: '' }] },
      fields: [
        { id: 'r', key: 'jobs', type: 'repeater', label: 'Jobs', childIds: ['role'] },
        { id: 'role', key: 'role', type: 'text', label: 'Role', validation: { required: true } },
      ],
    });
    expect(saveButton()).toBeDisabled();
    fireEvent.submit(document.querySelector('form')!);
    const items = within(screen.getByRole('group', { name: 'Jobs' })).getAllByRole('listitem');
    expect(await within(items[1]).findByText('This field is required.')).toBeInTheDocument();
    expect(within(items[0]).queryByText('This field is required.')).toBeNull();
  });

  it('server rules go through the injected checker, debounced', async () => {
    const checked: string[] = [];
    renderForm({
      components,
      services: { checkAsync: async ({ value }) => (checked.push(String(value)), value !== 'taken') },
      fields: [{ id: 's', key: 'slug', type: 'text', label: 'Slug', validation: { slug_valid: true } }],
    });
    // No macrotask between keystrokes (delay: null), so the 50 ms debounce sees one burst.
    await userEvent.setup({ delay: null }).type(screen.getByLabelText('Slug'), 'taken');
    expect(await screen.findByText('This address is not valid or is already taken.')).toBeInTheDocument();
    expect(checked).toEqual(['taken']);
  });

  it('skipValidation on a field skips its rules', async () => {
    renderForm({ components, fields: [{ ...name, validation: { required: true }, skipValidation: true }] });
    expect(saveButton()).not.toBeDisabled();
  });

  it('a field without id, key or name is a setup error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderForm({ components, fields: [{ type: 'text' } as Field] })).toThrow('needs an id, key or name');
  });
});

describe('progress, privacy tabbing and field hashes', () => {
  it('progress is the share of filled fields; toggles, headings, paragraphs and repeaters count as filled; recalculated after 500 ms', async () => {
    renderForm({
      components,
      fields: [
        name,
        city,
        { id: 't', key: 't', type: 'toggle', label: 'T' },
        { id: 'h', key: 'h', type: 'heading', label: 'H' },
        { id: 'p', key: 'p', type: 'paragraph', label: 'P' },
        { id: 'r', key: 'r', type: 'repeater', label: 'R', childIds: [] },
      ],
    });
    const bar = () => screen.getByRole('progressbar');
    expect(bar()).toHaveAttribute('value', String(Math.round((4 / 6) * 100)));
    await userEvent.type(screen.getByLabelText('Name'), 'A');
    expect(bar()).toHaveAttribute('value', '67');
    await waitFor(() => expect(bar()).toHaveAttribute('value', '83'), { timeout: 1500 });
  });

  it('fields hidden by a condition do not count towards progress', async () => {
    renderForm({
      components,
      fields: newsFields(),
    });
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '100');
    await userEvent.click(screen.getByRole('switch', { name: 'News' }));
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('value', '50'), { timeout: 1500 });
  });

  it('#privacy switches tabbing to the privacy buttons', async () => {
    const toggled: string[] = [];
    const privateSchemas = new Set<string>();
    renderForm({
      components,
      hash: '#privacy',
      services: { privacy: { isPrivate: (id) => privateSchemas.has(id), toggle: (id) => (toggled.push(id), privateSchemas.add(id)) } },
      fields: [{ ...name, schema: 'ds-name' }],
    });
    expect(screen.getByLabelText('Name')).toHaveAttribute('tabindex', '-1');
    await userEvent.tab();
    const privacy = screen.getByRole('switch', { name: 'Visible to others: Name' });
    expect(privacy).toHaveFocus();
    expect(privacy).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{Enter}');
    expect(toggled).toEqual(['ds-name']);
    expect(privacy).toHaveAttribute('aria-checked', 'false');
    expect(privacy).toHaveTextContent('Only me');
  });

  it('a field hash scrolls to the field, offset by the header height plus 16 px', async () => {
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo as typeof window.scrollTo;
    renderForm({ components, hash: '#city', options: { headerHeightPx: 60 }, fields: [name, city] });
    await waitFor(() => expect(scrollTo).toHaveBeenCalled());
    expect(scrollTo.mock.calls[0][0]).toMatchObject({ top: -76 });
    expect(screen.getByLabelText('City')).toHaveFocus();
  });
});
