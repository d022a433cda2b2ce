/**
 * The members export (process type `exportMembers`, community §3 job kind exportStatus 4): every
 * member's account and profile fields, public and private alike (it is an admin export; read on
 * profiles, the users area's grant), optionally only those accepted in some lists. Accounts are
 * paged by id from the database (keyset), 500 at a time, never all at once: a first pass finds the
 * profile fields present (the columns), the second writes the rows. At most EXPORT_LIMITS.maxRows rows.
 */
import type { Kysely } from 'kysely';
import type { Id, JsonValue, Profile } from '../../schemas/model';
import { SUBJECTS } from '../../engine/core/permissions';
import { sizeMb } from '../../engine/core/processes';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { acceptedMembersPage, listsByIds } from '../lists';
import type { Account } from '../model';
import {
  cellOf,
  CONTENT_TYPES,
  defineProcess,
  exportFileName,
  FORMAT_SCHEMA,
  EXPORT_LIMITS,
  onlyFields,
  openSheet,
  readFormat,
  type ExportFormat,
} from '../processes';
import type { DB } from '../storage/database';

const PAGE = 500;
/** Profile fields beyond this many are left out (named in the report). */
const MAX_FIELD_COLUMNS = 300;

export interface MembersExportPayload {
  format: ExportFormat;
  listIds?: Id[];
}

/** The next account ids after `after`: every account, or those accepted in the lists. */
async function accountPage(db: Kysely<DB>, listIds: readonly Id[] | undefined, after: Id | null): Promise<Id[]> {
  if (listIds) return acceptedMembersPage(db, listIds, after, PAGE);
  const rows = await db
    .selectFrom('documents')
    .select('id')
    .where('kind', '=', 'account')
    .$if(after !== null, (q) => q.where('id', '>', after!))
    .orderBy('id')
    .limit(PAGE)
    .execute();
  return rows.map((r) => r.id);
}

async function* accountPages(ctx: AppContext, listIds: readonly Id[] | undefined, signal: AbortSignal): AsyncGenerator<Id[]> {
  let after: Id | null = null;
  for (;;) {
    signal.throwIfAborted();
    const ids = await accountPage(ctx.store.kysely, listIds, after);
    if (!ids.length) return;
    yield ids;
    if (ids.length < PAGE) return;
    after = ids[ids.length - 1];
  }
}

export const exportMembers = defineProcess<MembersExportPayload>({
  type: 'exportMembers',
  kind: 4,
  permission: { action: 'read', subject: SUBJECTS.profiles },
  payloadSchema: {
    type: 'object',
    properties: {
      format: FORMAT_SCHEMA as unknown as JsonValue,
      listIds: { type: 'array', title: 'listIds', items: { type: 'string' }, uniqueItems: true },
    },
    required: ['format'],
    additionalProperties: false,
  },
  async parse(ctx, _user, payload) {
    onlyFields(payload, ['format', 'listIds']);
    const format = readFormat(payload);
    if (payload.listIds === undefined || (Array.isArray(payload.listIds) && payload.listIds.length === 0)) return { format };
    if (!Array.isArray(payload.listIds) || payload.listIds.length > 100 || payload.listIds.some((id) => typeof id !== 'string' || !id))
      throw badRequest('payload.listIds must be a list of up to 100 user list ids');
    const listIds = [...new Set(payload.listIds as string[])];
    const known = new Set((await listsByIds(ctx.store.kysely, listIds)).map((l) => l.id));
    const unknown = listIds.filter((id) => !known.has(id));
    if (unknown.length) throw badRequest(`payload.listIds names lists that do not exist: ${unknown.join(', ')}`);
    return { format, listIds };
  },
  async run(ctx, payload, process) {
    const fields = new Set<string>();
    let total = 0;
    for await (const ids of accountPages(ctx, payload.listIds, process.signal)) {
      total += ids.length;
      for (const p of await ctx.store.getMany<Profile>('profile', ids)) for (const key of Object.keys(p.data?.data?.profile ?? {})) fields.add(key);
    }
    const columns = [...fields].sort();
    const left = columns.length > MAX_FIELD_COLUMNS ? columns.splice(MAX_FIELD_COLUMNS) : [];
    const maxRows = EXPORT_LIMITS.maxRows;
    const totalRows = Math.min(total, maxRows);
    const name = exportFileName('members', payload.format);
    const sheet = openSheet(payload.format, process.filePath(name), 'Members');
    let rows = 0;
    let capped = false;
    try {
      await sheet.row(['accountId', 'email', 'firstName', 'lastName', ...columns]);
      for await (const ids of accountPages(ctx, payload.listIds, process.signal)) {
        const accounts = new Map((await ctx.store.getMany<Account>('account', ids)).map((d) => [d.id, d.data]));
        const profiles = new Map((await ctx.store.getMany<Profile>('profile', ids)).map((d) => [d.id, d.data]));
        for (const id of ids) {
          if (rows >= maxRows) {
            capped = true;
            break;
          }
          const account = accounts.get(id);
          if (!account) continue;
          const values = profiles.get(id)?.data?.profile ?? {};
          await sheet.row([id, account.email, account.firstName, account.lastName, ...columns.map((c) => cellOf(values[c]))]);
          rows++;
        }
        await process.progress({ rows, totalRows, sizeMb: sizeMb(sheet.bytes()), stepCompletion: totalRows ? Math.min(0.99, rows / totalRows) : 0.99 });
        if (capped) break;
      }
    } finally {
      await sheet.close();
    }
    await process.progress({ rows, totalRows, sizeMb: sizeMb(sheet.bytes()), stepCompletion: 1 });
    return {
      summary: {
        rows,
        columns: 4 + columns.length,
        format: payload.format,
        ...(payload.listIds ? { listIds: payload.listIds } : {}),
        ...(capped ? { capped: true, note: `stopped at ${maxRows} rows: filter by lists to export the rest` } : {}),
        ...(left.length ? { fieldsLeftOut: left.length } : {}),
      },
      file: { name, contentType: CONTENT_TYPES[payload.format] },
    };
  },
});
