/**
 * Rule set calls (community §7 "Rule sets: create, read, update, delete under ruleSet"): named,
 * reusable rule queries (schemas/model RuleQuery, compiled by engine/core/rules like every other
 * rule; a query with problems is a 400 naming each in words). They live in the admin area
 * dataMappings: reading needs the area, writing update on dataMappings.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { RuleSetListResponse, RuleSetSaveRequest } from '../../schemas/model/api/mappings';
import { recordAudit } from '../audit';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../errors';
import { likePattern, readRuleSetRow, requireMappings, ruleSetById } from './records';
import { mappingsDb } from './tables';

/** Rule sets listed at most (a catalogue an admin keeps by hand). */
const RULE_SETS_LISTED = 500;

export function ruleSetRoutes(api: FastifyInstance, ctx: AppContext): void {
  const db = () => mappingsDb(ctx.store.kysely);
  const existing = async (id: string) => {
    const found = await ruleSetById(ctx.store.kysely, id);
    if (!found) throw notFound(`rule set "${id.slice(0, 200)}" does not exist`);
    return found;
  };
  const checked = (body: RuleSetSaveRequest) => {
    const title = body.title.trim();
    if (!title) throw badRequest('title must not be blank');
    ctx.validator.ruleQuery(body.query, 'query');
    return { title, title_search: title.toLowerCase(), description: (body.description ?? '').trim(), query: JSON.stringify(body.query) };
  };

  api.get<{ Querystring: { q?: string } }>('/ruleSet', async (req): Promise<RuleSetListResponse> => {
    await requireMappings(ctx, req);
    const q = typeof req.query.q === 'string' ? req.query.q.trim().slice(0, 120) : '';
    const rows = await db()
      .selectFrom('rule_sets')
      .selectAll()
      .$if(q !== '', (qb) => qb.where(sql<boolean>`title_search like ${likePattern(q)} escape '\\'`))
      .orderBy('title_search')
      .orderBy('id')
      .limit(RULE_SETS_LISTED)
      .execute();
    return { items: rows.map(readRuleSetRow) };
  });

  api.get<{ Params: { id: string } }>('/ruleSet/:id', async (req) => {
    await requireMappings(ctx, req);
    return existing(req.params.id);
  });

  api.put('/ruleSet', async (req, reply) => {
    const user = await requireMappings(ctx, req, 'Creating a rule set');
    const values = checked(ctx.validator.body<RuleSetSaveRequest>('rule-set-save-request', req.body));
    const now = Date.now();
    const id = `rs-${crypto.randomUUID()}`;
    await db()
      .insertInto('rule_sets')
      .values({ id, ...values, created_at: now, updated_at: now })
      .execute();
    await recordAudit(ctx, { accountId: user.account.accountId, logType: 'ruleSet.create', subject: id });
    return reply.code(201).send(await existing(id));
  });

  api.post<{ Params: { id: string } }>('/ruleSet/:id', async (req) => {
    const user = await requireMappings(ctx, req, 'Changing a rule set');
    const values = checked(ctx.validator.body<RuleSetSaveRequest>('rule-set-save-request', req.body));
    await existing(req.params.id);
    await db()
      .updateTable('rule_sets')
      .set({ ...values, updated_at: Date.now() })
      .where('id', '=', req.params.id)
      .execute();
    await recordAudit(ctx, { accountId: user.account.accountId, logType: 'ruleSet.update', subject: req.params.id });
    return existing(req.params.id);
  });

  api.delete<{ Params: { id: string } }>('/ruleSet/:id', async (req, reply) => {
    const user = await requireMappings(ctx, req, 'Deleting a rule set');
    await existing(req.params.id);
    await db().deleteFrom('rule_sets').where('id', '=', req.params.id).execute();
    await recordAudit(ctx, { accountId: user.account.accountId, logType: 'ruleSet.delete', subject: req.params.id });
    return reply.code(204).send();
  });
}
