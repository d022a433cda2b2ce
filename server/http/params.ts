/** Path and query parameters every domain reads the same way. */
import { badRequest } from '../errors';

/** A non-negative integer path parameter, or 400 naming it. */
export function intParam(value: string, name: string): number {
  if (!/^\d{1,6}$/.test(value)) throw badRequest(`${name} must be a non-negative integer, got "${value}"`);
  return Number(value);
}

export function paginate<T>(items: T[], query: { page?: string; limit?: string }): { items: T[]; total: number; page: number; limit: number } {
  const page = Math.max(1, Number(query.page) || 1);
  const limit = Math.min(500, Math.max(1, Number(query.limit) || 10));
  return { items: items.slice((page - 1) * limit, page * limit), total: items.length, page, limit };
}
