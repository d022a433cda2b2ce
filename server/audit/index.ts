/** The audit domain (spec core §7.5): members' page, profile and link views, buffered by the browser and saved in the audit log. */
import { defineDomain } from '../domain';
import { auditRoutes } from './routes';

export default defineDomain({ name: 'audit', routes: auditRoutes });

/** Other domains record their own actions (a moderator's) with it. */
export { recordAudit, type AuditEntry } from './record';
