/**
 * Path parameters and query values are refused with 400 before any handler runs when they hold a
 * NUL character (PostgreSQL rejects it in text, SQLite stores it) or are longer than anything we
 * store (ids are at most 200 characters): the two engines then answer alike, and bad input never
 * reaches the database.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors';

/** The longest id or slug the database holds (documents.id is varchar(200)). */
export const MAX_PARAM_LENGTH = 200;
/** Query values carry search text and JSON options: generous, but bounded. */
export const MAX_QUERY_VALUE_LENGTH = 4000;

function checkValue(where: string, name: string, value: unknown, max: number): void {
  if (name.includes('\0')) throw badRequest(`a ${where} name contains a NUL character`);
  if (Array.isArray(value)) return value.forEach((v) => checkValue(where, name, v, max));
  if (typeof value !== 'string') return;
  if (value.includes('\0')) throw badRequest(`${where} "${name}" contains a NUL character`);
  if (value.length > max) throw badRequest(`${where} "${name}" is longer than ${max} characters`);
}

export function checkRequestParts(req: Pick<FastifyRequest, 'params' | 'query'>): void {
  for (const [name, value] of Object.entries((req.params as Record<string, unknown> | undefined) ?? {}))
    checkValue('path parameter', name, value, MAX_PARAM_LENGTH);
  for (const [name, value] of Object.entries((req.query as Record<string, unknown> | undefined) ?? {}))
    checkValue('query parameter', name, value, MAX_QUERY_VALUE_LENGTH);
}

export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (req) => checkRequestParts(req));
}
