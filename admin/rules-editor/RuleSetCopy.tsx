/**
 * "Copy from a rule set": a picker of the saved rule sets (GET ruleSet, the data mappings area's
 * reads) that replaces a rule being edited with a copy of the chosen set's query. A copy, not a
 * link: later changes to the rule set do not move the rule it was copied into. Shown only to
 * someone who may read rule sets (the call refused, it renders nothing).
 */
import { useEffect, useId, useState } from 'react';
import type { RuleQuery } from '../../schemas/model';
import type { RuleSet, RuleSetListResponse } from '../../schemas/model/api/mappings';
import type { AdminRequest } from '../core/http-api';
import { useAdminFrame } from '../frame/frame-context';

export function RuleSetCopy({ request, onCopy, disabled }: { request: AdminRequest; onCopy(query: RuleQuery, ruleSet: RuleSet): void; disabled?: boolean }) {
  const { t } = useAdminFrame();
  const id = useId();
  const [sets, setSets] = useState<RuleSet[]>();
  const [chosen, setChosen] = useState('');
  useEffect(() => {
    let live = true;
    request<RuleSetListResponse>('GET', 'ruleSet').then(
      (answer) => live && setSets(answer.items),
      () => live && setSets([]),
    );
    return () => {
      live = false;
    };
  }, [request]);
  if (!sets?.length) return null;
  const set = sets.find((s) => s.id === chosen);
  return (
    <div className="t-rule-set-copy">
      <label htmlFor={id}>{t('mappingsAdmin.copy.label')}</label>
      <select id={id} value={chosen} disabled={disabled} onChange={(e) => setChosen(e.target.value)}>
        <option value="">{t('mappingsAdmin.copy.choose')}</option>
        {sets.map((s) => (
          <option key={s.id} value={s.id}>
            {s.title}
          </option>
        ))}
      </select>
      <button type="button" className="ts-button" disabled={disabled || !set} onClick={() => set && onCopy(structuredClone(set.query), set)}>
        {t('mappingsAdmin.copy.apply')}
      </button>
    </div>
  );
}
