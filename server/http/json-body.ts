/**
 * The JSON body parser of every route. Beyond JSON.parse it refuses, with a 400 naming the
 * problem and before anything reaches a handler, a validator or a database:
 * - nesting deeper than MAX_JSON_DEPTH (ajv and every recursive walk would overflow the stack;
 *   the deepest legitimate body, a rule query of RULE_QUERY_LIMITS depth inside a block, is ~25);
 * - NUL characters in any string or property name (PostgreSQL cannot store them in text);
 * - the property names `__proto__`, `constructor` and `prototype` (prototype poisoning).
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';

export const MAX_JSON_DEPTH = 64;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Whether brackets nest deeper than `max`, scanning the text once (strings skipped). */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

class RefusedJson extends Error {}

/** Parses a request body; throws a 400 HttpError saying what is wrong. */
export function parseRequestJson(text: string): unknown {
  if (!text.trim()) throw badRequest('malformed JSON body: the body is empty');
  if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) throw badRequest(`malformed JSON body: nested deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return JSON.parse(text, (key, value: unknown) => {
      if (FORBIDDEN_KEYS.has(key)) throw new RefusedJson(`property name "${key}" is not allowed`);
      if (key.includes('\0')) throw new RefusedJson('a property name contains a NUL character');
      if (typeof value === 'string' && value.includes('\0')) throw new RefusedJson(`the value of "${key}" contains a NUL character`);
      return value;
    });
  } catch (error) {
    if (error instanceof RefusedJson) throw badRequest(`refused JSON body: ${error.message}`);
    throw badRequest(`malformed JSON body: ${(error as Error).message}`);
  }
}

/** Replaces Fastify's JSON parser with parseRequestJson (same body limit). */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, parseRequestJson(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
