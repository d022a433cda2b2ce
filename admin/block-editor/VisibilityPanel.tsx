/** Block visibility: the four booleans, or (advanced) a rule query edited in the rules editor. */
import { useState } from 'react';
import type { BlockVisibility } from '../../schemas/model';
import { RulesEditorDialog } from '../rules-editor';
import { useAdmin } from '../core/context';
import type { RuleSubjectChoices } from '../rules-editor';

const FLAGS = ['visibleOnDesktop', 'visibleOnMobile', 'visibleOnUsersOwnProfile', 'visibleOnOtherUsersProfiles'] as const;

function countRules(v: BlockVisibility): number {
  const walk = (g: unknown): number => {
    if (!g || typeof g !== 'object') return 0;
    const group = g as { rules?: unknown[]; groups?: unknown[] };
    return (group.rules?.length ?? 0) + (group.groups ?? []).reduce<number>((n, sub) => n + walk(sub), 0);
  };
  return walk(v.rules);
}

export function VisibilityPanel({ value, onChange, subjects }: { value: BlockVisibility; onChange(v: BlockVisibility): void; subjects: RuleSubjectChoices }) {
  const { t, registry, locale } = useAdmin();
  const [rulesOpen, setRulesOpen] = useState(false);
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
          {rules > 0 ? t('admin.visibility.rulesSummary', { count: rules }) : t('admin.visibility.noRules')}{' '}
          <button type="button" onClick={() => setRulesOpen(true)}>
            {t('admin.visibility.editRules')}
          </button>
        </p>
      )}
      <RulesEditorDialog
        open={rulesOpen}
        onClose={() => setRulesOpen(false)}
        query={value.rules ?? { logicalOperator: 'all', rules: [] }}
        onChange={(q) => onChange({ ...value, rules: q })}
        registry={registry}
        subjects={subjects}
        locale={locale}
      />
    </fieldset>
  );
}
