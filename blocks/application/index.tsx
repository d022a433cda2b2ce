import { ConfigurationNeeded, type BlockProps } from '../../engine';
import { NO_ENTITY } from '../../engine/data/applications';
import type { ApplicationOptions } from '../options.generated';
import { ApplicationView } from './application-view';

export type { ApplicationOptions };

/** The member's application to a user list: its form (the form engine's), her request's state and her moves. */
export default function Application({ block, options }: BlockProps<ApplicationOptions>) {
  if (!options.applicationId) return <ConfigurationNeeded />;
  return <ApplicationView block={block} applicationId={options.applicationId} entityId={NO_ENTITY} options={options} />;
}
