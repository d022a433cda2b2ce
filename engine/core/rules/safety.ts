/**
 * json-logic-js resolves `var` paths by plain property access, prototype chain included:
 * `{"var":"constructor.constructor"}` reaches the Function constructor. Every path a compiled rule
 * reads is checked here, `var` must be a literal, only known operations may appear, and the
 * compiled logic is bounded in size.
 */
import { RULE_QUERY_LIMITS } from '../constants';
import { RULE_OPERATIONS, STANDARD_OPERATIONS } from './operations';
import type { RuleProblem } from './problems';

const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);
const SEGMENT = /^[A-Za-z0-9_\-:@$]+$/;

/** A dotted path is safe when every segment is a plain name and none is a prototype accessor. */
export function isSafePath(path: string): boolean {
  if (!path || path.length > RULE_QUERY_LIMITS.maxStringLength) return false;
  return path.split('.').every((segment) => SEGMENT.test(segment) && !FORBIDDEN_SEGMENTS.has(segment));
}

/** Checks compiled logic and collects the `var` paths it reads. */
export function inspectLogic(logic: unknown, where: string, problems: RuleProblem[], vars: Set<string>): void {
  let nodes = 0;
  const visit = (node: unknown): void => {
    if (++nodes > RULE_QUERY_LIMITS.maxLogicNodes) {
      if (nodes === RULE_QUERY_LIMITS.maxLogicNodes + 1)
        problems.push({ path: where, code: 'logicTooLarge', params: { max: RULE_QUERY_LIMITS.maxLogicNodes } });
      return;
    }
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [op, args] of Object.entries(node)) {
      if (op === 'var') {
        const path = Array.isArray(args) ? args[0] : args;
        if (typeof path !== 'string') problems.push({ path: where, code: 'dynamicVar' });
        else if (path !== '' && !isSafePath(path)) problems.push({ path: where, code: 'unsafePath', params: { value: path } });
        else if (path !== '') vars.add(path);
        if (Array.isArray(args)) args.slice(1).forEach(visit);
        continue;
      }
      if (!STANDARD_OPERATIONS.has(op) && !Object.prototype.hasOwnProperty.call(RULE_OPERATIONS, op)) {
        problems.push({ path: where, code: 'unknownOperation', params: { operation: op } });
        continue;
      }
      visit(args);
    }
  };
  visit(logic);
}
