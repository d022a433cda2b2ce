import { useEffect, useRef, useState } from 'react';
import { geoPointOf, useEngine, useResourceEntries, type BlockProps } from '../../engine/block-api';
import { ENTITY_SEARCH_MAX_LIMIT } from '../../engine/core/entities';
import { useEntitiesSlice } from '../../engine/data/entities';
import { useEntityDefinition, useEntityDefinitions, useEntitySearch } from '../../engine/data/entity-search';
import { EntitySummaryCard, contactOf, entitySpacePath, hasPowerUp, usePageEntity } from '../../engine/react/entities/parts';
import type { Entity } from '../../schemas/model';
import type { EntitySummary } from '../../schemas/model/api/entities';
import { RadiusForm, useRadiusMap } from '../userMap/radius-map';
import type { EntityMapOptions } from '../options.generated';

export type { EntityMapOptions };

/** The contact lines of a marker's popup. */
const contactLines = (entity: Entity | undefined): string[] => {
  const c = entity ? contactOf(entity) : undefined;
  return c ? [c.name, c.email, c.phone, c.website].filter((v): v is string => typeof v === 'string' && !!v.trim()) : [];
};

/**
 * Entities by their place (the definition's locationField, a geoLocation value) on the members'
 * map (userMap's Leaflet wrapper: the built-in outline, the app's tiles, keyboard markers and
 * clusters). With definitions chosen, their entities within the radius of the centre (`GET
 * entities?near=`, the radius search runs in the database); without, the page's own entity (on a
 * page without one, every entity with a place in the radius). A
 * marker's popup links to the entity's space, with its contact details when it has them; the same
 * entities are listed below the map, so the map is not the only way to reach them.
 */
export default function EntityMap({ block, options }: BlockProps<EntityMapOptions>) {
  const { t } = useEngine();
  const entity = usePageEntity();
  const element = useRef<HTMLDivElement>(null);
  const [radiusKm, setRadiusKm] = useState(options.radiusKm);
  const definitionIds = options.definitionIds ?? [];
  // No definitions chosen: the page's entity on its page, every entity with a place elsewhere.
  const byDefinitions = definitionIds.length > 0 || !entity;
  const ownDefinition = useEntityDefinition(byDefinitions ? undefined : entity?.definition);
  const definitions = useEntityDefinitions(definitionIds, 'none');
  const ownPoint = entity ? geoPointOf(entity.data?.[ownDefinition?.settings?.locationField ?? options.locationField ?? 'location']) : undefined;
  const center = byDefinitions || !ownPoint ? options.center : ownPoint;
  const search = useEntitySearch(
    byDefinitions ? { definitionIds, near: { lat: options.center.lat, lng: options.center.lng, radiusKm }, limit: ENTITY_SEARCH_MAX_LIMIT } : undefined,
  );
  const found: EntitySummary[] = byDefinitions
    ? search.state === 'ready'
      ? search.result.items
      : search.state === 'loading'
        ? (search.last?.items ?? [])
        : []
    : entity && ownPoint
      ? [
          {
            id: entity.id,
            slug: entity.slug,
            title: entity.title,
            definition: entity.definition ?? '',
            powerUps: entity.powerUps ?? [],
            data: {},
            favouriteCount: 0,
            geo: ownPoint,
          },
        ]
      : [];
  const located = found.filter((s) => s.geo && geoPointOf(s.geo));
  // Contact details are in the entity, not the summary: those with the power-up are read by id.
  const withContact = options.showContact !== false ? located.filter((s) => hasPowerUp(s, 'contact') && s.id !== entity?.id).map((s) => s.id) : [];
  const contacts = useResourceEntries(useEntitiesSlice().items, withContact);
  const contactOfId = new Map<string, Entity>(contacts.flatMap((e) => (e?.state === 'ready' ? [[e.value.id, e.value] as const] : [])));
  if (entity && options.showContact !== false) contactOfId.set(entity.id, entity);

  const handle = useRadiusMap(element, {
    center,
    zoom: options.zoom,
    cluster: options.clusterMarkers !== false,
    outlineAttribution: t('entityBlocks.mapOutline'),
    clusterLabel: (n) => t('entityBlocks.clusterEntities', { n }),
  });
  useEffect(() => {
    if (byDefinitions) handle.current?.setRadius(options.center, radiusKm);
  }, [handle, byDefinitions, options.center, radiusKm]);
  const markerKey = located.map((s) => `${s.id}@${s.geo?.lat},${s.geo?.lng}:${contactLines(contactOfId.get(s.id)).join(',')}`).join('|');
  useEffect(() => {
    handle.current?.setMarkers(
      located.map((s) => ({
        id: s.id,
        lat: s.geo!.lat,
        lng: s.geo!.lng,
        label: s.title,
        href: `/app${entitySpacePath(s)}`,
        details: [s.geo?.label, ...contactLines(contactOfId.get(s.id))].filter((v): v is string => !!v),
      })),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [markerKey]);

  const names = new Map(definitions.map((d) => [d.id, d.name]));
  const headingId = `entity-map-${block.id}`;
  return (
    <section className="t-user-map t-entity-map" aria-labelledby={headingId}>
      <h2 id={headingId} className="ts-visually-hidden">
        {t('entityBlocks.mapTitle')}
      </h2>
      {byDefinitions && options.showRadiusFilter !== false && (
        <RadiusForm initialKm={options.radiusKm} onRadius={setRadiusKm} label={t('entityBlocks.mapRadius')} apply={t('entityBlocks.mapApply')} />
      )}
      <div ref={element} className="t-user-map__map" style={{ height: options.height }} role="region" aria-label={t('entityBlocks.mapTitle')} />
      <p className="t-user-map__count" role="status">
        {!byDefinitions
          ? located.length
            ? ''
            : t('entityBlocks.mapNoPlace')
          : search.state === 'error'
            ? t('entityBlocks.searchFailed')
            : search.state === 'ready'
              ? t('entityBlocks.mapCount', { n: located.length, km: radiusKm })
              : t('entityBlocks.searching')}
      </p>
      {byDefinitions && (
        <ul className="t-entity-map__list" aria-label={t('entityBlocks.mapList')}>
          {located.map((s) => (
            <li key={s.id}>
              <EntitySummaryCard summary={s} definitionName={names.get(s.definition)} ratio="16:9" loading="lazy" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
