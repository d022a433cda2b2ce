/**
 * The rules editor: groups and conditions of a rule query, every choice typed from the registry,
 * the compiled json-logic alongside and each problem, in words, next to the condition that has it.
 * Serves block visibility and conditional fields; the host passes the subjects it can offer (the
 * built-in known values are always offered) and, for a live "who sees this", the server's preview.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { RuleQuery } from '../../schemas/model';
import {
  BUILT_IN_KNOWN_VALUE_TYPES,
  compileRuleQuery,
  createRegistry,
  createTranslator,
  describeRuleProblem,
  messages,
  subjectTypeFrom,
  type CompiledRuleQuery,
  type RulePreview,
  type RuntimeRegistryData,
} from '../../engine/core';
import { WhoSeesThis } from './WhoSeesThis';
import { RulesEditorEnvContext, type RulesEditorEnv } from './editor-env';
import './rules-editor.css';
import { GroupEditor } from './GroupEditor';
import type { RuleSubjectChoices } from './types';

export interface RulesEditorProps {
  query: RuleQuery;
  onChange(query: RuleQuery): void;
  /** The runtime registry data (operators are read from it). */
  registry: RuntimeRegistryData;
  subjects: RuleSubjectChoices;
  locale?: string;
  /** Told the compile result on every change, so a host can disable saving while there are problems. */
  onCompiled?(compiled: CompiledRuleQuery): void;
  /** Who the query lets in (the server's POST admin/rules/preview); asked, debounced, while the query is valid. */
  preview?(query: RuleQuery): Promise<RulePreview>;
}

export function RulesEditor({ query, onChange, registry, subjects: given, locale = 'en', onCompiled, preview }: RulesEditorProps) {
  const reg = useMemo(() => createRegistry(registry), [registry]);
  const t = useMemo(() => createTranslator(messages, locale).t, [locale]);
  const subjects = useMemo(
    () => ({
      ...given,
      knownValues:
        given.knownValues ?? Object.entries(BUILT_IN_KNOWN_VALUE_TYPES).map(([value, type]) => ({ value, type, label: t(`rules.knownValues.${value}`) })),
    }),
    [given, t],
  );
  // Checked as the server checks it: an operator that cannot test its subject's type is a problem here too.
  const compiled = useMemo(() => compileRuleQuery(query, reg, { subjectType: subjectTypeFrom(subjects) }), [query, reg, subjects]);
  const env = useMemo<RulesEditorEnv>(() => {
    const problems = compiled.problems;
    return {
      t,
      registry: reg,
      choices: subjects,
      problems,
      messagesAt: (path) => problems.filter((p) => p.path === path || p.path.startsWith(`${path}.`)).map((p) => describeRuleProblem(p, t)),
    };
  }, [compiled, t, reg, subjects]);
  useEffect(() => onCompiled?.(compiled), [compiled, onCompiled]);

  // After "add", move focus to the new condition's first control so keyboard users continue there.
  const root = useRef<HTMLDivElement>(null);
  const focusPath = useRef<string | undefined>(undefined);
  useEffect(() => {
    const path = focusPath.current;
    if (!path) return;
    focusPath.current = undefined;
    // After the add menu has returned focus to its button (a microtask), not before.
    setTimeout(() => root.current?.querySelector<HTMLElement>(`[data-rule-path="${path}"] [data-rule-focus]`)?.focus(), 0);
  }, [query]);

  const summaryId = 'rules-editor-summary';
  return (
    <RulesEditorEnvContext.Provider value={env}>
      <div className="t-rules" ref={root}>
        <GroupEditor
          query={query}
          group={query}
          path={[]}
          onChange={(next, focus) => {
            onChange(next);
            if (focus) focusPath.current = focus;
          }}
        />
        {preview && <WhoSeesThis query={query} valid={compiled.problems.length === 0} preview={preview} t={t} />}
        <div id={summaryId} className="t-rules__status" role="status">
          {compiled.problems.length ? `${t('rules.editor.errorsTitle')} (${compiled.problems.length})` : t('rules.editor.noErrors')}
        </div>
        <details className="t-rules__compiled">
          <summary>{t('rules.editor.compiled')}</summary>
          <pre aria-label={t('rules.editor.compiled')} tabIndex={0}>
            {compiled.logic === null ? compiled.problems.map((p) => describeRuleProblem(p, t)).join('\n') : JSON.stringify(compiled.logic, null, 2)}
          </pre>
        </details>
      </div>
    </RulesEditorEnvContext.Provider>
  );
}
