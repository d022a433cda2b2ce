/** Renders a form with the real field components from blocks/fields (loaded through the generated registry index). */
import { Profiler, StrictMode, type ComponentType } from 'react';
import { render } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { vi } from 'vitest';
import {
  FormRoot,
  loadFieldComponents,
  registryFieldTypes,
  type FieldComponentProps,
  type FieldComponents,
  type FormOptions,
  type FormServices,
  type FormSubmission,
  type FormValues,
  type RuleContext,
} from '../../../engine';
import type { Field } from '../../../schemas/model';
import { fieldComponents } from '../../../blocks/index.generated';
import { realEvaluator } from '../../helpers/rule-engine';

export const allComponents = (): Promise<FieldComponents> => loadFieldComponents(fieldComponents, Object.keys(fieldComponents));

/** Wraps each component in a Profiler so every commit of a field's subtree is counted by field id. */
export function counting(components: FieldComponents, counts: Map<string, number>): FieldComponents {
  return Object.fromEntries(
    Object.entries(components).map(([type, C]) => {
      const Counted: ComponentType<FieldComponentProps> = (props) => (
        <Profiler id={props.field.id} onRender={(id) => counts.set(id, (counts.get(id) ?? 0) + 1)}>
          <C {...props} />
        </Profiler>
      );
      return [type, Counted];
    }),
  );
}

export interface RenderFormArgs {
  fields: Field[];
  rootIds?: string[];
  data?: FormValues;
  options?: FormOptions;
  services?: Partial<FormServices>;
  components: FieldComponents;
  ruleContext?: RuleContext;
  hash?: string;
  strict?: boolean;
}

export function renderForm({ fields, rootIds, data, options, services, components, ruleContext, hash = '', strict = false }: RenderFormArgs) {
  const saved: FormSubmission[] = [];
  const save = vi.fn(async (submission: FormSubmission) => {
    saved.push(submission);
  });
  const allServices: FormServices = { save, evaluator: realEvaluator(), ...services };
  const store = createStore();
  const form = (
    <Provider store={store}>
      <FormRoot
        formId="form1"
        fields={fields}
        rootIds={rootIds}
        data={data}
        options={{ editable: true, alwaysEdit: true, ...options }}
        services={allServices}
        components={components}
        fieldTypes={registryFieldTypes}
        ruleContext={ruleContext}
        hash={hash}
      />
    </Provider>
  );
  const utils = render(strict ? <StrictMode>{form}</StrictMode> : form);
  return { ...utils, saved, save: allServices.save as typeof save, store };
}

/** A "News" toggle and a conditional revealing a "News email" field (`emailField`) while it is on. */
export function newsFields(emailField: Partial<Field> = {}, toggle: Partial<Field> = {}): Field[] {
  return [
    { id: 'w', key: 'wantsNews', type: 'toggle', label: 'News', ...toggle },
    {
      id: 'cond',
      key: 'cond',
      type: 'conditional',
      childIds: ['e'],
      rules: { logicalOperator: 'all', rules: [{ kind: 'formField', subject: 'wantsNews', operator: 'isTrue' }] },
    },
    { id: 'e', key: 'newsEmail', type: 'text', label: 'News email', ...emailField },
  ];
}
