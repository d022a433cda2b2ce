/** The audit domain (spec core §7.5): members' page, profile and link views, buffered by the browser and saved in the audit log. */
import type { Kysely } from 'kysely';
import { defineDomain } from '../domain';
import { countViews } from './views';
import { auditRoutes } from './routes';

export default defineDomain({
  name: 'audit',
  migrations: () => ({
    // The log read by type and subject: the admin's audit search and an entity's views.
    '20261202T1000_audit_subject_index': {
      async up(db: Kysely<unknown>) {
        await db.schema.createIndex('audit_log_subject').on('audit_log').columns(['log_type', 'subject']).execute();
      },
    },
  }),
  routes: auditRoutes,
});

export { countViews };

/** Other domains record their own actions (a moderator's) with it. */
export { recordAudit, type AuditEntry } from './record';
