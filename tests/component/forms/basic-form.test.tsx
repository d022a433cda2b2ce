import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider, createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import BasicForm, { type BasicFormOptions } from '../../../blocks/basicForm';
import { FormEnvironmentProvider, FormSetupError, loadStructureAtom, type FormEnvironment, type FormSubmission } from '../../../engine';
import type { Block, Field } from '../../../schemas/model';
import { createTestEvaluator } from '../../helpers/form-test-evaluator';

const fields: Field[] = [
  { id: 'f-first', key: 'firstName', type: 'text', label: 'First name', validation: { required: true } },
  { id: 'f-age', key: 'age', type: 'number', label: 'Age' },
];

function setup(block: Block, options: BasicFormOptions, env: Partial<FormEnvironment> = {}) {
  const store = createStore();
  store.set(loadStructureAtom, { fields, blocks: [block] });
  const saved: FormSubmission[] = [];
  const environment: FormEnvironment = {
    services: { save: async (s) => void saved.push(s), evaluator: createTestEvaluator() },
    ruleContext: { profile: { accountId: 'acc', data: { profile: { firstName: 'Ann', age: 40 }, meta: {} } }, entity: { id: 'e1', title: 'Club', data: { firstName: 'Club secretary' } } },
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

  it('a form block with no fields is a setup error (missing fieldDefinitions)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => setup({ id: 'b3', type: 'basicForm' }, {})).toThrow(FormSetupError);
  });
});
