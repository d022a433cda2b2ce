/**
 * The rule evaluator a form uses when the host injects none: the real rule engine over the
 * runtime registry's operators, created once (its compile cache is shared by every form).
 */
import runtime from '../../registry/generated/runtime.json' with { type: 'json' };
import { createRegistry, type RuntimeRegistryData } from '../core/registry';
import type { RuleQueryEvaluator } from '../core/rules/context';
import { createRuleEngine } from '../core/rules/evaluator';
import type { FormServices } from './types';

let shared: RuleQueryEvaluator | undefined;

export function registryRuleEvaluator(): RuleQueryEvaluator {
  shared ??= createRuleEngine(createRegistry(runtime as unknown as RuntimeRegistryData));
  return shared;
}

/** The services as given, with the registry's rule evaluator filled in when none was injected. */
export function withDefaultEvaluator(services: FormServices): FormServices {
  return services.evaluator ? services : { ...services, evaluator: registryRuleEvaluator() };
}
