/**
 * What the app injects for form blocks: the services (save, server rule checks, uploads, rule
 * evaluator), the rule context (profile, entity, user) and the translator. The server issue wires
 * `save` to the API.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { atom, useAtomValue } from 'jotai';
import type { Field, Id } from '../../schemas/model';
import type { Translator } from '../core/i18n';
import type { RuleContext } from '../core/rules/context';
import { fieldAtom } from '../react/structure-store';
import type { FormServices } from './types';

export interface FormEnvironment {
  services: FormServices;
  ruleContext?: RuleContext;
  translator?: Translator;
  /** Location hash override (tests, embedded views). */
  hash?: string;
  /**
   * Whether the viewer may edit the profile that profile-bound forms show (the owner, or profiles
   * update: `canEditProfile`). False turns their Edit button off; entity forms are not affected.
   */
  profileEditable?: boolean;
}

const FormEnvironmentContext = createContext<FormEnvironment | null>(null);

export function FormEnvironmentProvider({ value, children }: { value: FormEnvironment; children: ReactNode }) {
  return <FormEnvironmentContext.Provider value={value}>{children}</FormEnvironmentContext.Provider>;
}

export function useFormEnvironment(): FormEnvironment {
  const env = useContext(FormEnvironmentContext);
  if (!env) throw new Error('A form block needs a FormEnvironmentProvider with its services (save, checkers, uploads)');
  return env;
}

/**
 * The definitions of the given fields and all their descendants from the structure store, or
 * undefined while any is still missing. Re-renders only when one of those field atoms changes.
 */
export function useFieldDefinitions(ids: Id[]): Field[] | undefined {
  // Keyed by the ids' content, not the array's identity: a re-rendered parent passes a new array.
  const key = ids.join('\u0000');
  const idList = useMemo(() => (key ? key.split('\u0000') : []), [key]);
  const definitions = useMemo(
    () =>
      atom((get) => {
        const out: Field[] = [];
        const seen = new Set<Id>();
        const visit = (id: Id): boolean => {
          if (seen.has(id)) return true;
          seen.add(id);
          const field = get(fieldAtom(id));
          if (!field) return false;
          out.push(field);
          return (field.childIds ?? []).every(visit);
        };
        return idList.every(visit) ? out : undefined;
      }),
    [idList],
  );
  return useAtomValue(definitions);
}
