/**
 * Rule set calls (community §7 "Rule sets: create, read, update, delete under ruleSet"): named,
 * reusable rule queries (schemas/model RuleQuery, compiled by engine/core/rules like every other
 * rule; a query with problems is a 400 naming each in words). They live in the admin area
 * dataMappings: reading needs the area, writing update on dataMappings.
 *
 * Dynamic lists may follow a rule set (`listIds`): a save sets each following list's rule to the
 * set's query in the same transaction, through the lists domain's `setDynamicListRule` (which
 * queues its re-evaluation), so a change to the set moves the lists' members; a list that cannot
 * take the query (not dynamic, a system list, a rule reading more than profile fields) refuses
 * the whole save with 400. A set that lists follow cannot be deleted (409 naming them).
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Id } from '../../schemas/model';
import type { RuleSet, RuleSetListResponse, RuleSetSaveRequest } from '../../schemas/model/api/mappings';
import { recordAudit } from '../audit';
import type { AppContext } from '../context';
import { badRequest, conflict, notFound } from '../errors';
import { announceListRuleChanged, listsByIds, setDynamicListRule } from '../lists';
import type { DocumentTx } from '../storage/documents';
import { followersOf, likePattern, readRuleSetRow, requireMappings, ruleSetById } from './records';
import { mappingsDb } from './tables';

/** Rule sets listed at most (a catalogue an admin keeps by hand). */
const RULE_SETS_LISTED = 500;

export function ruleSetRoutes(api: FastifyInstance, ctx: AppContext): void {
  const db = () => mappingsDb(ctx.store.kysely);
  const existing = async (id: string, reader = ctx.store.kysely) => {
    const found = await ruleSetById(reader, id);
    if (!found) throw notFound(`rule set "${id.slice(0, 200)}" does not exist`);
    return found;
  };
  const checked = (body: RuleSetSaveRequest) => {
    const title = body.title.trim();
    if (!title) throw badRequest('title must not be blank');
    ctx.validator.ruleQuery(body.query, 'query');
    return { title, title_search: title.toLowerCase(), description: (body.description ?? '').trim(), query: JSON.stringify(body.query) };
  };

  /** Makes `listIds` follow the set (its other links go), each list's rule set to `body.query`; answers the lists whose rule changed. */
  const follow = async (tx: DocumentTx, ruleSetId: Id, body: RuleSetSaveRequest, listIds: readonly Id[]): Promise<Id[]> => {
    const wanted = [...new Set(listIds)];
    const found = await listsByIds(tx.raw, wanted);
    const missing = wanted.filter((id) => !found.some((l) => l.id === id));
    if (missing.length) throw badRequest(`listIds: no user list ${missing.map((m) => `"${m.slice(0, 200)}"`).join(', ')}`);
    const links = mappingsDb(tx.raw);
    await links.deleteFrom('rule_set_lists').where('rule_set_id', '=', ruleSetId).execute();
    if (wanted.length) {
      await links.deleteFrom('rule_set_lists').where('list_id', 'in', wanted).execute();
      await links
        .insertInto('rule_set_lists')
        .values(wanted.map((list_id) => ({ list_id, rule_set_id: ruleSetId })))
        .execute();
    }
    const changed: Id[] = [];
    for (const listId of wanted) if (await setDynamicListRule(ctx, tx, listId, body.query)) changed.push(listId);
    return changed;
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
    const sets = rows.map((row) => readRuleSetRow(row));
    const followers = await followersOf(ctx.store.kysely, sets);
    return { items: sets.map((s): RuleSet => ({ ...s, listIds: followers.get(s.id)?.map((l) => l.id) ?? [] })) };
  });

  api.get<{ Params: { id: string } }>('/ruleSet/:id', async (req) => {
    await requireMappings(ctx, req);
    return existing(req.params.id);
  });

  api.put('/ruleSet', async (req, reply) => {
    const user = await requireMappings(ctx, req, 'Creating a rule set');
    const body = ctx.validator.body<RuleSetSaveRequest>('rule-set-save-request', req.body);
    const values = checked(body);
    const now = Date.now();
    const id = `rs-${crypto.randomUUID()}`;
    const changed = await ctx.store.transaction(async (tx) => {
      await mappingsDb(tx.raw)
        .insertInto('rule_sets')
        .values({ id, ...values, created_at: now, updated_at: now })
        .execute();
      return follow(tx, id, body, body.listIds ?? []);
    });
    for (const listId of changed) announceListRuleChanged(ctx, listId);
    await recordAudit(ctx, { accountId: user.account.accountId, logType: 'ruleSet.create', subject: id });
    return reply.code(201).send(await existing(id));
  });

  api.post<{ Params: { id: string } }>('/ruleSet/:id', async (req) => {
    const user = await requireMappings(ctx, req, 'Changing a rule set');
    const body = ctx.validator.body<RuleSetSaveRequest>('rule-set-save-request', req.body);
    const values = checked(body);
    const changed = await ctx.store.transaction(async (tx) => {
      const before = await existing(req.params.id, tx.raw);
      await mappingsDb(tx.raw)
        .updateTable('rule_sets')
        .set({ ...values, updated_at: Date.now() })
        .where('id', '=', req.params.id)
        .execute();
      // Absent: the lists following it now go on following, with the new query.
      return follow(tx, req.params.id, body, body.listIds ?? before.listIds);
    });
    for (const listId of changed) announceListRuleChanged(ctx, listId);
    await recordAudit(ctx, { accountId: user.account.accountId, logType: 'ruleSet.update', subject: req.params.id });
    return existing(req.params.id);
  });

  api.delete<{ Params: { id: string } }>('/ruleSet/:id', async (req, reply) => {
    const user = await requireMappings(ctx, req, 'Deleting a rule set');
    await ctx.store.transaction(async (tx) => {
      const ruleSet = await existing(req.params.id, tx.raw);
      const followers = (await followersOf(tx.raw, [ruleSet])).get(ruleSet.id) ?? [];
      if (followers.length)
        throw conflict(
          `the rule set "${ruleSet.title}" is followed by the dynamic list${followers.length === 1 ? '' : 's'} ${followers.map((l) => `"${l.label}"`).join(', ')}: let ${followers.length === 1 ? 'it' : 'them'} follow another rule or set first`,
        );
      await mappingsDb(tx.raw).deleteFrom('rule_set_lists').where('rule_set_id', '=', ruleSet.id).execute();
      await mappingsDb(tx.raw).deleteFrom('rule_sets').where('id', '=', ruleSet.id).execute();
    });
    await recordAudit(ctx, { accountId: user.account.accountId, logType: 'ruleSet.delete', subject: req.params.id });
    return reply.code(204).send();
  });
}
