/**
 * The staff domain: the /admin frame's calls (`GET admin/sections`, the dashboard's counts; every
 * admin area's calls check `requireAdminArea` of server/admin-area.ts), view-as and reset
 * (community §7 "Admin and view-as"). User lists and their grants are the lists domain's.
 */
import { SUBJECTS } from '../../engine/core/permissions';
import { defineDomain } from '../domain';
import { areaRoutes } from './area-routes';
import { adminRoutes } from './routes';

export default defineDomain({
  name: 'staff',
  permissionSubjects: [SUBJECTS.adminDashboard],
  routes(api, ctx) {
    adminRoutes(api, ctx);
    areaRoutes(api, ctx);
  },
});
