import { createRegistry, createRuleEngine, type RuleQueryEvaluator } from '../../engine/core';
import { loadRegistry } from '../../registry/loader';

/** A rule engine over the real registry on disk (every operator entry, validated). */
export function realRuleEngine() {
  const registry = createRegistry(loadRegistry());
  return { registry, engine: createRuleEngine(registry) };
}

let shared: RuleQueryEvaluator | undefined;

/**
 * The real rule engine as a form's `RuleQueryEvaluator`; with `calls`, each evaluation is counted
 * (the real evaluation and `dependencies()` still run: this only observes them).
 */
export function realEvaluator(calls?: { evaluate: number }): RuleQueryEvaluator {
  shared ??= realRuleEngine().engine;
  const engine = shared;
  if (!calls) return engine;
  return {
    evaluate(query, context) {
      calls.evaluate++;
      return engine.evaluate(query, context);
    },
    dependencies: (query) => engine.dependencies!(query),
  };
}
