/** A group: match all or any, its conditions, its nested groups, and the add menu. */
import { useId } from 'react';
import type { RuleGroup, RuleQuery } from '../../schemas/model';
import { EMPTY_RULE_MESSAGE, isEmptyRuleQuery } from '../../engine/core';
import { AddMenu } from './AddMenu';
import { useRulesEditorEnv } from './editor-env';
import {
  addGroup,
  addRule,
  availableKinds,
  editGroup,
  groupProblemPath,
  newRule,
  removeGroup,
  removeRule,
  replaceRule,
  ruleProblemPath,
  type GroupPath,
} from './query-edit';
import { RuleEditor } from './RuleEditor';

interface Props {
  query: RuleQuery;
  group: RuleGroup;
  path: GroupPath;
  onChange(query: RuleQuery, focus?: string): void;
}

export function GroupEditor({ query, group, path, onChange }: Props) {
  const { t, choices, messagesAt } = useRulesEditorEnv();
  const id = useId();
  const rules = group.rules ?? [];
  const groups = group.groups ?? [];
  const here = groupProblemPath(path);
  const operatorErrors = messagesAt(here ? `${here}.logicalOperator` : 'logicalOperator');
  const starter = () => newRule(availableKinds(choices)[0] ?? 'formField', choices);
  const body = (
    <>
      <label className="t-rules__field">
        {t('rules.editor.match')}
        <select
          id={`${id}-match`}
          value={group.logicalOperator}
          onChange={(e) => onChange(editGroup(query, path, { logicalOperator: e.target.value as 'all' | 'any' }))}
        >
          <option value="all">{t('rules.editor.all')}</option>
          <option value="any">{t('rules.editor.any')}</option>
        </select>
      </label>
      {operatorErrors.map((e) => (
        <p key={e} className="t-rules__errors">
          {e}
        </p>
      ))}
      {!path.length && isEmptyRuleQuery(query) && <p className="t-rules__empty">{t(EMPTY_RULE_MESSAGE)}</p>}
      {rules.map((rule, i) => (
        <RuleEditor
          key={`r${i}`}
          rule={rule}
          position={i + 1}
          problemPath={ruleProblemPath(path, i)}
          onChange={(next) => onChange(replaceRule(query, path, i, next))}
          onRemove={() => onChange(removeRule(query, path, i))}
        />
      ))}
      {groups.map((child, i) => (
        <GroupEditor key={`g${i}`} query={query} group={child} path={[...path, i]} onChange={onChange} />
      ))}
      <AddMenu
        label={t('rules.editor.add')}
        items={[
          { label: t('rules.editor.addRule'), onSelect: () => onChange(addRule(query, path, starter()), ruleProblemPath(path, rules.length)) },
          { label: t('rules.editor.addGroup'), onSelect: () => onChange(addGroup(query, path, starter()), ruleProblemPath([...path, groups.length], 0)) },
        ]}
      />
    </>
  );
  if (!path.length) return <div className="t-rules__group">{body}</div>;
  return (
    <fieldset className="t-rules__group" data-group-path={here}>
      <legend>{t('rules.editor.group', { index: path[path.length - 1] + 1 })}</legend>
      {body}
      <button type="button" onClick={() => onChange(removeGroup(query, path))} aria-label={`${t('rules.editor.removeGroup')} ${path[path.length - 1] + 1}`}>
        {t('rules.editor.removeGroup')}
      </button>
    </fieldset>
  );
}
