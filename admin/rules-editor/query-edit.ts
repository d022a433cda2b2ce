/** Immutable edits of a rule query, addressed by the path of group indices from the top group. */
import type { Rule, RuleGroup, RuleKind, RuleQuery } from '../../schemas/model';
import { kindSubject, subjectChoicesFor } from '../../engine/core';
import type { RuleSubjectChoices } from './types';

export { subjectChoicesFor };

export type GroupPath = readonly number[];

/** Most used first: inside a form its fields, elsewhere the member's own lists (the demo's "in the volunteers list"). */
const ORDER: RuleKind[] = [
  'formField',
  'userList',
  'userField',
  'list',
  'field',
  'entityField',
  'emailBuilderField',
  'knownValueField',
  'profileEntityPowerUp',
  'userEntityPowerUp',
];

/** Kinds with something to pick: field kinds with fields, list kinds with lists, power-up kinds with power-ups. */
export function availableKinds(choices: RuleSubjectChoices): RuleKind[] {
  return ORDER.filter((kind) => (kindSubject(kind) === 'list' ? (choices.lists?.length ?? 0) > 0 : subjectChoicesFor(kind, choices).length > 0));
}

export function newRule(kind: RuleKind, choices: RuleSubjectChoices): Rule {
  return { kind, subject: subjectChoicesFor(kind, choices)[0]?.value ?? '', operator: '' };
}

function mapGroup(group: RuleGroup, path: GroupPath, edit: (g: RuleGroup) => RuleGroup): RuleGroup {
  if (!path.length) return edit(group);
  const [head, ...rest] = path;
  return { ...group, groups: (group.groups ?? []).map((g, i) => (i === head ? mapGroup(g, rest, edit) : g)) };
}

export const editGroup = (query: RuleQuery, path: GroupPath, patch: Partial<RuleGroup>): RuleQuery => mapGroup(query, path, (g) => ({ ...g, ...patch }));

export const addRule = (query: RuleQuery, path: GroupPath, rule: Rule): RuleQuery =>
  mapGroup(query, path, (g) => ({ ...g, rules: [...(g.rules ?? []), rule] }));

export const addGroup = (query: RuleQuery, path: GroupPath, rule: Rule): RuleQuery =>
  mapGroup(query, path, (g) => ({ ...g, groups: [...(g.groups ?? []), { logicalOperator: 'all', rules: [rule] }] }));

export const replaceRule = (query: RuleQuery, path: GroupPath, index: number, rule: Rule): RuleQuery =>
  mapGroup(query, path, (g) => ({ ...g, rules: (g.rules ?? []).map((r, i) => (i === index ? rule : r)) }));

export const removeRule = (query: RuleQuery, path: GroupPath, index: number): RuleQuery =>
  mapGroup(query, path, (g) => ({ ...g, rules: (g.rules ?? []).filter((_, i) => i !== index) }));

export function removeGroup(query: RuleQuery, path: GroupPath): RuleQuery {
  const parent = path.slice(0, -1);
  const index = path[path.length - 1];
  return mapGroup(query, parent, (g) => ({ ...g, groups: (g.groups ?? []).filter((_, i) => i !== index) }));
}

/** The problem path prefix of a group (`groups.0.groups.1`), as the compiler names it. */
export const groupProblemPath = (path: GroupPath) => path.map((i) => `groups.${i}`).join('.');
export const ruleProblemPath = (path: GroupPath, index: number) => [groupProblemPath(path), `rules.${index}`].filter(Boolean).join('.');
