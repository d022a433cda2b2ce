/**
 * The entity definition calls (contract schemas/model/api/entities.ts, "Definitions"): reads for
 * every signed-in member; create, update and delete need `create`, `update`, `delete` on
 * `entityDefinitions` (scope: the definition id). A refused create is a 400 "Error creating
 * entity definition: <reason>" (community §8).
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  canEditDefinition,
  ENTITY_CONCEPT_TYPES,
  ENTITY_DEFINITION_MAX_FIELDS,
  ENTITY_DEFINITION_NAME_MAX,
  ENTITY_GET_MAX,
  ENTITY_SEARCH_DEFAULT_LIMIT,
  ENTITY_SEARCH_MAX_LIMIT,
  entitySlugProblem,
} from '../../engine/core/entities';
import { SUBJECTS } from '../../engine/core/permissions';
import { slugFromName } from '../../engine/core/slug';
import type { EntityDefinition } from '../../schemas/model';
import type { EntityDefinitionCreateRequest, EntityDefinitionSearchResponse, EntityDefinitionUpdateRequest } from '../../schemas/model/api/entities';
import { recordAudit } from '../audit';
import { requireUser, type AppContext, type SignedInUser } from '../context';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../errors';
import { can, permissionHolder } from '../permissions';
import type { DB } from '../storage/database';
import { checkConceptType, checkField, checkFields, checkPowerUps, checkSettings } from './checks';
import { definitionById } from './read';
import { definitionFromRow, entitiesDb } from './records';
import { reindexEntities } from './writes';
import type { EntityDefinitionsTable } from './tables';

async function requireDefinition(db: Kysely<DB>, id: string): Promise<EntityDefinition> {
  const definition = id.length <= 64 ? await definitionById(db, id) : undefined;
  if (!definition) throw notFound(`entity definition "${id.slice(0, 64)}" does not exist`);
  return definition;
}

function need(user: SignedInUser, action: 'create' | 'update' | 'delete', id?: string): void {
  const allowed =
    action === 'create'
      ? canEditDefinition(permissionHolder(user))
      : action === 'update'
        ? canEditDefinition(permissionHolder(user), id)
        : can(user, 'delete', SUBJECTS.entityDefinitions, id);
  if (!allowed) throw forbidden(`You may not ${action} entity definitions: needs ${action} on entityDefinitions${id ? ` "${id}"` : ''}`);
}

function nameOrThrow(name: unknown): string {
  if (typeof name !== 'string' || !name.trim()) throw badRequest('name is required');
  if (name.length > ENTITY_DEFINITION_NAME_MAX) throw badRequest(`name: at most ${ENTITY_DEFINITION_NAME_MAX} characters`);
  return name.trim();
}

async function freeDefinitionSlug(db: Kysely<DB>, wanted: string | undefined, name: string, exceptId?: string): Promise<string> {
  const taken = async (slug: string) => {
    let q = entitiesDb(db).selectFrom('entity_definitions').select('id').where('slug', '=', slug);
    if (exceptId) q = q.where('id', '!=', exceptId);
    return !!(await q.executeTakeFirst());
  };
  if (wanted !== undefined) {
    const problem = entitySlugProblem(wanted);
    if (problem) throw badRequest(`slug "${wanted.slice(0, 64)}": ${problem}`);
    if (await taken(wanted)) throw new HttpError(409, 'conflict', `slug "${wanted}" is taken by another definition`, 'slug_valid');
    return wanted;
  }
  const base = (slugFromName(name) || 'definition').slice(0, 100);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await taken(candidate))) return candidate;
  }
}

const columns = (d: Partial<EntityDefinition>): Partial<EntityDefinitionsTable> => ({
  ...(d.name !== undefined ? { name: d.name } : {}),
  ...(d.slug !== undefined ? { slug: d.slug } : {}),
  ...(d.description !== undefined ? { description: d.description || null } : {}),
  ...(d.conceptType !== undefined ? { concept_type: d.conceptType } : {}),
  ...(d.fields !== undefined ? { fields: JSON.stringify(d.fields) } : {}),
  ...(d.powerUps !== undefined ? { power_ups: JSON.stringify(d.powerUps) } : {}),
  ...(d.settings !== undefined ? { settings: JSON.stringify(d.settings) } : {}),
});

export function definitionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = () => ctx.store.kysely;
  const v = ctx.validator;
  const knownType = (type: string) => Object.hasOwn(ctx.registry.fields, type);
  const audit = (user: SignedInUser, action: string, subject: string) =>
    recordAudit(ctx, { accountId: user.account.accountId, logType: `entities.definition.${action}`.slice(0, 40), subject }).catch((error) => ctx.log(error));

  /** Checks the parts present, writes them and answers the stored definition (inside one transaction). */
  async function update(
    user: SignedInUser,
    id: string,
    action: string,
    patch: (current: EntityDefinition, db: Kysely<DB>) => Promise<Partial<EntityDefinition>> | Partial<EntityDefinition>,
  ) {
    const found = await requireDefinition(db(), id);
    need(user, 'update', found.id);
    const out = await ctx.store.transaction(async (tx) => {
      const tdb = tx.raw as unknown as Kysely<DB>;
      const current = await requireDefinition(tdb, found.id);
      const parts = await patch(current, tdb);
      await entitiesDb(tdb)
        .updateTable('entity_definitions')
        .set({ ...columns(parts), updated: Date.now() })
        .where('id', '=', current.id)
        .execute();
      const saved = await requireDefinition(tdb, current.id);
      // What is searchable and where the place is kept follow the fields: its entities' search rows and points too.
      if (parts.fields !== undefined || parts.settings !== undefined) await reindexEntities(ctx, tx.raw, saved);
      return saved;
    });
    await audit(user, action, out.id);
    return out;
  }

  app.get('/entityDefinitions', async (req) => {
    await requireUser(ctx, req);
    const rows = await entitiesDb(db()).selectFrom('entity_definitions').selectAll().orderBy('name').orderBy('id').limit(1000).execute();
    return rows.map(definitionFromRow);
  });

  app.get<{ Querystring: { q?: string; page?: string; limit?: string } }>('/entityDefinitions/search', async (req): Promise<EntityDefinitionSearchResponse> => {
    await requireUser(ctx, req);
    for (const [key, value] of Object.entries(req.query)) if (typeof value !== 'string') throw badRequest(`${key.slice(0, 40)} must be given once, as text`);
    const page = Number(req.query.page ?? 1);
    const limit = Number(req.query.limit ?? ENTITY_SEARCH_DEFAULT_LIMIT);
    if (!Number.isInteger(page) || page < 1 || page > 100_000) throw badRequest('page must be a whole number from 1');
    if (!Number.isInteger(limit) || limit < 1 || limit > ENTITY_SEARCH_MAX_LIMIT)
      throw badRequest(`limit must be a whole number from 1 to ${ENTITY_SEARCH_MAX_LIMIT}`);
    const q = (req.query.q ?? '').trim().toLowerCase().slice(0, 200);
    let query = entitiesDb(db()).selectFrom('entity_definitions');
    if (q) {
      const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) => eb.or([eb(eb.fn('lower', ['name']), 'like', like), eb(eb.fn('lower', ['slug']), 'like', like)]));
    }
    const total = Number((await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await query
      .selectAll()
      .orderBy('name')
      .orderBy('id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return { items: rows.map(definitionFromRow), total, page, limit };
  });

  app.post('/entityDefinitions/get', async (req) => {
    await requireUser(ctx, req);
    const ids = (req.body as { ids?: unknown } | undefined)?.ids;
    if (!Array.isArray(ids) || ids.length > ENTITY_GET_MAX || !ids.every((id) => typeof id === 'string' && id.length <= 64))
      throw badRequest(`ids must be a list of at most ${ENTITY_GET_MAX} definition ids`);
    if (!ids.length) return [];
    const rows = await entitiesDb(db())
      .selectFrom('entity_definitions')
      .selectAll()
      .where('id', 'in', [...new Set(ids as string[])])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, definitionFromRow(r)]));
    return (ids as string[]).flatMap((id) => byId.get(id) ?? []);
  });

  app.get<{ Params: { type: string } }>('/entityDefinitions/conceptTypes/:type', async (req) => {
    await requireUser(ctx, req);
    if (!(ENTITY_CONCEPT_TYPES as readonly string[]).includes(req.params.type))
      throw badRequest(`conceptType must be one of ${ENTITY_CONCEPT_TYPES.join(', ')}`);
    const rows = await entitiesDb(db())
      .selectFrom('entity_definitions')
      .selectAll()
      .where('concept_type', '=', req.params.type)
      .orderBy('name')
      .orderBy('id')
      .execute();
    return rows.map(definitionFromRow);
  });

  for (const path of ['/entityDefinitions/:id', '/entities/definition/:id'])
    app.get<{ Params: { id: string } }>(path, async (req) => {
      await requireUser(ctx, req);
      return requireDefinition(db(), req.params.id);
    });

  app.put('/entityDefinitions', async (req, reply) => {
    const user = await requireUser(ctx, req);
    need(user, 'create');
    let body: EntityDefinitionCreateRequest;
    let definition: EntityDefinition;
    try {
      body = v.body<EntityDefinitionCreateRequest>('entity-definition-create-request', req.body);
      const name = nameOrThrow(body.name);
      const fields = body.fields !== undefined ? checkFields(body.fields, knownType) : [];
      definition = {
        id: `def-${crypto.randomUUID()}`,
        name,
        slug: '',
        ...(body.description ? { description: String(body.description).slice(0, 2000) } : {}),
        conceptType: body.conceptType !== undefined ? checkConceptType(body.conceptType) : 'other',
        fields,
        powerUps: checkPowerUps(body.powerUps, 'powerUps'),
        settings: body.settings !== undefined ? checkSettings(body.settings, fields) : {},
      };
    } catch (error) {
      // Community §8: the refusal says that creating failed, and why.
      if (error instanceof HttpError) throw new HttpError(400, 'badRequest', `Error creating entity definition: ${error.message}`, error.code);
      throw error;
    }
    const created = await ctx.store.transaction(async (tx) => {
      const tdb = tx.raw as unknown as Kysely<DB>;
      let slug: string;
      try {
        slug = await freeDefinitionSlug(tdb, body.slug, definition.name);
      } catch (error) {
        if (error instanceof HttpError) throw new HttpError(error.statusCode, error.error, `Error creating entity definition: ${error.message}`, error.code);
        throw error;
      }
      const now = Date.now();
      await entitiesDb(tdb)
        .insertInto('entity_definitions')
        .values({
          id: definition.id,
          slug,
          name: definition.name,
          description: definition.description ?? null,
          concept_type: definition.conceptType,
          fields: '[]',
          power_ups: '[]',
          settings: '{}',
          ...columns({ ...definition, slug }),
          created: now,
          updated: now,
        })
        .execute();
      return requireDefinition(tdb, definition.id);
    });
    await audit(user, 'create', created.id);
    reply.status(201);
    return created;
  });

  app.post<{ Params: { id: string } }>('/entityDefinitions/:id', async (req) => {
    const user = await requireUser(ctx, req);
    const body = v.body<EntityDefinitionUpdateRequest>('entity-definition-update-request', req.body);
    return update(user, req.params.id, 'update', async (current, tdb) => {
      const parts: Partial<EntityDefinition> = {};
      if (body.name !== undefined) parts.name = nameOrThrow(body.name);
      if (body.description !== undefined) parts.description = String(body.description).slice(0, 2000);
      if (body.conceptType !== undefined) parts.conceptType = checkConceptType(body.conceptType);
      if (body.fields !== undefined) parts.fields = checkFields(body.fields, knownType);
      if (body.powerUps !== undefined) parts.powerUps = checkPowerUps(body.powerUps, 'powerUps');
      if (body.settings !== undefined) parts.settings = checkSettings(body.settings, parts.fields ?? current.fields);
      if (body.slug !== undefined && body.slug !== current.slug) parts.slug = await freeDefinitionSlug(tdb, body.slug, current.name, current.id);
      return parts;
    });
  });

  app.put<{ Params: { id: string } }>('/entityDefinitions/:id/field', async (req) => {
    const user = await requireUser(ctx, req);
    const field = checkField(req.body, knownType);
    return update(user, req.params.id, 'field', (current) => {
      const clash = current.fields.find((f) => f.key === field.key && f.id !== field.id);
      if (clash) throw conflict(`field key "${field.key}" is used by another field (“${clash.label || clash.id}”)`);
      const at = current.fields.findIndex((f) => f.id === field.id);
      if (at < 0 && current.fields.length >= ENTITY_DEFINITION_MAX_FIELDS) throw badRequest(`fields: at most ${ENTITY_DEFINITION_MAX_FIELDS}`);
      const fields = at < 0 ? [...current.fields, field] : current.fields.map((f, i) => (i === at ? field : f));
      return { fields };
    });
  });

  app.delete<{ Params: { id: string; fieldId: string } }>('/entityDefinitions/:id/field/:fieldId', async (req) => {
    const user = await requireUser(ctx, req);
    return update(user, req.params.id, 'fieldDelete', (current) => {
      if (!current.fields.some((f) => f.id === req.params.fieldId)) throw notFound(`field "${req.params.fieldId.slice(0, 64)}" is not on the definition`);
      return { fields: current.fields.filter((f) => f.id !== req.params.fieldId) };
    });
  });

  app.post<{ Params: { id: string } }>('/entityDefinitions/:id/powerUps', async (req) => {
    const user = await requireUser(ctx, req);
    const body = req.body as { add?: unknown; remove?: unknown } | undefined;
    const add = checkPowerUps(body?.add, 'add');
    const remove = checkPowerUps(body?.remove, 'remove');
    return update(user, req.params.id, 'powerUps', (current) => ({ powerUps: [...new Set([...current.powerUps, ...add])].filter((p) => !remove.includes(p)) }));
  });

  app.delete<{ Params: { id: string } }>('/entityDefinitions/:id', async (req, reply) => {
    const user = await requireUser(ctx, req);
    const found = await requireDefinition(db(), req.params.id);
    need(user, 'delete', found.id);
    await ctx.store.transaction(async (tx) => {
      const tdb = tx.raw as unknown as Kysely<DB>;
      const used = await entitiesDb(tdb).selectFrom('entities').select('id').where('definition_id', '=', found.id).executeTakeFirst();
      if (used) throw conflict(`entity definition “${found.name}” still has entities; delete them first`);
      await entitiesDb(tdb).deleteFrom('entity_definitions').where('id', '=', found.id).execute();
    });
    await audit(user, 'delete', found.id);
    reply.status(204);
  });
}
