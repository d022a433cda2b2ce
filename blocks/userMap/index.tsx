import { useEffect, useId, useRef, useState } from 'react';
import { MAP_LIMITS, MemberCard, profileDisplayName, geoPointOf, useEngine, useMemberSearch, useProfiles, type BlockProps } from '../../engine/block-api';
import type { UserMapOptions } from '../options.generated';
import { createMap, type MapHandle } from './leaflet-map';

export type { UserMapOptions };

/** Members shown at once: the search's largest page. */
const MAP_MEMBER_LIMIT = 100;

/**
 * Members by the public location in their profile (a geoLocation field), within a radius of the
 * map's centre: the radius search runs in the database (POST profile/search `near`). The map is
 * drawn by Leaflet over a built-in world outline, with the app's tile server when one is set; the
 * same members are listed below it, so the map is not the only way to reach them. With
 * `clusterMarkers` (the default), markers that would overlap are one button named by its count,
 * which zooms in to them.
 */
export default function UserMap({ block, options }: BlockProps<UserMapOptions>) {
  const { t, services } = useEngine();
  const element = useRef<HTMLDivElement>(null);
  const handle = useRef<MapHandle>(undefined);
  const radiusId = useId();
  const [radiusKm, setRadiusKm] = useState(options.radiusKm);
  const [typedRadius, setTypedRadius] = useState(String(options.radiusKm));
  const center = options.center;
  const listIds = options.userListIds?.length ? options.userListIds : undefined;
  const search = useMemberSearch({ near: { lat: center.lat, lng: center.lng, radiusKm }, listIds, limit: MAP_MEMBER_LIMIT });
  const ids = search.state === 'ready' ? search.result.accountIds : search.state === 'loading' ? (search.last?.accountIds ?? []) : [];
  const profiles = useProfiles(ids);
  const located = profiles.flatMap((p) => {
    const point = geoPointOf(p.data?.profile?.[options.locationField ?? 'location']);
    return point ? [{ profile: p, point }] : [];
  });

  useEffect(() => {
    if (!element.current) return;
    const map = createMap(element.current, {
      center,
      zoom: options.zoom,
      minZoom: MAP_LIMITS.zoom.min,
      maxZoom: MAP_LIMITS.zoom.max,
      tiles: services.mapTiles,
      outlineAttribution: t('profiles.mapOutline'),
      onOpen: (m) => m.href && services.navigate?.(m.href.replace(/^\/app/, '')),
      cluster: options.clusterMarkers !== false,
      clusterLabel: (n) => t('userSearch.clusterMembers', { n }),
    });
    handle.current = map;
    return () => {
      map.destroy();
      handle.current = undefined;
    };
    // The map is made once per block; centre, zoom and tiles are read when it is made.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => handle.current?.setRadius(center, radiusKm), [center, radiusKm]);
  const markerKey = located.map((l) => `${l.profile.accountId}@${l.point.lat},${l.point.lng}`).join('|');
  useEffect(() => {
    handle.current?.setMarkers(
      located.map(({ profile, point }) => {
        const path = services.profileHref?.(profile.accountId);
        return { id: profile.accountId, ...point, label: profileDisplayName(profile, options.nameFormat), href: path ? `/app${path}` : undefined };
      }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [markerKey, options.nameFormat]);

  const headingId = `user-map-${block.id}`;
  return (
    <section className="t-user-map" aria-labelledby={headingId}>
      <h2 id={headingId} className="ts-visually-hidden">
        {t('profiles.mapTitle')}
      </h2>
      {options.showRadiusFilter !== false && (
        <form
          className="t-user-map__radius-form"
          onSubmit={(e) => {
            e.preventDefault();
            const n = Math.round(Number(typedRadius));
            if (Number.isFinite(n)) setRadiusKm(Math.min(MAP_LIMITS.radiusKm.max, Math.max(MAP_LIMITS.radiusKm.min, n)));
          }}
        >
          <label htmlFor={radiusId}>{t('profiles.mapRadius')}</label>
          <input
            id={radiusId}
            className="t-input"
            type="number"
            inputMode="numeric"
            min={MAP_LIMITS.radiusKm.min}
            max={MAP_LIMITS.radiusKm.max}
            value={typedRadius}
            onChange={(e) => setTypedRadius(e.target.value)}
          />
          <button type="submit" className="t-button">
            {t('profiles.mapApply')}
          </button>
        </form>
      )}
      <div ref={element} className="t-user-map__map" style={{ height: options.height }} role="region" aria-label={t('profiles.mapTitle')} />
      <p className="t-user-map__count" role="status">
        {search.state === 'error'
          ? t('userSearch.failed')
          : search.state === 'ready'
            ? t('profiles.mapCount', { n: located.length, km: radiusKm })
            : t('userSearch.searching')}
      </p>
      <ul className="t-user-map__members" aria-label={t('profiles.mapMembers')}>
        {located.map(({ profile }) => (
          <li key={profile.accountId}>
            <MemberCard profile={profile} nameFormat={options.nameFormat} size="small" />
          </li>
        ))}
      </ul>
    </section>
  );
}
