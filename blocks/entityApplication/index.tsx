import { ConfigurationNeeded, useEngine, type BlockProps } from '../../engine';
import { NO_ENTITY } from '../../engine/data/applications';
import { ApplicationView } from '../application/application-view';
import type { EntityApplicationOptions } from '../options.generated';

export type { EntityApplicationOptions };

/**
 * The application for one of the page's target entity's membership types: the application block's
 * view (its FormRoot form, state and moves) for that entity, or none (`-`) on a page without one.
 */
export default function EntityApplication({ block, options }: BlockProps<EntityApplicationOptions>) {
  const { entity } = useEngine();
  if (!options.applicationId || !options.membershipTypeId) return <ConfigurationNeeded />;
  return <ApplicationView block={block} applicationId={options.applicationId} entityId={entity?.id ?? NO_ENTITY} options={options} />;
}
