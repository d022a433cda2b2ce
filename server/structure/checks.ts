/** Checks of structure writes that are not permissions: slugs and property keys. */
import { badRequest } from '../errors';

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
