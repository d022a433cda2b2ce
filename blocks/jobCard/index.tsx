import { useEngine, type BlockProps } from '../../engine/block-api';
import { ENTITY_TEXT_KEYS, EntityCardFrame, descriptionOf, dataText, excerpt, placeOf, useShownEntity } from '../../engine/react/entities/parts';
import type { JobCardOptions } from '../options.generated';
import { ClosingDate } from '../jobOverview/closing-date';

export type { JobCardOptions };

/**
 * A job as a card: its picture, title (a link to its space), employer, place, salary and closing
 * date (the end of its durations), and the start of its description, with a favourite button when
 * it has the power-up. The job named by `entityId`, else the page's own entity.
 */
export default function JobCard({ options }: BlockProps<JobCardOptions>) {
  const { t } = useEngine();
  const entry = useShownEntity(options.entityId);
  return (
    <EntityCardFrame
      entry={entry}
      kind="job"
      layout={options.layout}
      ratio="1:1"
      loading={options.imageLoading}
      favourite={options.showFavouriteButton}
      share={false}
    >
      {(entity, definition) => {
        const employer = options.showEmployer !== false ? dataText(entity, ENTITY_TEXT_KEYS.employer) : undefined;
        const place = options.showLocation !== false ? placeOf(entity, definition) : undefined;
        const salary = options.showSalary !== false ? dataText(entity, ENTITY_TEXT_KEYS.salary) : undefined;
        const description = excerpt(descriptionOf(entity), options.descriptionLength ?? 200);
        return (
          <>
            {employer && <p className="t-entity-card__employer">{employer}</p>}
            {place && <p className="t-entity-card__place">{t('entityBlocks.jobPlace', { place })}</p>}
            {salary && <p className="t-entity-card__salary">{t('entityBlocks.jobSalary', { salary })}</p>}
            {options.showClosingDate !== false && <ClosingDate entity={entity} />}
            {description && <p className="t-entity-card__description">{description}</p>}
          </>
        );
      }}
    </EntityCardFrame>
  );
}
