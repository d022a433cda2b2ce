/**
 * The modules and pages in the structure store as choices (structure selectors in forms and in
 * the admin). Derived atoms: a list re-renders when a module or page is added, renamed or moved.
 */
import { atom, useAtomValue } from 'jotai';
import { useMemo } from 'react';
import type { Id } from '../../schemas/model';
import { moduleAtom, moduleOrderAtom, pageAtom } from './structure-store';

export type StructureKind = 'module' | 'page';

export interface StructureChoice {
  value: Id;
  label: string;
}

/** Modules in display order, or their pages labelled "Module › Page"; the `global` module holds no navigable pages and is left out. */
export function useStructureChoices(kind: StructureKind): StructureChoice[] {
  const choicesAtom = useMemo(
    () =>
      atom((get) => {
        const modules = get(moduleOrderAtom)
          .filter((id) => id !== 'global')
          .map((id) => get(moduleAtom(id)))
          .filter((m) => !!m && !m.archived);
        if (kind === 'module') return modules.map((m) => ({ value: m!.id, label: m!.name }));
        return modules.flatMap((m) =>
          (m!.childIds ?? [])
            .map((pageId) => get(pageAtom(pageId)))
            .filter((p) => !!p)
            .map((p) => ({ value: p!.id, label: `${m!.name} › ${p!.name}` })),
        );
      }),
    [kind],
  );
  return useAtomValue(choicesAtom);
}
