/**
 * The abuse domain (community §1, §2 admin reportAbuse, §3 Abuse report, §4 abuseReported, §6
 * abuseReports, §7 "Email, mappings, abuse"): members report a post, comment, profile or chat
 * message; moderators work the queue (./routes.ts, contract schemas/model/api/abuse.ts). Tables:
 * ./abuse-tables.ts (and the copy of the chat domain's old `chat_reports`). Other domains call
 * `fileAbuseReport` (the chat's report route) and `countOpenAbuseReports` (the admin dashboard).
 */
import { SUBJECTS } from '../../engine/core/permissions';
import { defineDomain } from '../domain';
import { abuseMigrations } from './abuse-tables';
import { abuseRoutes } from './routes';
import { seedAbuse } from './seed';

export { countOpenAbuseReports, fileAbuseReport } from './routes';

export default defineDomain({
  name: 'abuse',
  migrations: abuseMigrations,
  permissionSubjects: [SUBJECTS.abuseReports],
  routes: abuseRoutes,
  seed: { run: seedAbuse },
});
