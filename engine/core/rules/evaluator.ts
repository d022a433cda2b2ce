/**
 * The real `RuleQueryEvaluator`: compiles each query once (cached by object identity), evaluates
 * the json-logic against the context itself, and never throws. A malformed query, or one that fails
 * while evaluating, does not match; its error is returned for the admin who wrote it.
 */
import type { RuleQuery } from '../../../schemas/model';
import { createTranslator, type Translator } from '../i18n/translator';
import { DEFAULT_LOCALE } from '../constants';
import rulesMessages from '../i18n/messages/en/rules.json' with { type: 'json' };
import type { Registry } from '../registry';
import { compileRuleQuery, type CompiledRuleQuery } from './compile';
import type { RuleContext, RuleEvaluation, RuleQueryEvaluator } from './context';
import { toEvaluator, type Evaluate } from './interpreter';
import { registerRuleOperations } from './operations';
import { describeRuleProblem } from './problems';

export interface RuleEngine extends RuleQueryEvaluator {
  /** The compiled form of a query, cached: the same query object is compiled once. */
  compile(query: RuleQuery): CompiledRuleQuery;
  evaluateCompiled(compiled: CompiledRuleQuery, context: RuleContext): RuleEvaluation;
  dependencies(query: RuleQuery): string[];
}

const prepared = new WeakMap<CompiledRuleQuery, Evaluate>();
const MATCHES: RuleEvaluation = Object.freeze({ matches: true });
const DOES_NOT_MATCH: RuleEvaluation = Object.freeze({ matches: false });

/** Evaluates compiled logic; a query with problems, or a failure while evaluating, does not match. */
export function evaluateCompiledRuleQuery(compiled: CompiledRuleQuery, context: RuleContext, t: Translator['t']): RuleEvaluation {
  if (compiled.logic === null) {
    return { matches: false, error: compiled.problems.map((p) => describeRuleProblem(p, t)).join('\n') };
  }
  try {
    let run = prepared.get(compiled);
    if (!run) prepared.set(compiled, (run = toEvaluator(compiled.logic)));
    return run(context) === true ? MATCHES : DOES_NOT_MATCH;
  } catch (error) {
    return { matches: false, error: t('rules.errors.evaluationFailed', { message: error instanceof Error ? error.message : String(error) }) };
  }
}

export function createRuleEngine(registry: Registry, options: { translator?: Translator } = {}): RuleEngine {
  registerRuleOperations();
  const t = (options.translator ?? createTranslator({ [DEFAULT_LOCALE]: { rules: rulesMessages } })).t;
  const cache = new WeakMap<object, CompiledRuleQuery>();
  const compile = (query: RuleQuery): CompiledRuleQuery => {
    if (!query || typeof query !== 'object') return compileRuleQuery(query, registry);
    let compiled = cache.get(query);
    if (!compiled) {
      compiled = compileRuleQuery(query, registry);
      cache.set(query, compiled);
    }
    return compiled;
  };
  return {
    compile,
    evaluateCompiled: (compiled, context) => evaluateCompiledRuleQuery(compiled, context, t),
    evaluate: (query, context) => evaluateCompiledRuleQuery(compile(query), context ?? {}, t),
    dependencies: (query) => compile(query).dependencies,
  };
}
