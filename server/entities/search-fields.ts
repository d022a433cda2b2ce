/**
 * The entities' side of search management (server/search's admin calls and its searchReindex
 * process reach it through the manifest's exports): the `searchable` / `filterable` flags of
 * definition fields, changed here with the entities' search rows rewritten in the same
 * transaction, and the entities' search index rebuilt in keyset batches.
 */
import type { Kysely } from 'kysely';
import { searchChangeProblems, type FieldFlagsChange } from '../../engine/core/search-settings';
import type { EntityDefinition } from '../../schemas/model';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import type { DB } from '../storage/database';
import type { DocumentTx } from '../storage/documents';
import { allDefinitions } from './read';
import { definitionFromRow, entitiesDb, entityFromRow } from './records';
import { entitySearch, reindexEntities, searchText } from './writes';

/** A change of one definition field's flags. */
export interface EntityFieldFlagsChange extends FieldFlagsChange {
  definitionId: string;
}

/** Every definition with its fields' flags (absent flags are false, as the entities' search reads them). */
export async function entitySearchFields(ctx: AppContext): Promise<EntityDefinition[]> {
  return allDefinitions(ctx.store.kysely);
}

/**
 * Changes field flags of definitions: every change checked first (a 400 naming each unknown
 * definition or field and each flag its type cannot take, nothing written), then each definition
 * touched rewritten with its entities' search rows, in one transaction (the caller's, when given).
 */
export async function setEntityFieldSearchFlags(ctx: AppContext, changes: readonly EntityFieldFlagsChange[], inTx?: DocumentTx): Promise<void> {
  if (!changes.length) return;
  const run = async (tx: DocumentTx) => {
    const db = tx.raw as unknown as Kysely<DB>;
    const byDefinition = new Map<string, EntityFieldFlagsChange[]>();
    for (const c of changes) byDefinition.set(c.definitionId, [...(byDefinition.get(c.definitionId) ?? []), c]);
    const definitions = new Map<string, EntityDefinition>();
    const problems: string[] = [];
    for (const [definitionId, list] of byDefinition) {
      const row = await entitiesDb(db).selectFrom('entity_definitions').selectAll().where('id', '=', definitionId).executeTakeFirst();
      if (!row) {
        problems.push(`entityFields: definition "${definitionId.slice(0, 64)}" does not exist`);
        continue;
      }
      const definition = definitionFromRow(row);
      definitions.set(definitionId, definition);
      const types = new Map(definition.fields.map((f) => [f.key, f.type]));
      problems.push(...searchChangeProblems(list, types, `entityFields "${definitionId}"`));
    }
    if (problems.length) throw badRequest(problems.join('; '));
    for (const [definitionId, list] of byDefinition) {
      const definition = definitions.get(definitionId)!;
      const fields = definition.fields.map((f) => {
        const change = list.find((c) => c.key === f.key);
        if (!change) return f;
        return {
          ...f,
          ...(change.searchable !== undefined ? { searchable: change.searchable } : {}),
          ...(change.filterable !== undefined ? { filterable: change.filterable } : {}),
        };
      });
      await entitiesDb(db)
        .updateTable('entity_definitions')
        .set({ fields: JSON.stringify(fields), updated: Date.now() })
        .where('id', '=', definitionId)
        .execute();
      await reindexEntities(ctx, tx.raw, { ...definition, fields });
    }
  };
  if (inTx) await run(inTx);
  else await ctx.store.transaction(run);
}

/** Entries in the entities' search index. */
export async function countEntitySearchRows(ctx: AppContext): Promise<number> {
  const row = await (ctx.store.kysely as unknown as Kysely<{ entity_search: { item_id: string } }>)
    .selectFrom('entity_search')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** How many entities there are (a reindex's total). */
export async function countEntities(ctx: AppContext): Promise<number> {
  const row = await entitiesDb(ctx.store.kysely)
    .selectFrom('entities')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface EntitySearchBatch {
  last: string | undefined;
  indexed: number;
  /** Entities whose stored data could not be read: indexed by title and slug only. */
  unreadable: string[];
}

/** Rewrites the search rows of the next `limit` entities after `after` (id order), in one transaction; safe to repeat. */
export async function reindexEntitySearchBatch(ctx: AppContext, after: string, limit: number): Promise<EntitySearchBatch> {
  return ctx.store.transaction(async (tx) => {
    const db = tx.raw as unknown as Kysely<DB>;
    const rows = await entitiesDb(db).selectFrom('entities').selectAll().where('id', '>', after).orderBy('id').limit(limit).execute();
    const definitions = new Map((await allDefinitions(db)).map((d) => [d.id, d]));
    const index = entitySearch(ctx.engine);
    const unreadable: string[] = [];
    for (const row of rows) {
      const entity = entityFromRow(row);
      if (entity.unreadable?.includes('data')) unreadable.push(entity.id);
      // A definition gone: no field is searchable (fails closed), title and slug only.
      const definition = definitions.get(row.definition_id) ?? {
        id: row.definition_id,
        name: '',
        slug: '',
        conceptType: 'other' as const,
        fields: [],
        powerUps: [],
        settings: {},
      };
      await index.put(tx.raw, entity.id, searchText(entity, definition));
    }
    return { last: rows.length ? rows[rows.length - 1].id : undefined, indexed: rows.length, unreadable };
  });
}
