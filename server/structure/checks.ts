/** Checks of structure writes that are not permissions: slugs and property keys. */
import { slugProblem } from '../../engine/core/slug';
import { badRequest } from '../errors';

/** The slug rule of spec 5.2 (engine/core/slug), or 400 saying what is wrong. */
export function checkSlug(slug: string, what: string): void {
  const problem = slugProblem(slug);
  if (problem === 'required') throw badRequest(`${what} slug must not be empty`);
  if (problem) throw badRequest(`${what} slug "${slug}" must not contain \\ / # ? % or control characters`);
}

/** Property updates may not rewrite identity or bookkeeping. */
export function checkPropertyKey(key: string): void {
  if (['id', 'type', 'revision', 'pageId', 'moduleId', '__proto__', 'constructor', 'prototype'].includes(key)) {
    throw badRequest(`property "${key}" cannot be changed through a property update`);
  }
}
