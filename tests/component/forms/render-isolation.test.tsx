import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FieldComponents } from '../../../engine';
import type { Field } from '../../../schemas/model';
import { realEvaluator } from '../../helpers/rule-engine';
import { allComponents, counting, renderForm } from './helpers';

let components: FieldComponents;
beforeAll(async () => {
  components = await allComponents();
});

const textFields = (n: number): Field[] => Array.from({ length: n }, (_, i) => ({ id: `t${i}`, key: `k${i}`, type: 'text', label: `Field ${i}` }));

describe('render isolation: one atom per field', () => {
  it('a keystroke re-renders only the field typed into', async () => {
    const counts = new Map<string, number>();
    renderForm({ components: counting(components, counts), fields: textFields(40) });
    counts.clear();
    await userEvent.type(screen.getByLabelText('Field 7'), 'abc');
    await new Promise((r) => setTimeout(r, 120)); // past the 50 ms error debounce
    expect([...counts.keys()]).toEqual(['t7']);
    expect(counts.get('t7')).toBe(3);
  });

  it('a keystroke re-evaluates only the conditions that read that field', async () => {
    const calls = { evaluate: 0 };
    const counts = new Map<string, number>();
    const cond = (id: string, subject: string): Field => ({
      id,
      key: id,
      type: 'conditional',
      childIds: [`${id}-child`],
      rules: { logicalOperator: 'all', rules: [{ kind: 'formField', subject, operator: 'equals', value: 'show' }] },
    });
    renderForm({
      components: counting(components, counts),
      services: { evaluator: realEvaluator(calls) },
      fields: [
        ...textFields(3),
        cond('c0', 'k0'),
        { id: 'c0-child', key: 'x0', type: 'text', label: 'Child 0' },
        cond('c1', 'k1'),
        { id: 'c1-child', key: 'x1', type: 'text', label: 'Child 1' },
      ],
    });
    calls.evaluate = 0;
    counts.clear();
    await userEvent.type(screen.getByLabelText('Field 2'), 'zz');
    await new Promise((r) => setTimeout(r, 120));
    expect(calls.evaluate).toBe(0);
    expect([...counts.keys()]).toEqual(['t2']);
    await userEvent.type(screen.getByLabelText('Field 0'), 'show');
    await waitFor(() => expect(screen.getByLabelText('Child 0')).toBeInTheDocument());
    expect(screen.queryByLabelText('Child 1')).toBeNull();
    expect(calls.evaluate).toBe(4);
    expect(counts.get('c1')).toBeUndefined();
  });

  it('with 60 conditional fields on the real rule engine, a keystroke evaluates only the conditions reading that field', async () => {
    const calls = { evaluate: 0 };
    const counts = new Map<string, number>();
    const n = 60;
    const fields: Field[] = [...textFields(n)];
    for (let i = 0; i < n; i++) {
      fields.push({
        id: `c${i}`,
        key: `c${i}`,
        type: 'conditional',
        childIds: [`c${i}-child`],
        rules: {
          logicalOperator: 'any',
          rules: [
            { kind: 'formField', subject: `k${i}`, operator: 'equals', value: 'show' },
            { kind: 'formField', subject: 'k0', operator: 'equals', value: `all` },
          ],
        },
      });
      fields.push({ id: `c${i}-child`, key: `x${i}`, type: 'text', label: `Child ${i}` });
    }
    renderForm({ components: counting(components, counts), services: { evaluator: realEvaluator(calls) }, fields });
    // Every condition is evaluated once on load.
    expect(calls.evaluate).toBe(n);
    calls.evaluate = 0;
    counts.clear();
    await userEvent.type(screen.getByLabelText('Field 42'), 'show');
    await waitFor(() => expect(screen.getByLabelText('Child 42')).toBeInTheDocument());
    // Four keystrokes, one condition reads k42: four evaluations, not 4 x 60.
    expect(calls.evaluate).toBe(4);
    expect(screen.queryByLabelText('Child 41')).toBeNull();
    expect(counts.get('c41')).toBeUndefined();
    // k0 is read by every condition: one keystroke there re-evaluates all of them.
    calls.evaluate = 0;
    await userEvent.type(screen.getByLabelText('Field 0'), 'a');
    await waitFor(() => expect(calls.evaluate).toBeGreaterThanOrEqual(n));
  });
});
