/** What the radius maps (userMap, entityMap) share: the Leaflet map made once per block, and the radius form over it. */
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { MAP_LIMITS, useEngine } from '../../engine/block-api';
import { createMap, type MapHandle } from './leaflet-map';

/**
 * The block's map in `element`, made once when the block mounts and destroyed with it; a marker
 * opens its `/app` link in the app. Centre, zoom, tiles and texts are read when it is made.
 */
export function useRadiusMap(
  element: RefObject<HTMLDivElement | null>,
  options: { center: { lat: number; lng: number }; zoom: number; cluster: boolean; outlineAttribution: string; clusterLabel(n: number): string },
): RefObject<MapHandle | undefined> {
  const { services } = useEngine();
  const handle = useRef<MapHandle>(undefined);
  useEffect(() => {
    if (!element.current) return;
    const map = createMap(element.current, {
      center: options.center,
      zoom: options.zoom,
      minZoom: MAP_LIMITS.zoom.min,
      maxZoom: MAP_LIMITS.zoom.max,
      tiles: services.mapTiles,
      outlineAttribution: options.outlineAttribution,
      onOpen: (m) => m.href && services.navigate?.(m.href.replace(/^\/app/, '')),
      cluster: options.cluster,
      clusterLabel: options.clusterLabel,
    });
    handle.current = map;
    return () => {
      map.destroy();
      handle.current = undefined;
    };
    // The map is made once per block; centre, zoom and tiles are read when it is made.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return handle;
}

/** The radius in km as typed, applied on submit: a whole number within the map limits (anything else is ignored). */
export function RadiusForm({ initialKm, onRadius, label, apply }: { initialKm: number; onRadius(km: number): void; label: string; apply: string }) {
  const radiusId = useId();
  const [typedRadius, setTypedRadius] = useState(String(initialKm));
  return (
    <form
      className="t-user-map__radius-form"
      onSubmit={(e) => {
        e.preventDefault();
        const n = Math.round(Number(typedRadius));
        if (Number.isFinite(n)) onRadius(Math.min(MAP_LIMITS.radiusKm.max, Math.max(MAP_LIMITS.radiusKm.min, n)));
      }}
    >
      <label htmlFor={radiusId}>{label}</label>
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
        {apply}
      </button>
    </form>
  );
}
