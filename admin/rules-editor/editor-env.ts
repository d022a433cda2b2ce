import { createContext, useContext } from 'react';
import type { Registry, RuleProblem, Translator } from '../../engine/core';
import type { RuleSubjectChoices } from './types';

/** What every part of the editor reads: translations, the registry, the subject choices and the current problems. */
export interface RulesEditorEnv {
  t: Translator['t'];
  registry: Registry;
  choices: RuleSubjectChoices;
  problems: RuleProblem[];
  /** Problems at a compiler path or beneath it, translated. */
  messagesAt(path: string): string[];
}

export const RulesEditorEnvContext = createContext<RulesEditorEnv | null>(null);

export function useRulesEditorEnv(): RulesEditorEnv {
  const env = useContext(RulesEditorEnvContext);
  if (!env) throw new Error('Rules editor parts must be rendered inside <RulesEditor>');
  return env;
}
