/**
 * Search management's reads and writes (issue 34 part 6), shared by its calls (./admin-routes.ts)
 * and its processes (./processes.ts): the settings with the fields they apply to, the index's
 * state, and a change checked whole before anything is written.
 */
import { registryFor } from '../permissions';
import { applySearchChange, entitySearchField, isIndexStale, profileSearchFields, searchChangeProblems } from '../../engine/core/search-settings';
import type { Field } from '../../schemas/model';
import type { SearchManagementRequest, SearchManagementResponse } from '../../schemas/model/api/search-management';
import type { AppContext } from '../context';
import { countEntitySearchRows, entitySearchFields, setEntityFieldSearchFlags } from '../entities';
import { badRequest } from '../errors';
import { createMemberIndex, type MemberIndex } from './member-index';
import { memberSearchSettings, putMemberSearchSettings } from './search-settings';

const indexes = new Map<'sqlite' | 'postgres', MemberIndex>();
export function memberIndexOf(ctx: AppContext): MemberIndex {
  let index = indexes.get(ctx.engine);
  if (!index) indexes.set(ctx.engine, (index = createMemberIndex(ctx.engine)));
  return index;
}

/** A field type that holds a value (not a heading, a paragraph or a container of other fields). */
const holdsValue = (ctx: AppContext) => (type: string) => {
  const entry = registryFor(ctx.registry).fieldType(type);
  return !!entry && !entry.displayOnly && !entry.children;
};

/** The profile fields' keys and types, for checking a change. */
async function profileFieldTypes(ctx: AppContext): Promise<Map<string, string>> {
  const fields = profileSearchFields(
    (await ctx.store.list<Field>('field')).map((d) => d.data),
    holdsValue(ctx),
    await memberSearchSettings(ctx.store),
  );
  return new Map(fields.map((f) => [f.key, f.type]));
}

export async function searchManagementState(ctx: AppContext, canUpdate: boolean): Promise<SearchManagementResponse> {
  const settings = await memberSearchSettings(ctx.store);
  const [fields, definitions, documentsIndexed, entitiesIndexed] = await Promise.all([
    ctx.store.list<Field>('field'),
    entitySearchFields(ctx),
    memberIndexOf(ctx).count(ctx.store.kysely),
    countEntitySearchRows(ctx),
  ]);
  return {
    profileFields: profileSearchFields(
      fields.map((d) => d.data),
      holdsValue(ctx),
      settings,
    ),
    entityDefinitions: definitions.map((d) => ({ id: d.id, name: d.name, fields: d.fields.map(entitySearchField) })),
    index: {
      documentsIndexed,
      entitiesIndexed,
      ...(settings.lastReindex ? { lastReindexAt: settings.lastReindex.at } : {}),
      stale: isIndexStale(settings),
    },
    canUpdate,
  };
}

/**
 * Applies a change: profile flags to the settings document (the index goes stale when a field's
 * words come or go; filterable applies to the next search), entity flags to their definitions
 * through the entities domain (which rewrites their search rows at once). Every part is checked
 * before either is written: a 400 names each problem.
 */
export async function changeSearchSettings(ctx: AppContext, change: SearchManagementRequest): Promise<void> {
  const profile = change.profileFields ?? [];
  const entity = change.entityFields ?? [];
  if (!profile.length && !entity.length) throw badRequest('say what to change: profileFields or entityFields');
  const problems = searchChangeProblems(profile, await profileFieldTypes(ctx));
  if (problems.length) throw badRequest(problems.join('; '));
  // One transaction: the entity part is checked whole inside it (a 400 there rolls back), the profile part was checked above.
  await ctx.store.transaction(async (tx) => {
    await setEntityFieldSearchFlags(ctx, entity, tx);
    if (profile.length) await putMemberSearchSettings(tx, applySearchChange(await memberSearchSettings(tx), profile));
  });
}
