import { lazy, Suspense } from 'react';
import { geoPointOf, useEngine, type BlockProps } from '../../engine/block-api';
import { useEntityDefinition } from '../../engine/data/entity-search';
import {
  AddToCalendar,
  ContactDetails,
  EntityActions,
  EntityDates,
  LabelledList,
  descriptionOf,
  placeOf,
  useFieldRows,
  usePageEntity,
} from '../../engine/react/entities/parts';
import type { EventOverviewOptions } from '../options.generated';

// Leaflet loads only when an overview shows its map.
const PointMap = lazy(() => import('../entityMap/point-map'));

export type { EventOverviewOptions };

/**
 * The page's event in full: dates and times in the event's time zone, "Add to calendar" (three
 * services, core §7.5), the place (with a small map when asked), the description, the chosen extra
 * fields, contact details, and favourite and share buttons when it has those power-ups.
 */
export default function EventOverview({ block, options }: BlockProps<EventOverviewOptions>) {
  const { t } = useEngine();
  const entity = usePageEntity();
  const definition = useEntityDefinition(entity?.definition);
  const rows = useFieldRows(entity, definition, options.fields ?? [], { everyWhenEmpty: false });
  if (!entity) return <p className="t-entity-state">{t('entityBlocks.noEntity')}</p>;
  const place = placeOf(entity, definition);
  const locationKey = definition?.settings?.locationField;
  const point = locationKey ? geoPointOf(entity.data?.[locationKey]) : undefined;
  const description = descriptionOf(entity);
  const headingId = `event-overview-${block.id}`;
  return (
    <section className="t-entity-overview t-event-overview" aria-labelledby={headingId}>
      <h2 id={headingId} className="t-entity-overview__title">
        {entity.title}
      </h2>
      {options.showDates !== false && <EntityDates entity={entity} label />}
      {options.showAddToCalendar !== false && <AddToCalendar entity={entity} place={place} />}
      {options.showLocation !== false && place && (
        <p className="t-entity-overview__place">
          <span className="t-entity-dates__label">{t('entityBlocks.where')} </span>
          {place}
        </p>
      )}
      {options.showLocation !== false && options.showMap && point && (
        <Suspense fallback={null}>
          <PointMap point={point} label={entity.title} />
        </Suspense>
      )}
      {description && <p className="t-entity-overview__description">{description}</p>}
      <LabelledList rows={rows} />
      {options.showContact !== false && <ContactDetails entity={entity} />}
      <EntityActions entity={entity} favourite={options.showFavouriteButton} share={options.showShareButton} />
    </section>
  );
}
