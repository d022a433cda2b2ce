/**
 * The mappings domain (community §3 Data mapping, Rule set, Event definition; §7): data mappings
 * (`data_mappings`: how a file's columns become profile fields, engine/core/data-mappings.ts),
 * rule sets (`rule_sets`: named rule queries), the event definitions built from what the code
 * declares, and the members import: its uploaded files (`member_import_uploads`) and the process
 * type `importMembers` the processes domain runs. Everything is the admin area dataMappings'.
 */
import { SUBJECTS } from '../../engine/core/permissions';
import { defineDomain } from '../domain';
import { eventRoutes } from './event-routes';
import { importMembersProcess, sweepImportUploads } from './import';
import { importRoutes } from './import-routes';
import { mappingRoutes } from './mapping-routes';
import { ruleSetRoutes } from './rule-set-routes';
import { seedMappings } from './seed';
import { importUploadsMigration, mappingsMigration, ruleSetListsMigration } from './tables';

export { importMembersProcess, IMPORT_MEMBERS } from './import';

const HOUR_MS = 60 * 60 * 1000;

export default defineDomain({
  name: 'mappings',
  permissionSubjects: [SUBJECTS.dataMappings],
  migrations: () => ({
    '20261203T1000_mappings_tables': mappingsMigration,
    '20261203T1001_mappings_import_uploads': importUploadsMigration,
    '20261203T1002_mappings_rule_set_lists': ruleSetListsMigration,
  }),
  async routes(api, ctx) {
    mappingRoutes(api, ctx);
    ruleSetRoutes(api, ctx);
    eventRoutes(api, ctx);
    await importRoutes(api, ctx);
  },
  processes: [importMembersProcess],
  jobs: [{ name: 'mappings.sweepImportUploads', every: HOUR_MS, run: (ctx) => sweepImportUploads(ctx) }],
  seed: { run: (ctx) => seedMappings(ctx) },
});
