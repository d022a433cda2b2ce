/**
 * The process seam and life (server/processes/registry.ts, engine/core/processes.ts): the types of
 * the domains collected with a duplicate or malformed one refused naming the domain, and the state
 * moves of community §4 (final states never move, a failed attempt runs again).
 */
import { describe, expect, it } from 'vitest';
import { SUBJECTS } from '../../engine/core/permissions';
import { isFinalProcessState, nextProcessState, PROCESS_STATES, readProgress, sizeMb } from '../../engine/core/processes';
import { defineDomain, type Domain } from '../../server/domain';
import type { ProcessDefinition } from '../../server/process-definition';
import { DOMAINS } from '../../server/domains';
import { collectProcesses } from '../../server/processes/registry';

const type = (name: string, extra: Partial<ProcessDefinition> = {}): ProcessDefinition => ({
  type: name,
  permission: { action: 'read', subject: SUBJECTS.tools },
  payloadSchema: { type: 'object' },
  parse: () => ({}),
  run: async () => ({ summary: {} }),
  ...extra,
});
const domain = (name: string, ...processes: ProcessDefinition[]): Domain => defineDomain({ name, processes });

describe('collectProcesses', () => {
  it('collects every type with the domain that declares it', () => {
    const types = collectProcesses([domain('a', type('exportThings')), domain('b', type('importThings', { kind: 7 }))]);
    expect([...types.keys()]).toEqual(['exportThings', 'importThings']);
    expect(types.get('importThings')).toMatchObject({ domain: 'b', kind: 7 });
  });

  it('the app declares the exports with their grants', () => {
    const types = collectProcesses(DOMAINS);
    expect(types.get('exportMembers')).toMatchObject({ domain: 'profiles', kind: 4, permission: { action: 'read', subject: 'profiles' } });
    expect(types.get('exportListMembers')).toMatchObject({ domain: 'lists', kind: 4, permission: { action: 'accessUserData', subject: 'userLists' } });
  });

  it('refuses a type two domains declare, naming both', () => {
    expect(() => collectProcesses([domain('a', type('exportThings')), domain('b', type('exportThings'))])).toThrow(
      'domain b: process type "exportThings" is also declared by domain a',
    );
  });

  it('refuses malformed types', () => {
    expect(() => collectProcesses([domain('a', type('Export things'))])).toThrow('domain a: process type "Export things" must be a camelCase name');
    expect(() => collectProcesses([domain('a', type('x'))])).toThrow('camelCase');
    expect(() => collectProcesses([domain('a', type('exportThings', { permission: undefined as never }))])).toThrow('must name the permission');
    expect(() => collectProcesses([domain('a', type('exportThings', { payloadSchema: [] as never }))])).toThrow('payloadSchema');
    expect(() => collectProcesses([domain('a', type('exportThings', { run: undefined as never }))])).toThrow('parse and run');
    expect(() => collectProcesses([domain('a', type('exportThings', { kind: 0 }))])).toThrow('kind must be a positive whole number');
  });
});

describe('process states', () => {
  it('moves started -> running -> finishing -> complete', () => {
    expect(nextProcessState('started', 'run')).toBe('running');
    expect(nextProcessState('running', 'finish')).toBe('finishing');
    expect(nextProcessState('finishing', 'complete')).toBe('complete');
  });

  it('a failed attempt runs again; the last one or a refusal errors it', () => {
    expect(nextProcessState('running', 'fail')).toBe('failed');
    expect(nextProcessState('failed', 'run')).toBe('running');
    expect(nextProcessState('failed', 'error')).toBe('errored');
    expect(nextProcessState('started', 'error')).toBe('errored');
    // A crashed attempt is run again from where it got to.
    expect(nextProcessState('finishing', 'run')).toBe('running');
  });

  it('final states never move, and nothing skips a step', () => {
    for (const event of ['run', 'finish', 'complete', 'fail', 'error'] as const) {
      expect(nextProcessState('complete', event)).toBeUndefined();
      expect(nextProcessState('errored', event)).toBeUndefined();
    }
    expect(nextProcessState('started', 'complete')).toBeUndefined();
    expect(nextProcessState('started', 'finish')).toBeUndefined();
    expect(PROCESS_STATES.filter(isFinalProcessState)).toEqual(['complete', 'errored']);
  });

  it('reads a stored progress tolerantly', () => {
    expect(readProgress({ rows: 12.7, totalRows: 40, sizeMb: 0.5, stepCompletion: 3 })).toEqual({ rows: 12, totalRows: 40, sizeMb: 0.5, stepCompletion: 1 });
    expect(readProgress('garbage')).toEqual({ rows: 0, stepCompletion: 0 });
    expect(readProgress({ rows: -1, totalRows: Infinity, sizeMb: 'x' })).toEqual({ rows: 0, stepCompletion: 0 });
    expect(sizeMb(1_572_864)).toBe(1.5);
  });
});
