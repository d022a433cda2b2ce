/**
 * The one server check of the /admin areas' calls: `requireAdminArea(ctx, req, area)` answers the
 * signed-in user when they may open the area (the catalogue of engine/core/admin-areas.ts, the
 * rule the admin frame's navigation and guards use), else 401 (not signed in) or 403 saying what
 * the area needs. Every call made by an admin area's screen goes through it.
 */
import type { FastifyRequest } from 'fastify';
import { adminArea, mayOpenAdminArea, type AdminAreaName } from '../engine/core/admin-areas';
import { requireUser, type AppContext, type SignedInUser } from './context';
import { forbidden } from './errors';
import { isStaff, permissionHolder } from './permissions';

/** "read on applications or read on abuseReports": the grants that open an area, in words. */
export function areaGrantsInWords(area: AdminAreaName): string {
  const grants = adminArea(area).routes[0].anyOf.map((g) => `${g.action} on ${g.subject}`);
  return grants.length > 1 ? `${grants.slice(0, -1).join(', ')} or ${grants[grants.length - 1]}` : grants[0];
}

export async function requireAdminArea(ctx: AppContext, req: FastifyRequest, area: AdminAreaName): Promise<SignedInUser> {
  const user = await requireUser(ctx, req);
  const holder = permissionHolder(user);
  if (!isStaff(holder)) throw forbidden(`The admin area "${area}" is for admins and elevated users only`);
  if (!mayOpenAdminArea(holder, area)) throw forbidden(`You may not open the admin area "${area}": it needs ${areaGrantsInWords(area)}`);
  return user;
}
