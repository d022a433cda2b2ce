/**
 * The demo's data mapping ("Members spreadsheet": email, names, city and skills, matched on email,
 * new members added to the Makers list) and rule set ("Londoners"). Idempotent: fixed ids,
 * inserted only when missing.
 */
import type { DataMappingData } from '../../schemas/model/api/mappings';
import type { RuleQuery } from '../../schemas/model';
import type { AppContext } from '../context';
import { listsByIds } from '../lists';
import { mappingsDb } from './tables';

export const DEMO_MAPPING_ID = 'dm-members-spreadsheet';
export const DEMO_RULE_SET_ID = 'rs-londoners';

export async function seedMappings(ctx: AppContext): Promise<void> {
  const db = mappingsDb(ctx.store.kysely);
  const now = Date.now();
  const makers = (await listsByIds(ctx.store.kysely, ['makers'])).filter((l) => !l.dynamic && !l.system);
  const data: DataMappingData = {
    source: 'csv',
    match: { column: 'Email', profileField: 'email' },
    fields: [
      { column: 'Email', profileField: 'email', required: true },
      { column: 'First name', profileField: 'firstName', transform: 'trim', required: true },
      { column: 'Last name', profileField: 'lastName', transform: 'trim' },
      { column: 'City', profileField: 'city', transform: 'trim' },
      { column: 'Skills', profileField: 'skills', transform: 'trim' },
    ],
    ...(makers.length ? { lists: makers.map((l) => l.id) } : {}),
  };
  await db
    .insertInto('data_mappings')
    .values({
      id: DEMO_MAPPING_ID,
      title: 'Members spreadsheet',
      title_search: 'members spreadsheet',
      data: JSON.stringify(data),
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const query: RuleQuery = { logicalOperator: 'all', rules: [{ kind: 'field', subject: 'city', operator: 'equals', value: 'London' }] };
  await db
    .insertInto('rule_sets')
    .values({
      id: DEMO_RULE_SET_ID,
      title: 'Londoners',
      title_search: 'londoners',
      description: 'Members whose profile city is London.',
      query: JSON.stringify(query),
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
