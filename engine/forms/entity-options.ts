/**
 * Choices of the fields that read entities (core §3 power-ups): `membershipTags` offers the tags of
 * the page's entity's membership types, `dataSchemaSelector` the data schemas the server lists.
 */
import type { DataSchema, Entity, FieldOption } from '../../schemas/model';

/** Tags kept per field: a membership power-up holds at most ENTITY_MEMBERSHIP_TYPES_MAX types of a few tags each. */
const TAGS_MAX = 500;

/** The distinct tags of the entity's membership types, in their order (a corrupt entry is skipped). */
export function membershipTagOptions(entity: Entity | undefined): FieldOption[] {
  const types = entity?.powerUps?.includes('membership') ? entity.powerUpData?.membership?.membershipType : undefined;
  const tags = new Set<string>();
  for (const type of Array.isArray(types) ? types : []) {
    const values = type && typeof type === 'object' ? type.tags?.value : undefined;
    for (const tag of Array.isArray(values) ? values : []) if (typeof tag === 'string' && tag.trim() && tags.size < TAGS_MAX) tags.add(tag);
  }
  return [...tags].map((tag) => ({ value: tag, label: tag }));
}

/** One option per data schema: its label (else key), with its source when schemas of several sources are offered. */
export function dataSchemaOptions(schemas: readonly DataSchema[]): FieldOption[] {
  const several = new Set(schemas.map((s) => s.source)).size > 1;
  return schemas.map((s) => ({ value: s.id, label: several ? `${s.label || s.key} (${s.source})` : s.label || s.key }));
}

const SOURCES = ['entityProperty', 'entity', 'profile', 'user', 'form'];
/** The source a dataSchemaSelector field narrows to (its `opts.source`), when a known one. */
export const dataSchemaSourceOf = (opts: unknown): string | undefined => {
  const source = opts && typeof opts === 'object' ? (opts as { source?: unknown }).source : undefined;
  return typeof source === 'string' && SOURCES.includes(source) ? source : undefined;
};
