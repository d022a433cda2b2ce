/**
 * The rule evaluator a form uses when the host injects none: the real rule engine over the
 * runtime registry's block types and operators (the rule engine reads nothing else), created once (its compile cache is shared by every form).
 */
import { runtimeOperatorRegistry } from '../../registry/generated/runtime-operators';
import { runtimePageRegistry } from '../../registry/generated/runtime-page';
import { createRegistry } from '../core/registry';
import type { RuleQueryEvaluator } from '../core/rules/context';
import { createRuleEngine } from '../core/rules/evaluator';
import type { FormServices } from './types';

let shared: RuleQueryEvaluator | undefined;

export function registryRuleEvaluator(): RuleQueryEvaluator {
  shared ??= createRuleEngine(createRegistry({ ...runtimePageRegistry, ...runtimeOperatorRegistry, fields: {}, rules: {} }));
  return shared;
}

/** The services as given, with the registry's rule evaluator filled in when none was injected. */
export function withDefaultEvaluator(services: FormServices): FormServices {
  return services.evaluator ? services : { ...services, evaluator: registryRuleEvaluator() };
}
