/**
 * What the database holds, read straight from its tables (never through the API): every document
 * (kind, id, revision, data), every audit row, every file row, every user list and list membership. Suites compare snapshots to prove that refused
 * requests changed nothing.
 */
import { filesDb } from '../../server/files/table';
import { listsDb } from '../../server/lists/user-lists';
import type { ApiServer } from './api-server';

export interface DatabaseSnapshot {
  documents: string[];
  audit: string[];
  files: string[];
  lists: string[];
}

/** Kinds that change without a request (the sweeper ends login secrets and revert windows). */
const BACKGROUND_KINDS = ['loginSecret', 'revert'];

export async function databaseSnapshot(api: ApiServer, options: { kinds?: string[] } = {}): Promise<DatabaseSnapshot> {
  const db = api.server.ctx.store.kysely;
  let documents = db.selectFrom('documents').select(['kind', 'id', 'revision', 'data']).where('kind', 'not in', BACKGROUND_KINDS);
  if (options.kinds) documents = documents.where('kind', 'in', options.kinds);
  const rows = await documents.orderBy('kind').orderBy('id').execute();
  const audit = await db.selectFrom('audit_log').select(['seq', 'account_id', 'log_type', 'subject', 'action_time', 'extra']).orderBy('seq').execute();
  const files = await filesDb(db).selectFrom('files').selectAll().orderBy('id').execute();
  const lists = [
    ...(await listsDb(db).selectFrom('user_lists').selectAll().orderBy('id').execute()),
    ...(await listsDb(db).selectFrom('list_memberships').selectAll().orderBy('id').execute()),
  ];
  return {
    documents: rows.map((r) => `${r.kind}/${r.id}@${r.revision}:${r.data}`),
    audit: audit.map((r) => JSON.stringify(r)),
    files: files.map((r) => JSON.stringify(r)),
    lists: lists.map((r) => JSON.stringify(r)),
  };
}

/** A readable difference between two snapshots (empty when equal). */
export function snapshotDifference(before: DatabaseSnapshot, after: DatabaseSnapshot): string[] {
  const diff: string[] = [];
  for (const part of ['documents', 'audit', 'files', 'lists'] as const) {
    const was = new Set(before[part]);
    const now = new Set(after[part]);
    for (const row of after[part]) if (!was.has(row)) diff.push(`+ ${part}: ${row.slice(0, 300)}`);
    for (const row of before[part]) if (!now.has(row)) diff.push(`- ${part}: ${row.slice(0, 300)}`);
  }
  return diff;
}

/**
 * Watches the database across requests: after each one, a cheap fingerprint of the tables (row
 * counts, revision sum, last update, last audit row); when it moved, the rows themselves. A
 * refused request (status >= 400) that changed anything is reported with the difference.
 */
export async function watchDatabase(api: ApiServer): Promise<{ check(status: number, what: string): Promise<string | undefined> }> {
  const db = api.server.ctx.store.kysely;
  const fingerprint = async () => {
    const docs = await db
      .selectFrom('documents')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('revision').as('r'), eb.fn.max<number>('updated_at').as('u')])
      .where('kind', 'not in', BACKGROUND_KINDS)
      .executeTakeFirstOrThrow();
    const audit = await db
      .selectFrom('audit_log')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max<number>('seq').as('s')])
      .executeTakeFirstOrThrow();
    const files = await filesDb(db)
      .selectFrom('files')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('download_count').as('d'), eb.fn.sum<number>('claimed').as('c')])
      .executeTakeFirstOrThrow();
    const lists = await listsDb(db)
      .selectFrom('user_lists')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max<number>('updated_at').as('u')])
      .executeTakeFirstOrThrow();
    const members = await listsDb(db)
      .selectFrom('list_memberships')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max<number>('updated_at').as('u')])
      .executeTakeFirstOrThrow();
    return `${docs.n}/${docs.r}/${docs.u}/${audit.n}/${audit.s}/${files.n}/${files.d}/${files.c}/${lists.n}/${lists.u}/${members.n}/${members.u}`;
  };
  let last = await databaseSnapshot(api);
  let lastPrint = await fingerprint();
  return {
    async check(status, what) {
      const print = await fingerprint();
      if (print === lastPrint) return undefined;
      const now = await databaseSnapshot(api);
      const diff = snapshotDifference(last, now);
      last = now;
      lastPrint = print;
      return status >= 400 && diff.length ? `refused with ${status} yet changed the database: ${what}\n  ${diff.slice(0, 5).join('\n  ')}` : undefined;
    },
  };
}
