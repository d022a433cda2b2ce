/**
 * What the rules editor asks the server (admins only): the subjects rules can talk about
 * (GET admin/rules/subjects: lists by name, profile fields with their types and options) and who
 * a rule query lets in (POST admin/rules/preview {query}): the accounts it matches, judged with the
 * engine's own evaluator on the context each account has when signed in, and the lists whose
 * members match it on their own. A query with problems is a 400 naming each in words.
 */
import type { FastifyInstance } from 'fastify';
import type { Field, Profile, RuleQuery } from '../../schemas/model';
import {
  compileRuleQuery,
  createTranslator,
  describeRuleProblem,
  fieldSubjectChoices,
  messages,
  subjectTypeFrom,
  viewAsContext,
  type RulePreview,
  type RuleSubjectChoices,
} from '../../engine/core';
import { requireUser, type AppContext, type SignedInUser } from '../context';
import { badRequest, forbidden } from '../errors';
import type { Account } from '../model';
import { accountRuleContext, registryFor, ruleEngineFor } from '../permissions';
import { allLists } from '../lists';
import { membershipsByAccount } from '../lists/memberships';
import type { FastifyRequest } from 'fastify';

/** How many matching account names the preview lists; the count covers them all. */
export const RULE_PREVIEW_NAMES = 5;

async function requireAdmin(ctx: AppContext, req: FastifyRequest): Promise<SignedInUser> {
  const user = await requireUser(ctx, req);
  if (!user.account.isAdmin) throw forbidden('rule previews: for admins only');
  return user;
}

/** The subjects of stored data: lists by name, and the profile fields (every stored form field, once per name). */
export async function ruleSubjects(ctx: AppContext): Promise<RuleSubjectChoices> {
  const [lists, fields] = await Promise.all([allLists(ctx.store.kysely), ctx.store.list<Field>('field')]);
  const profileFields = fieldSubjectChoices(
    fields.map((f) => f.data),
    registryFor(ctx.registry),
  );
  return {
    lists: lists.map((l) => ({ value: l.id, label: l.label || l.id })),
    fields: profileFields,
    userFields: profileFields,
  };
}

const displayName = (a: Account) => [a.firstName, a.lastName].filter((s) => typeof s === 'string' && s).join(' ') || a.accountId;

/** Who a valid query lets in, with the same evaluator and contexts the engine and the server's visibility use. */
export async function previewRuleQuery(ctx: AppContext, query: RuleQuery, subjects: RuleSubjectChoices): Promise<RulePreview> {
  const evaluator = ruleEngineFor(ctx.registry);
  const [accounts, profiles, membershipsOf] = await Promise.all([
    ctx.store.list<Account>('account'),
    ctx.store.list<Profile>('profile'),
    membershipsByAccount(ctx.store.kysely),
  ]);
  const profileOf = new Map(profiles.map((p) => [p.id, p.data]));
  const readable = accounts.map((a) => a.data).filter((a): a is Account => !!a && typeof a === 'object' && typeof a.accountId === 'string');
  const matching = readable
    .filter((account) => {
      const listMemberships = membershipsOf.get(account.accountId) ?? [];
      // Signed in, on their own profile (accountRuleContext's profile): profile rules read their own fields and lists.
      const context = { ...accountRuleContext(account, listMemberships, profileOf.get(account.accountId)), profileListMemberships: listMemberships };
      return evaluator.evaluate(query, context).matches;
    })
    .map(displayName)
    .sort((a, b) => a.localeCompare(b));
  // A member of this list alone, on their own profile (as the accounts above).
  const asMemberOf = (listId: string) => {
    const context = viewAsContext({}, [listId]);
    return { ...context, profileListMemberships: context.lists };
  };
  const lists = (subjects.lists ?? []).filter((list) => evaluator.evaluate(query, asMemberOf(list.value)).matches).map((l) => ({ id: l.value, name: l.label }));
  return { accounts: { count: matching.length, total: readable.length, names: matching.slice(0, RULE_PREVIEW_NAMES) }, lists };
}

export function rulePreviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/admin/rules/subjects', async (req) => {
    await requireAdmin(ctx, req);
    return ruleSubjects(ctx);
  });

  app.post('/admin/rules/preview', async (req) => {
    await requireAdmin(ctx, req);
    const body = req.body as { query?: unknown } | undefined;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('request body is missing: send JSON {"query": {...}}');
    if (!body.query || typeof body.query !== 'object' || Array.isArray(body.query)) throw badRequest('query: expected a rule query object');
    const query = body.query as RuleQuery;
    const subjects = await ruleSubjects(ctx);
    // The engine's compiler, told the subjects' types: an operator that cannot test its subject is refused here too.
    const { problems } = compileRuleQuery(query, registryFor(ctx.registry), { subjectType: subjectTypeFrom(subjects) });
    if (problems.length) {
      const t = createTranslator(messages, 'en').t;
      throw badRequest(`query: ${problems.map((p) => describeRuleProblem(p, t)).join('; ')}`);
    }
    return previewRuleQuery(ctx, query, subjects);
  });
}
