/** The server's JSON body parser: nesting, NUL characters and prototype keys are refused before anything else sees the body. */
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, jsonNestsDeeperThan, parseRequestJson } from '../../server/http/json-body';
import { HttpError } from '../../server/errors';

const refused = (text: string) => {
  try {
    parseRequestJson(text);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    return (error as HttpError).message;
  }
  throw new Error(`${text.slice(0, 40)} was accepted`);
};

describe('parseRequestJson', () => {
  it('parses ordinary bodies, brackets inside strings included', () => {
    expect(parseRequestJson('{"a":[1,{"b":"[[[{{{"}],"c":"\\"]"}')).toEqual({ a: [1, { b: '[[[{{{' }], c: '"]' });
  });

  it(`refuses nesting deeper than ${MAX_JSON_DEPTH} levels without recursing`, () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(jsonNestsDeeperThan(deep(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(parseRequestJson(deep(MAX_JSON_DEPTH))).toBeInstanceOf(Array);
    expect(refused(deep(MAX_JSON_DEPTH + 1))).toContain('nested deeper');
    expect(refused(deep(100_000))).toContain('nested deeper');
  });

  it('refuses NUL in any string or property name', () => {
    expect(refused('{"id":"a\\u0000b"}')).toContain('NUL');
    expect(refused('{"a\\u0000":1}')).toContain('NUL');
    expect(refused('["x", ["\\u0000"]]')).toContain('NUL');
  });

  it('refuses prototype property names at any depth', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) expect(refused(`{"a":{"${key}":{"polluted":true}}}`)).toContain(key);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('names malformed JSON and an empty body', () => {
    expect(refused('{"a":')).toMatch(/malformed JSON/);
    expect(refused('  ')).toMatch(/empty/);
  });
});
