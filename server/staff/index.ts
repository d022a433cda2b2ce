/**
 * The staff domain: the /admin frame's calls (`GET admin/sections`, the dashboard's counts; every
 * admin area's calls check `requireAdminArea` of server/admin-area.ts), view-as and reset
 * (community §7 "Admin and view-as"), and the user lists with the grants elevated users hold
 * through them (until the lists domain owns lists).
 */
import { SUBJECTS } from '../../engine/core/permissions';
import type { PermissionMap } from '../../schemas/model';
import { defineDomain } from '../domain';
import type { UserList } from '../model';
import { areaRoutes } from './area-routes';
import { adminRoutes } from './routes';

declare module '../storage/documents' {
  interface DocumentKinds {
    userList: UserList;
    /** What accepted members of one list may do, by subject. */
    listPermissions: PermissionMap;
  }
}

export default defineDomain({
  name: 'staff',
  documents: { userList: { cached: true }, listPermissions: { cached: true } },
  permissionSubjects: [SUBJECTS.adminDashboard],
  routes(api, ctx) {
    adminRoutes(api, ctx);
    areaRoutes(api, ctx);
  },
});
