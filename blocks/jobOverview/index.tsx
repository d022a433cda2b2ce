import { useEngine, type BlockProps } from '../../engine/block-api';
import { checkExternalUrl } from '../../engine/core/url-check';
import { useEntityDefinition } from '../../engine/data/entity-search';
import {
  ContactDetails,
  ENTITY_TEXT_KEYS,
  EntityActions,
  LabelledList,
  dataText,
  descriptionOf,
  placeOf,
  useFieldRows,
  usePageEntity,
} from '../../engine/react/entities/parts';
import type { JobOverviewOptions } from '../options.generated';
import { ClosingDate } from './closing-date';

export type { JobOverviewOptions };

/**
 * The page's job in full: employer, place, salary, closing date, description, the chosen extra
 * fields, contact details and the apply button, a link to the address in `applyUrlField` (http or
 * https only: anything else shows no button, and admins are told why).
 */
export default function JobOverview({ block, options }: BlockProps<JobOverviewOptions>) {
  const { t, isAdmin } = useEngine();
  const entity = usePageEntity();
  const definition = useEntityDefinition(entity?.definition);
  const rows = useFieldRows(entity, definition, options.fields ?? [], { everyWhenEmpty: false });
  if (!entity) return <p className="t-entity-state">{t('entityBlocks.noEntity')}</p>;
  const employer = dataText(entity, ENTITY_TEXT_KEYS.employer);
  const place = placeOf(entity, definition);
  const salary = dataText(entity, ENTITY_TEXT_KEYS.salary);
  const description = descriptionOf(entity);
  const applyValue = entity.data?.[options.applyUrlField || 'applyUrl'];
  const apply = checkExternalUrl(applyValue);
  const facts: [string, string][] = [];
  if (employer) facts.push([t('entityBlocks.employer'), employer]);
  if (place) facts.push([t('entityBlocks.place'), place]);
  if (salary) facts.push([t('entityBlocks.salary'), salary]);
  const headingId = `job-overview-${block.id}`;
  return (
    <section className="t-entity-overview t-job-overview" aria-labelledby={headingId}>
      <h2 id={headingId} className="t-entity-overview__title">
        {entity.title}
      </h2>
      <LabelledList rows={facts} />
      {options.showClosingDate !== false && <ClosingDate entity={entity} />}
      {description && <p className="t-entity-overview__description">{description}</p>}
      <LabelledList rows={rows} />
      {options.showContact !== false && <ContactDetails entity={entity} />}
      {options.showApplyButton !== false &&
        (apply.ok ? (
          <a className="t-button t-button--primary t-job-overview__apply" href={apply.url.toString()} target="_blank" rel="noopener noreferrer">
            {options.applyLabel || t('entityBlocks.applyForJob')}
          </a>
        ) : (
          isAdmin && applyValue !== undefined && <p className="t-entity-state">{t('entityBlocks.applyUrlInvalid', { problem: apply.problem })}</p>
        ))}
      <EntityActions entity={entity} favourite={options.showFavouriteButton} share={options.showShareButton} />
    </section>
  );
}
