/** Small shared pieces of the route modules. */
import crypto from 'node:crypto';
import type { Id } from '../../schemas/model';
import { forbidden, badRequest } from '../errors';
import { can, type PermissionContext } from '../permissions';

export function need(user: PermissionContext, action: string, subject: string, itemId?: Id): void {
  if (!can(user, action, subject, itemId)) throw forbidden(`You may not ${action} on ${subject}${itemId ? ` "${itemId}"` : ''}`);
}

export function newId(prefix: string): Id {
  return `${prefix}-${crypto.randomBytes(6).toString('hex')}`;
}

/** A non-negative integer path parameter, or 400 naming it. */
export function intParam(value: string, name: string): number {
  if (!/^\d{1,6}$/.test(value)) throw badRequest(`${name} must be a non-negative integer, got "${value}"`);
  return Number(value);
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export function checkSlug(slug: string, what: string): void {
  if (!SLUG.test(slug)) throw badRequest(`${what} slug "${slug}" must be lower-case letters and digits separated by single hyphens`);
}

/** Property updates may not rewrite identity or bookkeeping. */
export function checkPropertyKey(key: string): void {
  if (['id', 'type', 'revision', 'pageId', 'moduleId', '__proto__', 'constructor', 'prototype'].includes(key)) {
    throw badRequest(`property "${key}" cannot be changed through a property update`);
  }
}

export function paginate<T>(items: T[], query: { page?: string; limit?: string }): { items: T[]; total: number; page: number; limit: number } {
  const page = Math.max(1, Number(query.page) || 1);
  const limit = Math.min(500, Math.max(1, Number(query.limit) || 10));
  return { items: items.slice((page - 1) * limit, page * limit), total: items.length, page, limit };
}
