import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider, createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import BasicForm, { type BasicFormOptions } from '../../../blocks/basicForm';
import { FormEnvironmentProvider, FormSetupError, loadStructureAtom, type FormEnvironment, type FormSubmission } from '../../../engine';
import type { Block, Field } from '../../../schemas/model';
import { realEvaluator } from '../../helpers/rule-engine';

const fields: Field[] = [
  { id: 'f-first', key: 'firstName', type: 'text', label: 'First name', validation: { required: true } },
  { id: 'f-age', key: 'age', type: 'number', label: 'Age' },
];

function setup(block: Block, options: BasicFormOptions, env: Partial<FormEnvironment> = {}) {
  const store = createStore();
  store.set(loadStructureAtom, { fields, blocks: [block] });
  const saved: FormSubmission[] = [];
  const environment: FormEnvironment = {
    services: { save: async (s) => void saved.push(s), evaluator: realEvaluator() },
    ruleContext: {
      profile: { accountId: 'acc', data: { profile: { firstName: 'Ann', age: 40 }, meta: {} } },
      entity: { id: 'e1', title: 'Club', data: { firstName: 'Club secretary' } },
    },
    hash: '',
    ...env,
  };
  render(
    <Provider store={store}>
      <FormEnvironmentProvider value={environment}>
        <BasicForm block={block} options={options} />
      </FormEnvironmentProvider>
    </Provider>,
  );
  return { saved, store };
}

describe('basicForm block', () => {
  it('renders its fields from the structure store, bound to profile data, saving through the injected save', async () => {
    const block: Block = { id: 'b1', type: 'basicForm', fields: ['f-first', 'f-age'] };
    const { saved } = setup(block, { title: 'About you', editable: true, source: 'profile' });
    expect(await screen.findByText('Ann')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const age = screen.getByLabelText('Age');
    await userEvent.clear(age);
    await userEvent.type(age, '41{Enter}');
    await waitFor(() => expect(saved).toEqual([{ values: { age: 41 }, fieldIds: ['f-age'], autosave: false }]));
    expect(screen.getByRole('form', { name: 'About you' })).toBeInTheDocument();
  });

  it('binds to the entity when its source is entity', async () => {
    setup({ id: 'b2', type: 'basicForm', fields: ['f-first'] }, { source: 'entity' });
    expect(await screen.findByText('Club secretary')).toBeInTheDocument();
  });

  it('without an injected evaluator, conditional fields run on the registry rule engine', async () => {
    const conditional: Field[] = [
      { id: 'f-vol', key: 'volunteer', type: 'toggle', label: 'I want to volunteer' },
      {
        id: 'f-cond',
        key: 'volunteerCond',
        type: 'conditional',
        childIds: ['f-days'],
        rules: { logicalOperator: 'all', rules: [{ kind: 'formField', subject: 'volunteer', operator: 'isTrue' }] },
      },
      { id: 'f-days', key: 'volunteerDays', type: 'text', label: 'Which days?' },
    ];
    const store = createStore();
    store.set(loadStructureAtom, { fields: conditional, blocks: [] });
    render(
      <Provider store={store}>
        <FormEnvironmentProvider
          value={{ services: { save: async () => {} }, ruleContext: { profile: { accountId: 'acc', data: { profile: {}, meta: {} } } }, hash: '' }}
        >
          <BasicForm block={{ id: 'b4', type: 'basicForm', fields: ['f-vol', 'f-cond'] }} options={{ editable: true, alwaysEdit: true }} />
        </FormEnvironmentProvider>
      </Provider>,
    );
    const toggle = await screen.findByRole('switch', { name: 'I want to volunteer' });
    expect(screen.queryByLabelText('Which days?')).toBeNull();
    await userEvent.click(toggle);
    expect(await screen.findByLabelText('Which days?')).toBeInTheDocument();
    await userEvent.click(toggle);
    await waitFor(() => expect(screen.queryByLabelText('Which days?')).toBeNull());
  });

  it('a form block with no fields is a setup error (missing fieldDefinitions)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => setup({ id: 'b3', type: 'basicForm' }, {})).toThrow(FormSetupError);
  });
});
