import { type BlockProps } from '../../engine/block-api';
import { EntityCardFrame, descriptionOf, EntityDates, excerpt, mediaRatio, placeOf, useShownEntity } from '../../engine/react/entities/parts';
import type { EventCardOptions } from '../options.generated';

export type { EventCardOptions };

/**
 * An event as a card: its picture, title (a link to its space), dates in the event's time zone,
 * place and the start of its description, with favourite and share buttons when it has those
 * power-ups. The event named by `entityId`, else the page's own entity.
 */
export default function EventCard({ options }: BlockProps<EventCardOptions>) {
  const entry = useShownEntity(options.entityId);
  return (
    <EntityCardFrame
      entry={entry}
      kind="event"
      layout={options.layout}
      ratio={mediaRatio(options.thumbnailRatio)}
      loading={options.imageLoading}
      favourite={options.showFavouriteButton}
      share={options.showShareButton}
    >
      {(entity, definition) => {
        const place = options.showLocation !== false ? placeOf(entity, definition) : undefined;
        const description = excerpt(descriptionOf(entity), options.descriptionLength ?? 200);
        return (
          <>
            {options.showDates !== false && <EntityDates entity={entity} />}
            {place && <p className="t-entity-card__place">{place}</p>}
            {description && <p className="t-entity-card__description">{description}</p>}
          </>
        );
      }}
    </EntityCardFrame>
  );
}
