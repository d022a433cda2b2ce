/**
 * The outbox as admins read it (admin area `notificationHistory`): `GET admin/email/outbox`
 * newest first, by cursor (the last id of the previous page), optionally one state;
 * `GET admin/email/outbox/{id}` one email with its HTML and text.
 */
import type { FastifyInstance } from 'fastify';
import type { EmailOutboxMessage, EmailOutboxResponse, EmailState } from '../../schemas/model/api/email';
import { requireAdminArea } from '../admin-area';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../errors';
import { emailDb, type EmailOutboxTable } from './tables';

const STATES: readonly EmailState[] = ['queued', 'sent', 'failed'];
const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;
const ID = /^[1-9]\d{0,14}$/;
const LIST_COLUMNS = [
  'id',
  'to_address',
  'account_id',
  'template_id',
  'language',
  'subject',
  'state',
  'transport',
  'created_at',
  'sent_at',
  'last_error',
] as const;

function toMessage(row: Pick<EmailOutboxTable, (typeof LIST_COLUMNS)[number]>): EmailOutboxMessage {
  return {
    id: String(row.id),
    to: row.to_address,
    accountId: row.account_id,
    templateId: row.template_id,
    language: row.language,
    subject: row.subject,
    state: STATES.includes(row.state) ? row.state : 'failed',
    transport: row.transport === 'smtp' ? 'smtp' : 'outbox',
    createdAt: Number(row.created_at),
    sentAt: row.sent_at === null ? null : Number(row.sent_at),
    lastError: row.last_error,
  };
}

function single(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`${name} must be given once`);
  return value;
}

export function outboxRoutes(api: FastifyInstance, ctx: AppContext): void {
  const db = () => emailDb(ctx.store.kysely);

  api.get<{ Querystring: Record<string, unknown> }>('/admin/email/outbox', async (req): Promise<EmailOutboxResponse> => {
    await requireAdminArea(ctx, req, 'notificationHistory');
    const state = single(req.query.state, 'state');
    const cursor = single(req.query.cursor, 'cursor');
    const limitText = single(req.query.limit, 'limit');
    if (state !== undefined && state !== '' && !STATES.includes(state as EmailState))
      throw badRequest(`state must be one of ${STATES.join(', ')}, got "${state}"`);
    if (cursor !== undefined && cursor !== '' && !ID.test(cursor)) throw badRequest(`cursor must be the "next" of a previous page, got "${cursor}"`);
    const limit = limitText === undefined ? DEFAULT_LIMIT : Number(limitText);
    if (limitText !== undefined && (!/^\d{1,3}$/.test(limitText) || limit < 1 || limit > MAX_LIMIT))
      throw badRequest(`limit must be a whole number from 1 to ${MAX_LIMIT}, got "${limitText}"`);
    const rows = await db()
      .selectFrom('email_outbox')
      .select(LIST_COLUMNS)
      .$if(!!state, (q) => q.where('state', '=', state as EmailState))
      .$if(!!cursor, (q) => q.where('id', '<', Number(cursor)))
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    const items = rows.slice(0, limit).map(toMessage);
    return rows.length > limit ? { items, next: items[items.length - 1].id } : { items };
  });

  api.get<{ Params: { id: string } }>('/admin/email/outbox/:id', async (req): Promise<EmailOutboxMessage> => {
    await requireAdminArea(ctx, req, 'notificationHistory');
    if (!ID.test(req.params.id)) throw badRequest(`id must be an outbox id (a positive whole number), got "${req.params.id}"`);
    const row = await db().selectFrom('email_outbox').selectAll().where('id', '=', Number(req.params.id)).executeTakeFirst();
    if (!row) throw notFound(`there is no email ${req.params.id} in the outbox`);
    return { ...toMessage(row), html: row.html, text: row.text };
  });
}
