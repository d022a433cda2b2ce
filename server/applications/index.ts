/**
 * The applications domain (community §3 Application and Membership request, §4, §5, §7
 * "Applications, memberships"): applications (a form that joins a list) and membership requests in
 * their own tables, each request holding one membership of the application's list and moving it
 * through the lists domain's `moveMembership` (./moves.ts); the admin's calls (area applications)
 * and the member's own; notifications of every move through `notify()`; the demo's applications.
 * Other domains call `countPendingRequests` and `applicationsUsingList` (./applications.ts).
 */
import { SUBJECTS } from '../../engine/core/permissions';
import { defineDomain } from '../domain';
import { applicationAdminRoutes } from './admin-routes';
import { applicationsMigrations } from './applications-table';
import { applicationMemberRoutes } from './routes';
import { seedApplications } from './seed';

export { applicationsUsingList, countPendingRequests } from './applications';

export default defineDomain({
  name: 'applications',
  migrations: applicationsMigrations,
  permissionSubjects: [SUBJECTS.applications],
  routes(api, ctx) {
    applicationMemberRoutes(api, ctx);
    applicationAdminRoutes(api, ctx);
  },
  seed: { run: seedApplications },
});
