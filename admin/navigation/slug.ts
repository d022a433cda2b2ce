/** Slug checks: the characters a slug may not hold (spec 5.2), then uniqueness by the server. */
import type { AdminApi } from '../core/api';
import type { Id } from '../../schemas/model';

const FORBIDDEN = /[\\/#?%]/;

export type SlugProblem = { key: 'admin.slug.required' | 'admin.slug.invalidChars' } | { key: 'admin.slug.taken'; suggestion: string };

export function checkSlugText(slug: string): SlugProblem | null {
  if (!slug.trim()) return { key: 'admin.slug.required' };
  if (FORBIDDEN.test(slug)) return { key: 'admin.slug.invalidChars' };
  return null;
}

export async function checkSlug(api: AdminApi, source: 'module' | 'page', id: Id | 'new', slug: string, contextId?: Id): Promise<SlugProblem | null> {
  const local = checkSlugText(slug);
  if (local) return local;
  const result = await api.validateSlug(source, id, slug, contextId);
  return result.unique ? null : { key: 'admin.slug.taken', suggestion: `${slug}-${result.number + 1}` };
}

/** A slug proposed from a name: lower case, words joined by dashes. */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
