/**
 * Block availability (spec core 4.9): a block type's required power-ups must all be on the
 * entity. No entity at all is "missing data" (nothing to read them from); an entity whose
 * definition lacks some is "missing definition".
 */
import type { Entity, PowerUp } from '../../../schemas/model';

export type AvailabilityDecision = { available: true } | { available: false; reason: 'missingDefinition' | 'missingData'; missing: PowerUp[] };

export function decideBlockAvailability(required: readonly PowerUp[] | undefined, entity: Entity | undefined): AvailabilityDecision {
  if (!required?.length) return { available: true };
  if (!entity) return { available: false, reason: 'missingData', missing: [...required] };
  const on = new Set(Array.isArray(entity.powerUps) ? entity.powerUps : []);
  const missing = required.filter((p) => !on.has(p));
  return missing.length ? { available: false, reason: 'missingDefinition', missing } : { available: true };
}
