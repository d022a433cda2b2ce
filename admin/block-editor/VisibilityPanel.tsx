/**
 * Block visibility: the four booleans, or (advanced) a rule query edited in the rules editor. The
 * rules talk about what the server stores (lists by name, profile fields with their types: GET
 * admin/rules/subjects, asked once advanced is on) and the editor shows who the rule lets in.
 * An empty rule is stated in the editor's own words (EMPTY_RULE_MESSAGE): everyone sees the block.
 */
import { useEffect, useMemo, useState } from 'react';
import type { BlockVisibility } from '../../schemas/model';
import { EMPTY_RULE_MESSAGE, isEmptyRuleQuery } from '../../engine/core';
import { RulesEditorDialog } from '../rules-editor';
import { errorMessage, useAdmin } from '../core/context';
import type { RuleSubjectChoices } from '../rules-editor';

const FLAGS = ['visibleOnDesktop', 'visibleOnMobile', 'visibleOnUsersOwnProfile', 'visibleOnOtherUsersProfiles'] as const;

function countRules(v: BlockVisibility): number {
  const walk = (g: unknown): number => {
    if (!g || typeof g !== 'object') return 0;
    const group = g as { rules?: unknown[]; groups?: unknown[] };
    return (
      (Array.isArray(group.rules) ? group.rules.length : 0) + (Array.isArray(group.groups) ? group.groups : []).reduce<number>((n, sub) => n + walk(sub), 0)
    );
  };
  return walk(v.rules);
}

/** The server's subjects, asked once while `wanted`; the host's own choices win where both name a kind. */
function useServerSubjects(wanted: boolean, given: RuleSubjectChoices): { subjects: RuleSubjectChoices; error?: string } {
  const { api, t } = useAdmin();
  const [loaded, setLoaded] = useState<RuleSubjectChoices | null>(null);
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (!wanted || loaded) return;
    let current = true;
    api.ruleSubjects().then(
      (s) => current && setLoaded(s),
      (e: unknown) => current && setError(errorMessage(e, t)),
    );
    return () => {
      current = false;
    };
  }, [wanted, loaded, api, t]);
  const subjects = useMemo(() => ({ ...(loaded ?? {}), ...given }), [loaded, given]);
  return { subjects, error };
}

export function VisibilityPanel({
  value,
  onChange,
  subjects: given,
}: {
  value: BlockVisibility;
  onChange(v: BlockVisibility): void;
  subjects: RuleSubjectChoices;
}) {
  const { t, registry, locale, api } = useAdmin();
  const [rulesOpen, setRulesOpen] = useState(false);
  const { subjects, error } = useServerSubjects(value.advanced === true, given);
  const rules = countRules(value);
  return (
    <fieldset className="t-admin-visibility">
      <legend>{t('admin.visibility.legend')}</legend>
      {FLAGS.map((flag) => (
        <label key={flag} className="t-admin-check">
          <input
            type="checkbox"
            checked={value[flag] !== false}
            disabled={value.advanced === true}
            onChange={(e) => onChange({ ...value, [flag]: e.target.checked })}
          />
          {t(`admin.visibility.${flag}`)}
        </label>
      ))}
      <label className="t-admin-check">
        <input type="checkbox" role="switch" checked={value.advanced === true} onChange={(e) => onChange({ ...value, advanced: e.target.checked })} />
        {t('admin.visibility.advanced')}
      </label>
      {value.advanced && (
        <p>
          {isEmptyRuleQuery(value.rules) ? t(EMPTY_RULE_MESSAGE) : t('admin.visibility.rulesSummary', { count: rules })}{' '}
          <button type="button" onClick={() => setRulesOpen(true)}>
            {t('admin.visibility.editRules')}
          </button>
        </p>
      )}
      {error && <p className="t-admin-error">{t('admin.visibility.subjectsFailed', { message: error })}</p>}
      <RulesEditorDialog
        open={rulesOpen}
        onClose={() => setRulesOpen(false)}
        query={value.rules ?? { logicalOperator: 'all', rules: [] }}
        onChange={(q) => onChange({ ...value, rules: q })}
        registry={registry}
        subjects={subjects}
        locale={locale}
        preview={api.previewRule}
      />
    </fieldset>
  );
}
