/** One place on the members' map (eventOverview's `showMap`): Leaflet loads with this chunk only. */
import { useEffect, useRef } from 'react';
import { MAP_LIMITS, useEngine } from '../../engine/block-api';
import { createMap } from '../userMap/leaflet-map';

const POINT_ZOOM = 12;

export default function PointMap({ point, label }: { point: { lat: number; lng: number }; label: string }) {
  const { t, services } = useEngine();
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return;
    const map = createMap(element.current, {
      center: point,
      zoom: POINT_ZOOM,
      minZoom: MAP_LIMITS.zoom.min,
      maxZoom: MAP_LIMITS.zoom.max,
      tiles: services.mapTiles,
      outlineAttribution: t('entityBlocks.mapOutline'),
      onOpen: () => undefined,
      cluster: false,
      clusterLabel: (n) => t('entityBlocks.clusterEntities', { n }),
    });
    map.setMarkers([{ id: 'place', ...point, label }]);
    return () => map.destroy();
    // Made again only for another place; tiles and texts are read when it is made.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [point.lat, point.lng, label]);
  return (
    <div className="t-user-map t-entity-point-map">
      <div ref={element} className="t-user-map__map" style={{ height: 240 }} role="region" aria-label={t('entityBlocks.placeMap', { place: label })} />
    </div>
  );
}
