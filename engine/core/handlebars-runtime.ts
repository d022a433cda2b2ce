/**
 * The handlebars interpreter without the parser (see handlebars.ts for what it supports and why
 * it does not generate code). A member's browser renders a template from its syntax tree, parsed
 * once on the server when the block is written (`parsedTemplate`), so it never downloads
 * Handlebars' parser; only a template without a current tree needs handlebars.ts.
 */
import { escapeExpression, isEmpty } from 'handlebars/dist/cjs/handlebars/utils.js';

type Node = hbs.AST.Node;
export type Program = hbs.AST.Program;
type Expression = hbs.AST.Expression;

interface Frame {
  /** Context stack: [current, parent, ...] (`../` climbs it). */
  contexts: unknown[];
  /** @-variables of the innermost iteration, with @root. */
  data: Record<string, unknown>;
  /** Block parameters in scope, innermost first. */
  params: Map<string, unknown>;
}

interface BlockOptions {
  fn(context: unknown, extra?: { data?: Record<string, unknown>; params?: unknown[] }): string;
  inverse(context: unknown): string;
  hash: Record<string, unknown>;
}

/** Own properties only (a string's `length` and indexes included), as Handlebars' prototype-access rules allow. */
const own = (value: unknown, key: string): unknown =>
  value !== null && value !== undefined && (typeof value === 'object' || typeof value === 'string') && Object.prototype.hasOwnProperty.call(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;

export class TemplateError extends Error {}

function iterate(items: unknown, options: BlockOptions): string {
  let out = '';
  let count = 0;
  if (Array.isArray(items)) {
    count = items.length;
    items.forEach((item, index) => {
      out += options.fn(item, { data: { index, first: index === 0, last: index === items.length - 1 }, params: [item, index] });
    });
  } else if (items && typeof items === 'object') {
    const keys = Object.keys(items);
    count = keys.length;
    keys.forEach((key, index) => {
      const item = (items as Record<string, unknown>)[key];
      out += options.fn(item, { data: { key, index, first: index === 0, last: index === keys.length - 1 }, params: [item, key] });
    });
  }
  return count ? out : options.inverse(items);
}

const BLOCK_HELPERS: Record<string, (this: unknown, args: unknown[], options: BlockOptions) => string> = {
  if(args, options) {
    const value = args[0];
    return (!options.hash.includeZero && !value) || isEmpty(value) ? options.inverse(this) : options.fn(this);
  },
  unless(args, options) {
    const value = args[0];
    return (!options.hash.includeZero && !value) || isEmpty(value) ? options.fn(this) : options.inverse(this);
  },
  with(args, options) {
    return isEmpty(args[0]) ? options.inverse(this) : options.fn(args[0], { params: [args[0]] });
  },
  each(args, options) {
    return iterate(args[0], options);
  },
};

const INLINE_HELPERS: Record<string, (args: unknown[]) => unknown> = {
  lookup: (args) => own(args[0], String(args[1])),
  log: () => '',
};

const isScoped = (path: hbs.AST.PathExpression) => /^\.|this\b/.test(path.original);
const helperName = (path: Expression): string | undefined => {
  if (path.type !== 'PathExpression') return undefined;
  const p = path as hbs.AST.PathExpression;
  return !p.data && p.depth === 0 && p.parts.length === 1 && !isScoped(p) ? p.parts[0] : undefined;
};

class Interpreter {
  constructor(private readonly root: unknown) {}

  program(program: Program | undefined, frame: Frame): string {
    if (!program) return '';
    let out = '';
    for (const statement of program.body) out += this.statement(statement, frame);
    return out;
  }

  private statement(node: Node, frame: Frame): string {
    switch (node.type) {
      case 'ContentStatement':
        return (node as hbs.AST.ContentStatement).value;
      case 'CommentStatement':
        return '';
      case 'MustacheStatement': {
        const m = node as hbs.AST.MustacheStatement;
        const value = this.call(m.path, m.params, m.hash, frame);
        return m.escaped ? escapeExpression(value as string) : value === null || value === undefined ? '' : String(value);
      }
      case 'BlockStatement':
        return this.block(node as hbs.AST.BlockStatement, frame);
      default:
        throw new TemplateError(`${node.type.replace(/Statement$/, '').toLowerCase()}s are not supported in templates`);
    }
  }

  /** A mustache or sub-expression: an inline helper call, or a value. */
  private call(path: Expression, params: Expression[], hash: hbs.AST.Hash | undefined, frame: Frame): unknown {
    const name = helperName(path);
    if (name && Object.prototype.hasOwnProperty.call(INLINE_HELPERS, name)) return INLINE_HELPERS[name](params.map((p) => this.expression(p, frame)));
    if (name && Object.prototype.hasOwnProperty.call(BLOCK_HELPERS, name)) throw new TemplateError(`"${name}" is a block helper: use {{#${name}}}`);
    if (params.length || hash?.pairs.length) throw new TemplateError(`Missing helper: "${(path as hbs.AST.PathExpression).original ?? 'expression'}"`);
    return this.expression(path, frame);
  }

  private expression(node: Expression, frame: Frame): unknown {
    switch (node.type) {
      case 'PathExpression':
        return this.path(node as hbs.AST.PathExpression, frame);
      case 'StringLiteral':
      case 'NumberLiteral':
      case 'BooleanLiteral':
        return (node as hbs.AST.StringLiteral).value;
      case 'NullLiteral':
        return null;
      case 'UndefinedLiteral':
        return undefined;
      case 'SubExpression': {
        const s = node as hbs.AST.SubExpression;
        return this.call(s.path, s.params, s.hash, frame);
      }
      default:
        throw new TemplateError(`unsupported expression ${node.type}`);
    }
  }

  private path(path: hbs.AST.PathExpression, frame: Frame): unknown {
    const [head, ...rest] = path.parts;
    let value: unknown;
    if (path.data) value = head === 'root' ? this.root : own(frame.data, head);
    else if (head === undefined) return frame.contexts[path.depth];
    else if (path.depth === 0 && !isScoped(path) && frame.params.has(head)) value = frame.params.get(head);
    else value = own(frame.contexts[path.depth], head);
    for (const part of rest) value = own(value, part);
    return value;
  }

  private hash(hash: hbs.AST.Hash | undefined, frame: Frame): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const pair of hash?.pairs ?? []) out[pair.key] = this.expression(pair.value, frame);
    return out;
  }

  private block(node: hbs.AST.BlockStatement, frame: Frame): string {
    const context = frame.contexts[0];
    const options: BlockOptions = {
      hash: this.hash(node.hash, frame),
      fn: (next, extra = {}) => {
        const names = node.program?.blockParams ?? [];
        const params = new Map(frame.params);
        names.forEach((n, i) => params.set(n, extra.params?.[i]));
        const contexts = next === context && !extra.params ? frame.contexts : [next, ...frame.contexts];
        return this.program(node.program, { contexts, data: extra.data ? { ...frame.data, ...extra.data } : frame.data, params });
      },
      inverse: () => this.program(node.inverse, frame),
    };
    const name = helperName(node.path);
    if (name && Object.prototype.hasOwnProperty.call(BLOCK_HELPERS, name)) {
      return BLOCK_HELPERS[name].call(
        context,
        node.params.map((p) => this.expression(p, frame)),
        options,
      );
    }
    if (node.params.length || node.hash?.pairs.length) throw new TemplateError(`Missing helper: "${(node.path as hbs.AST.PathExpression).original}"`);
    // A block named after data (Handlebars' blockHelperMissing): sections over lists, objects and flags.
    const value = this.expression(node.path, frame);
    if (value === true) return options.fn(context);
    if (value === false || value === null || value === undefined) return options.inverse(context);
    if (Array.isArray(value)) return value.length ? iterate(value, options) : options.inverse(context);
    return options.fn(value);
  }
}

/** Renders a parsed template (a Program) over data; throws an Error naming the problem for an unsupported one. */
export function renderTemplateTree(ast: Program, data: unknown): string {
  return new Interpreter(data).program(ast, { contexts: [data], data: {}, params: new Map() });
}

/** The block type whose template is parsed on the server. */
export const HANDLEBARS_BLOCK_TYPE = 'handlebars';
/** Every block type with an `options.template` in handlebars (the search results' result template too). */
export const TEMPLATE_BLOCK_TYPES: ReadonlySet<string> = new Set([HANDLEBARS_BLOCK_TYPE, 'headlessSearchResults']);

/**
 * The syntax tree stored with a block (`parsedTemplate`: JSON `{ source, ast }`), when it is the
 * tree of this very template; stored data may be stale or corrupt, so anything else is undefined.
 */
export function readParsedTemplate(parsedTemplate: unknown, template: unknown): Program | undefined {
  if (typeof parsedTemplate !== 'string' || typeof template !== 'string') return undefined;
  try {
    const stored = JSON.parse(parsedTemplate) as { source?: unknown; ast?: { type?: unknown; body?: unknown } };
    return stored && stored.source === template && stored.ast?.type === 'Program' && Array.isArray(stored.ast.body) ? (stored.ast as Program) : undefined;
  } catch {
    return undefined;
  }
}
