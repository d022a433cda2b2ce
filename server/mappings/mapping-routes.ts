/**
 * Data mapping calls (schemas/model/api/mappings.ts): search (community §9: page 1, limit 10 by
 * default), read, create, update, delete. Reads need the area dataMappings, writes update on
 * dataMappings; a mapping is checked against the profile fields and lists as they are now
 * (engine/core/data-mappings.ts) and stored whole or not at all. Writes are audited.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ADMIN_LIST_SEARCH_DEFAULTS } from '../../engine/core/constants';
import type { DataMappingFieldsResponse, DataMappingSaveRequest, DataMappingSearchResponse } from '../../schemas/model/api/mappings';
import { recordAudit } from '../audit';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { checkMapping, existingMapping, likePattern, pageNumber, profileFieldsOf, readMappingRow, requireMappings } from './records';
import { mappingsDb } from './tables';

export function mappingRoutes(api: FastifyInstance, ctx: AppContext): void {
  const db = () => mappingsDb(ctx.store.kysely);

  api.get<{ Querystring: { q?: string; page?: string; limit?: string } }>('/dataMappings/search', async (req): Promise<DataMappingSearchResponse> => {
    await requireMappings(ctx, req);
    const page = pageNumber('page', req.query.page, ADMIN_LIST_SEARCH_DEFAULTS.page, 100_000);
    const limit = pageNumber('limit', req.query.limit, ADMIN_LIST_SEARCH_DEFAULTS.limit, 100);
    const q = typeof req.query.q === 'string' ? req.query.q.trim().slice(0, 120) : '';
    const filtered = () =>
      db()
        .selectFrom('data_mappings')
        .$if(q !== '', (qb) => qb.where(sql<boolean>`title_search like ${likePattern(q)} escape '\\'`));
    const [rows, count] = await Promise.all([
      filtered()
        .selectAll()
        .orderBy('title_search')
        .orderBy('id')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      filtered()
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(readMappingRow), total: Number(count.n), page, limit };
  });

  api.get('/dataMappings/profileFields', async (req): Promise<DataMappingFieldsResponse> => {
    await requireMappings(ctx, req);
    return { fields: await profileFieldsOf(ctx) };
  });

  api.get<{ Params: { id: string } }>('/dataMappings/:id', async (req) => {
    await requireMappings(ctx, req);
    return existingMapping(ctx.store.kysely, req.params.id);
  });

  api.put('/dataMappings', async (req, reply) => {
    const user = await requireMappings(ctx, req, 'Creating a data mapping');
    const body = ctx.validator.body<DataMappingSaveRequest>('data-mapping-save-request', req.body);
    const title = body.title.trim();
    if (!title) throw badRequest('title must not be blank');
    await checkMapping(ctx, body.data);
    const now = Date.now();
    const id = `dm-${crypto.randomUUID()}`;
    await db()
      .insertInto('data_mappings')
      .values({ id, title, title_search: title.toLowerCase(), data: JSON.stringify(body.data), created_at: now, updated_at: now })
      .execute();
    await recordAudit(ctx, { accountId: user.account.accountId, logType: 'dataMappings.create', subject: id });
    return reply.code(201).send(await existingMapping(ctx.store.kysely, id));
  });

  api.post<{ Params: { id: string } }>('/dataMappings/:id', async (req) => {
    const user = await requireMappings(ctx, req, 'Changing a data mapping');
    const body = ctx.validator.body<DataMappingSaveRequest>('data-mapping-save-request', req.body);
    const title = body.title.trim();
    if (!title) throw badRequest('title must not be blank');
    await existingMapping(ctx.store.kysely, req.params.id);
    await checkMapping(ctx, body.data);
    await db()
      .updateTable('data_mappings')
      .set({ title, title_search: title.toLowerCase(), data: JSON.stringify(body.data), updated_at: Date.now() })
      .where('id', '=', req.params.id)
      .execute();
    await recordAudit(ctx, { accountId: user.account.accountId, logType: 'dataMappings.update', subject: req.params.id });
    return existingMapping(ctx.store.kysely, req.params.id);
  });

  api.delete<{ Params: { id: string } }>('/dataMappings/:id', async (req, reply) => {
    const user = await requireMappings(ctx, req, 'Deleting a data mapping');
    await existingMapping(ctx.store.kysely, req.params.id);
    await db().deleteFrom('data_mappings').where('id', '=', req.params.id).execute();
    await recordAudit(ctx, { accountId: user.account.accountId, logType: 'dataMappings.delete', subject: req.params.id });
    return reply.code(204).send();
  });
}
