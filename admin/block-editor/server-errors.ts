/** Server field errors (JSON pointer -> message) as an rjsf error schema, so they show next to their fields. */
import type { ErrorSchema } from '@rjsf/utils';

export function fieldErrorsToErrorSchema(fieldErrors: Record<string, string> | undefined): ErrorSchema | undefined {
  if (!fieldErrors || Object.keys(fieldErrors).length === 0) return undefined;
  const root: Record<string, unknown> = {};
  for (const [pointer, message] of Object.entries(fieldErrors)) {
    const parts = pointer
      .split('/')
      .slice(1)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    let node = root;
    for (const part of parts) {
      if (part === '__proto__' || part === 'constructor' || part === 'prototype') break;
      node = (node[part] ??= {}) as Record<string, unknown>;
    }
    ((node.__errors ??= []) as string[]).push(message);
  }
  return root as ErrorSchema;
}
