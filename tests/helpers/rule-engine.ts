import { createRegistry, createRuleEngine } from '../../engine/core';
import { loadRegistry } from '../../registry/loader';

/** A rule engine over the real registry on disk (every operator entry, validated). */
export function realRuleEngine() {
  const registry = createRegistry(loadRegistry());
  return { registry, engine: createRuleEngine(registry) };
}
