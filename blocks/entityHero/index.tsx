import { useEngine, useIsPageTitle, type BlockProps } from '../../engine/block-api';
import { useEntityDefinition } from '../../engine/data/entity-search';
import { EntityActions, EntityImage, imageIdOf, usePageEntity } from '../../engine/react/entities/parts';
import type { EntityHeroOptions } from '../options.generated';

export type { EntityHeroOptions };

/**
 * The top of an entity's page: the cover image of the definition's imageField (the media service,
 * cropped to the cover's width), the title (the page's heading when the block is the page title),
 * a subtitle field, and favourite (with the live count) and share buttons when the entity has
 * those power-ups. Shows the page's target entity, kept live by the space.
 */
export default function EntityHero({ block, options }: BlockProps<EntityHeroOptions>) {
  const { t } = useEngine();
  const entity = usePageEntity();
  const definition = useEntityDefinition(entity?.definition);
  const Heading = useIsPageTitle() ? 'h1' : 'h2';
  if (!entity) return <p className="t-entity-state">{t('entityBlocks.noEntity')}</p>;
  const subtitleValue = options.subtitleField ? entity.data?.[options.subtitleField] : undefined;
  const subtitle = typeof subtitleValue === 'string' || typeof subtitleValue === 'number' ? String(subtitleValue) : undefined;
  const headingId = `entity-hero-${block.id}`;
  const imageId = imageIdOf(entity, definition);
  return (
    <section className={`t-entity-hero${options.overlay !== false && imageId ? ' t-entity-hero--overlay' : ''}`} aria-labelledby={headingId}>
      <div className="t-entity-hero__cover" style={{ height: options.coverHeight }}>
        <EntityImage imageId={imageId} width={1920} loading={options.imageLoading} className="t-entity-hero__image" />
        {options.showTitle !== false && (
          <div className="t-entity-hero__text">
            <Heading id={headingId} className="t-entity-hero__title">
              {entity.title}
            </Heading>
            {subtitle && <p className="t-entity-hero__subtitle">{subtitle}</p>}
          </div>
        )}
      </div>
      {options.showTitle === false && (
        <Heading id={headingId} className="ts-visually-hidden">
          {entity.title}
        </Heading>
      )}
      <EntityActions entity={entity} favourite={options.showFavouriteButton} share={options.showShareButton} />
    </section>
  );
}
