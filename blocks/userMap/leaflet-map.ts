/**
 * Our thin wrapper over Leaflet (BSD-2-Clause; react-leaflet's licence is not an open-source
 * one): one map on an element, drawn over a built-in world outline (world-atlas, Natural Earth,
 * 1:110m) so it needs no tile server, with an optional raster tile layer from the app's settings,
 * member markers that are keyboard reachable, and the search radius as a circle.
 * Only the userMap block's chunk imports it: Leaflet and the outline never reach the member entry.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { feature } from 'topojson-client';
import countries from 'world-atlas/countries-110m.json';

export interface MapMarker {
  id: string;
  lat: number;
  lng: number;
  /** Accessible name and popup title. */
  label: string;
  /** Shown in the popup as a link. */
  href?: string;
}

export interface MapOptions {
  center: { lat: number; lng: number };
  zoom: number;
  minZoom: number;
  maxZoom: number;
  tiles?: { url: string; attribution?: string };
  /** Text of the built-in outline's credit. */
  outlineAttribution: string;
  /** Called for a marker's link (in-app navigation). */
  onOpen(marker: MapMarker): void;
}

export interface MapHandle {
  setMarkers(markers: MapMarker[]): void;
  setRadius(center: { lat: number; lng: number }, radiusKm: number): void;
  destroy(): void;
}

let outline: GeoJSON.FeatureCollection | undefined;
function worldOutline(): GeoJSON.FeatureCollection {
  if (!outline) {
    const topology = countries as unknown as Parameters<typeof feature>[0];
    outline = feature(topology, topology.objects.countries as Parameters<typeof feature>[1]) as GeoJSON.FeatureCollection;
  }
  return outline;
}

export function createMap(element: HTMLElement, options: MapOptions): MapHandle {
  const map = L.map(element, {
    center: [options.center.lat, options.center.lng],
    zoom: options.zoom,
    minZoom: options.minZoom,
    maxZoom: options.maxZoom,
    worldCopyJump: true,
    attributionControl: true,
  });
  map.attributionControl.setPrefix(false);
  L.geoJSON(worldOutline(), {
    style: { className: 't-user-map__land', weight: 1 },
    interactive: false,
    attribution: options.outlineAttribution,
  }).addTo(map);
  if (options.tiles) L.tileLayer(options.tiles.url, { attribution: options.tiles.attribution ?? '' }).addTo(map);
  const markers = L.layerGroup().addTo(map);
  let circle: L.Circle | undefined;

  return {
    setMarkers(list) {
      markers.clearLayers();
      for (const m of list) {
        const marker = L.marker([m.lat, m.lng], {
          title: m.label,
          alt: m.label,
          keyboard: true,
          icon: L.divIcon({ className: 't-user-map__marker', iconSize: [18, 18], html: '' }),
        });
        const popup = document.createElement('div');
        const link = document.createElement('a');
        link.textContent = m.label;
        if (m.href) {
          link.href = m.href;
          link.addEventListener('click', (e) => {
            if (e.metaKey || e.ctrlKey || e.shiftKey) return;
            e.preventDefault();
            options.onOpen(m);
          });
        }
        popup.append(link);
        marker.bindPopup(popup);
        marker.addTo(markers);
        // Leaflet gives keyboard markers tabindex and role="button"; their name is the title.
        marker.getElement()?.setAttribute('aria-label', m.label);
      }
    },
    setRadius(center, radiusKm) {
      circle?.remove();
      circle = L.circle([center.lat, center.lng], { radius: radiusKm * 1000, className: 't-user-map__radius', interactive: false }).addTo(map);
    },
    destroy() {
      map.remove();
    },
  };
}
