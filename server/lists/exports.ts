/**
 * One user list's memberships as a spreadsheet (process type `exportListMembers`, job kind
 * exportStatus 4): each membership with its state, primary and hidden flags, tags and dates, and
 * the member's name and email. Needs accessUserData on that list (the list detail's grant),
 * re-checked when the run starts. Memberships are paged by id (keyset), 500 at a time.
 */
import type { Id, JsonValue } from '../../schemas/model';
import { SUBJECTS } from '../../engine/core/permissions';
import { sizeMb } from '../../engine/core/processes';
import { badRequest } from '../errors';
import type { Account } from '../model';
import { can } from '../permissions';
import { CONTENT_TYPES, defineProcess, exportFileName, FORMAT_SCHEMA, EXPORT_LIMITS, onlyFields, openSheet, readFormat, type ExportFormat } from '../processes';
import { listById, listsDb } from './user-lists';

const PAGE = 500;

export interface ListMembersExportPayload {
  format: ExportFormat;
  listId: Id;
}

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

function tagsOf(text: string | null): string {
  if (!text) return '';
  try {
    const tags: unknown = JSON.parse(text);
    return Array.isArray(tags) ? tags.filter((t) => typeof t === 'string').join(', ') : '';
  } catch {
    return '';
  }
}

export const exportListMembers = defineProcess<ListMembersExportPayload>({
  type: 'exportListMembers',
  kind: 4,
  permission: { action: 'accessUserData', subject: SUBJECTS.userLists },
  payloadSchema: {
    type: 'object',
    properties: { format: FORMAT_SCHEMA as unknown as JsonValue, listId: { type: 'string', title: 'listId', minLength: 1 } },
    required: ['format', 'listId'],
    additionalProperties: false,
  },
  mayAccess: (_ctx, holder, payload) => can(holder, 'accessUserData', SUBJECTS.userLists, payload.listId),
  async parse(ctx, _user, payload) {
    onlyFields(payload, ['format', 'listId']);
    const format = readFormat(payload);
    if (typeof payload.listId !== 'string' || !payload.listId) throw badRequest('payload.listId must name a user list');
    if (!(await listById(ctx.store.kysely, payload.listId))) throw badRequest(`payload.listId names a list that does not exist: ${payload.listId}`);
    return { format, listId: payload.listId };
  },
  async run(ctx, payload, process) {
    const list = await listById(ctx.store.kysely, payload.listId);
    if (!list) throw new Error(`the list ${payload.listId} was deleted`);
    const db = listsDb(ctx.store.kysely);
    const total = Number(
      (
        await db
          .selectFrom('list_memberships')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('list_id', '=', list.id)
          .executeTakeFirst()
      )?.n ?? 0,
    );
    const maxRows = EXPORT_LIMITS.maxRows;
    const totalRows = Math.min(total, maxRows);
    const name = exportFileName(`list-${list.id.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40) || 'members'}`, payload.format);
    const sheet = openSheet(payload.format, process.filePath(name), 'Memberships');
    let rows = 0;
    let capped = false;
    try {
      await sheet.row(['accountId', 'email', 'firstName', 'lastName', 'state', 'primary', 'hidden', 'tags', 'createdAt', 'updatedAt']);
      let after: string | null = null;
      for (;;) {
        process.signal.throwIfAborted();
        const page = await db
          .selectFrom('list_memberships')
          .selectAll()
          .where('list_id', '=', list.id)
          .$if(after !== null, (q) => q.where('id', '>', after!))
          .orderBy('id')
          .limit(PAGE)
          .execute();
        if (!page.length) break;
        const accounts = new Map((await ctx.store.getMany<Account>('account', [...new Set(page.map((m) => m.account_id))])).map((d) => [d.id, d.data]));
        for (const m of page) {
          if (rows >= maxRows) {
            capped = true;
            break;
          }
          const a = accounts.get(m.account_id);
          await sheet.row([
            m.account_id,
            a?.email ?? '',
            a?.firstName ?? '',
            a?.lastName ?? '',
            m.state,
            m.is_primary === 1,
            m.hidden === 1,
            tagsOf(m.tags),
            iso(m.created_at),
            iso(m.updated_at),
          ]);
          rows++;
        }
        await process.progress({ rows, totalRows, sizeMb: sizeMb(sheet.bytes()), stepCompletion: totalRows ? Math.min(0.99, rows / totalRows) : 0.99 });
        if (capped || page.length < PAGE) break;
        after = page[page.length - 1].id;
      }
    } finally {
      await sheet.close();
    }
    return {
      summary: {
        rows,
        listId: list.id,
        list: list.label,
        format: payload.format,
        ...(capped ? { capped: true, note: `stopped at ${maxRows} rows` } : {}),
      },
      file: { name, contentType: CONTENT_TYPES[payload.format] },
    };
  },
});
