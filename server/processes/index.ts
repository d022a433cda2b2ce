/**
 * The processes domain (community §3 "Process", §4, §7; docs/architecture.md, "Processes"): the
 * `processes` table, the one job that runs every process type the domains declare
 * (`processes.run`), the admin calls under admin/process, and the signed download of an export.
 * Process types live with the data they touch (`processes` in a domain's manifest).
 */
import { SUBJECTS } from '../../engine/core/permissions';
import { defineDomain } from '../domain';
import { collectProcesses } from './registry';
import { processRoutes } from './routes';
import { runJob } from './run';
import { sweepFilesJob } from './sweep';
import { processesMigration } from './table';

export { collectProcesses, processTypesOf, type RegisteredProcess } from './registry';
export { defineProcess, type ProcessDefinition, type ProcessResult, type RunningProcess } from './definition';

export default defineDomain({
  name: 'processes',
  migrations: () => ({ '20261203T0900_processes_table': processesMigration }),
  permissionSubjects: [SUBJECTS.tools],
  jobs: [runJob, sweepFilesJob],
  // A duplicate or malformed type stops the app at its start, not at the first start of a process.
  open: (ctx) => void collectProcesses(ctx.domains),
  routes: processRoutes,
});
export {
  cellOf,
  CONTENT_TYPES,
  exportFileName,
  FORMAT_SCHEMA,
  EXPORT_LIMITS,
  onlyFields,
  openSheet,
  readFormat,
  type Cell,
  type ExportFormat,
  type SheetWriter,
} from './sheet';
