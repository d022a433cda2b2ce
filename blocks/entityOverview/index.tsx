import { useEngine, type BlockProps } from '../../engine/block-api';
import { useEntityDefinitionEntry } from '../../engine/data/entity-search';
import { ContactDetails, EntityDates, LabelledList, useFieldRows, usePageEntity } from '../../engine/react/entities/parts';
import type { EntityOverviewOptions } from '../options.generated';

export type { EntityOverviewOptions };

/**
 * The page's entity as labelled fields, per its definition (the chosen keys in order, or every
 * field but the cover image), then its dates (durations) and contact details when it has them.
 */
export default function EntityOverview({ block, options }: BlockProps<EntityOverviewOptions>) {
  const { t } = useEngine();
  const entity = usePageEntity();
  const entry = useEntityDefinitionEntry(entity?.definition);
  const definition = entry?.state === 'ready' ? entry.value : undefined;
  const rows = useFieldRows(entity, definition, options.fields ?? [], { showEmpty: options.showEmptyFields });
  if (!entity) return <p className="t-entity-state">{t('entityBlocks.noEntity')}</p>;
  const headingId = `entity-overview-${block.id}`;
  const titled = options.showTitle !== false;
  return (
    <section className="t-entity-overview" aria-labelledby={titled ? headingId : undefined} aria-label={titled ? undefined : entity.title}>
      {titled && (
        <h2 id={headingId} className="t-entity-overview__title">
          {entity.title}
        </h2>
      )}
      {options.showDates !== false && <EntityDates entity={entity} label />}
      {entry?.state === 'loading' ? (
        <p role="status" className="t-entity-state">
          {t('entityBlocks.loading')}
        </p>
      ) : (
        <LabelledList rows={rows} layout={options.layout} />
      )}
      {options.showContact !== false && <ContactDetails entity={entity} />}
    </section>
  );
}
