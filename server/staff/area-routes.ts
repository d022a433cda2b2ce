/**
 * The /admin frame's calls: `GET admin/sections` (community §7, the areas the caller may open,
 * grouped in sections, from the catalogue in engine/core) and the dashboard's counts (members, and
 * the applications domain's pending requests for those who may process them, and the abuse queue's
 * waiting items for those who may open it).
 */
import type { FastifyInstance } from 'fastify';
import { adminSectionsFor, mayOpenAdminArea } from '../../engine/core/admin-areas';
import type { AdminDashboardResponse, AdminSectionsResponse } from '../../schemas/model/api/staff';
import { requireAdminArea } from '../admin-area';
import { requireStaff, type AppContext } from '../context';
import { permissionHolder } from '../permissions';
import { countPendingRequests } from '../applications/applications';
import { countOpenAbuseReports } from '../abuse';
import { countAccounts } from '../session/accounts';

export function areaRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/admin/sections', async (req): Promise<AdminSectionsResponse> => {
    const user = await requireStaff(ctx, req, 'the admin sections');
    return { sections: adminSectionsFor(permissionHolder(user)) };
  });

  app.get('/admin/dashboard', async (req): Promise<AdminDashboardResponse> => {
    const user = await requireAdminArea(ctx, req, 'dashboard');
    const requests = mayOpenAdminArea(permissionHolder(user), 'applications');
    const reports = mayOpenAdminArea(permissionHolder(user), 'reportAbuse');
    const [members, pendingRequests, abuseReports] = await Promise.all([
      countAccounts(ctx),
      requests ? countPendingRequests(ctx.store.kysely) : undefined,
      reports ? countOpenAbuseReports(ctx) : undefined,
    ]);
    return { members, ...(pendingRequests !== undefined ? { pendingRequests } : {}), ...(abuseReports !== undefined ? { abuseReports } : {}) };
  });
}
