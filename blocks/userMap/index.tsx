import { useEffect, useRef, useState } from 'react';
import { MemberCard, profileDisplayName, geoPointOf, useEngine, useMemberSearch, useProfiles, type BlockProps } from '../../engine/block-api';
import type { UserMapOptions } from '../options.generated';
import { RadiusForm, useRadiusMap } from './radius-map';

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
  const [radiusKm, setRadiusKm] = useState(options.radiusKm);
  const center = options.center;
  const listIds = options.userListIds?.length ? options.userListIds : undefined;
  const search = useMemberSearch({ near: { lat: center.lat, lng: center.lng, radiusKm }, listIds, limit: MAP_MEMBER_LIMIT });
  const ids = search.state === 'ready' ? search.result.accountIds : search.state === 'loading' ? (search.last?.accountIds ?? []) : [];
  const profiles = useProfiles(ids);
  const located = profiles.flatMap((p) => {
    const point = geoPointOf(p.data?.profile?.[options.locationField ?? 'location']);
    return point ? [{ profile: p, point }] : [];
  });

  const handle = useRadiusMap(element, {
    center,
    zoom: options.zoom,
    cluster: options.clusterMarkers !== false,
    outlineAttribution: t('profiles.mapOutline'),
    clusterLabel: (n) => t('userSearch.clusterMembers', { n }),
  });
  useEffect(() => handle.current?.setRadius(center, radiusKm), [handle, center, radiusKm]);
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
        <RadiusForm initialKm={options.radiusKm} onRadius={setRadiusKm} label={t('profiles.mapRadius')} apply={t('profiles.mapApply')} />
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
