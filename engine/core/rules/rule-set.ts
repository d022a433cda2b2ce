/**
 * A keyed set of rule queries with their last results, for the form engine (conditional fields) and
 * the renderer (visibility): each query is compiled once, and after a change only the rules that read
 * a changed context path are evaluated again.
 */
import type { RuleQuery } from '../../../schemas/model';
import type { RuleContext, RuleEvaluation } from './context';
import { createRuleDependencyIndex } from './dependency-index';
import type { RuleEngine } from './evaluator';
import type { CompiledRuleQuery } from './compile';

export interface RuleSet<K> {
  /** Adds or replaces a rule; it is evaluated on the next `evaluateAll`, or now when a context is given. */
  set(key: K, query: RuleQuery, context?: RuleContext): void;
  delete(key: K): void;
  /** Evaluates every rule (first render, or a whole new context). */
  evaluateAll(context: RuleContext): void;
  /** Re-evaluates the rules reading any of the changed paths; returns the keys whose `matches` changed. */
  update(changedPaths: Iterable<string>, context: RuleContext): K[];
  result(key: K): RuleEvaluation | undefined;
  /** How many rule evaluations have run (for benchmarks and diagnostics). */
  readonly evaluations: number;
}

export function createRuleSet<K>(engine: RuleEngine): RuleSet<K> {
  const compiled = new Map<K, CompiledRuleQuery>();
  const results = new Map<K, RuleEvaluation>();
  const index = createRuleDependencyIndex<K>();
  let evaluations = 0;
  const run = (key: K, context: RuleContext): boolean => {
    const before = results.get(key);
    const next = engine.evaluateCompiled(compiled.get(key)!, context);
    evaluations++;
    results.set(key, next);
    return before?.matches !== next.matches;
  };
  return {
    set(key, query, context) {
      const c = engine.compile(query);
      compiled.set(key, c);
      index.set(key, c.dependencies);
      if (context) run(key, context);
      else results.delete(key);
    },
    delete(key) {
      compiled.delete(key);
      results.delete(key);
      index.delete(key);
    },
    evaluateAll(context) {
      for (const key of compiled.keys()) run(key, context);
    },
    update(changedPaths, context) {
      const changed: K[] = [];
      for (const key of index.affectedByAll(changedPaths)) if (run(key, context)) changed.push(key);
      return changed;
    },
    result: (key) => results.get(key),
    get evaluations() {
      return evaluations;
    },
  };
}
