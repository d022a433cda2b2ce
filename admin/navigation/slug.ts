/** Slug checks: the shared rule of spec 5.2 (engine/core/slug), then uniqueness by the server. */
import { slugProblem } from '../../engine/core/slug';
import type { AdminApi } from '../core/api';
import type { Id } from '../../schemas/model';

export { slugFromName } from '../../engine/core/slug';

export type SlugProblem = { key: 'admin.slug.required' | 'admin.slug.invalidChars' } | { key: 'admin.slug.taken'; suggestion: string };

export function checkSlugText(slug: string): SlugProblem | null {
  const problem = slugProblem(slug);
  return problem ? { key: problem === 'required' ? 'admin.slug.required' : 'admin.slug.invalidChars' } : null;
}

export async function checkSlug(api: AdminApi, source: 'module' | 'page', id: Id | 'new', slug: string, contextId?: Id): Promise<SlugProblem | null> {
  const local = checkSlugText(slug);
  if (local) return local;
  const result = await api.validateSlug(source, id, slug, contextId);
  return result.unique ? null : { key: 'admin.slug.taken', suggestion: `${slug}-${result.number + 1}` };
}
