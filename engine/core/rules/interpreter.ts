/**
 * A lean interpreter for compiled rule logic: the json-logic tree is turned once into a tree of
 * closures (no eval or new Function, which the CSP forbids), so an evaluation walks prepared
 * nodes instead of re-reading the JSON (operator lookup, argument arrays, path splitting) the
 * way json-logic-js does on every call. Semantics are json-logic-js's own: the same truthiness,
 * `var` paths and defaults, short-circuiting `and`/`or`, and the registered rule operations;
 * anything else is handed to json-logic-js unchanged.
 */
import type { JsonLogic } from './compile';
import { jsonLogic, RULE_OPERATIONS } from './operations';

export type Evaluate = (data: unknown) => unknown;

const truthy = (v: unknown): boolean => (Array.isArray(v) && v.length === 0 ? false : !!v);

function isLogic(node: unknown): node is Record<string, unknown> {
  return typeof node === 'object' && node !== null && !Array.isArray(node) && Object.keys(node).length === 1;
}

function readPath(data: unknown, parts: string[], notFound: unknown): unknown {
  let current = data;
  for (const part of parts) {
    if (current === null || current === undefined) return notFound;
    current = (current as Record<string, unknown>)[part];
    if (current === undefined) return notFound;
  }
  return current;
}

function compileVar(args: unknown[]): Evaluate {
  const [path, fallback] = args;
  const notFound = fallback === undefined ? null : fallback;
  if (typeof path === 'string' || typeof path === 'number') {
    if (path === '') return (data) => data;
    const parts = String(path).split('.');
    if (!isLogic(fallback)) return (data) => readPath(data, parts, notFound);
  }
  const evalPath = toEvaluator(path as JsonLogic);
  const evalFallback = toEvaluator((fallback ?? null) as JsonLogic);
  return (data) => {
    const p = evalPath(data);
    if (p === undefined || p === '' || p === null) return data;
    const d = evalFallback(data);
    return readPath(data, String(p).split('.'), d === undefined ? null : d);
  };
}

// json-logic's == and != are JavaScript's loose equality.
const BINARY: Record<string, (a: unknown, b: unknown) => unknown> = {
  '==': (a, b) => a == b,
  '===': (a, b) => a === b,
  '!=': (a, b) => a != b,
  '!==': (a, b) => a !== b,
  '>': (a, b) => (a as number) > (b as number),
  '>=': (a, b) => (a as number) >= (b as number),
  in: (a, b) => !!b && typeof (b as { indexOf?: unknown }).indexOf === 'function' && (b as unknown[]).indexOf(a) !== -1,
};

/** The logic as a function of the data; prepared once per compiled query. */
export function toEvaluator(logic: JsonLogic): Evaluate {
  if (Array.isArray(logic)) {
    const items = logic.map(toEvaluator);
    return (data) => items.map((f) => f(data));
  }
  if (!isLogic(logic)) return () => logic;
  const op = Object.keys(logic)[0];
  const raw = logic[op];
  const args = Array.isArray(raw) ? raw : [raw];
  if (op === 'var') return compileVar(args);
  const fns = args.map((a) => toEvaluator(a as JsonLogic));
  if (op === 'and')
    return (data) => {
      let current: unknown;
      for (const f of fns) if (!truthy((current = f(data)))) return current;
      return current;
    };
  if (op === 'or')
    return (data) => {
      let current: unknown;
      for (const f of fns) if (truthy((current = f(data)))) return current;
      return current;
    };
  const [a, b, c] = fns;
  if (op === '!') return (data) => !truthy(a?.(data));
  if (op === '!!') return (data) => truthy(a?.(data));
  const binary = BINARY[op];
  if (binary) return (data) => binary(a?.(data), b?.(data));
  if (op === '<' || op === '<=') {
    const lt = op === '<' ? (x: unknown, y: unknown) => (x as number) < (y as number) : (x: unknown, y: unknown) => (x as number) <= (y as number);
    if (!c) return (data) => lt(a?.(data), b?.(data));
    return (data) => {
      const y = b(data);
      return lt(a(data), y) && lt(y, c(data));
    };
  }
  const named = Object.prototype.hasOwnProperty.call(RULE_OPERATIONS, op) ? RULE_OPERATIONS[op] : undefined;
  if (named) {
    if (fns.length === 1) return (data) => named(a(data));
    if (fns.length === 2) return (data) => named(a(data), b(data));
    return (data) => named(...fns.map((f) => f(data)));
  }
  return (data) => jsonLogic.apply(logic as never, data);
}
