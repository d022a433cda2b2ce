/**
 * Our thin wrapper over Leaflet (BSD-2-Clause; react-leaflet's licence is not an open-source
 * one): one map on an element, drawn over a built-in world outline (world-atlas, Natural Earth,
 * 1:110m) so it needs no tile server, with an optional raster tile layer from the app's settings,
 * member markers that are keyboard reachable (nearby ones grouped into a cluster button named by
 * its count, which zooms to its members), and the search radius as a circle.
 * Only the userMap block's chunk imports it: Leaflet and the outline never reach the member entry.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { feature } from 'topojson-client';
import countries from 'world-atlas/countries-110m.json';
import { clusterPoints } from './marker-clusters';

export interface MapMarker {
  id: string;
  lat: number;
  lng: number;
  /** Accessible name and popup title. */
  label: string;
  /** Shown in the popup as a link. */
  href?: string;
  /** Lines shown under the name in the popup, as text (entityMap: contact details). */
  details?: string[];
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
  /** Group markers that would overlap at the current zoom. */
  cluster: boolean;
  /** A cluster's accessible name ("12 members"). */
  clusterLabel(count: number): string;
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

  let current: MapMarker[] = [];
  let focusAfterDraw: string | undefined;

  function memberMarker(m: MapMarker): L.Marker {
    const marker = L.marker([m.lat, m.lng], {
      title: m.label,
      alt: m.label,
      keyboard: true,
      icon: L.divIcon({ className: 't-user-map__marker', iconSize: [18, 18], html: '' }),
    });
    marker.bindPopup(popupOf([m]));
    return marker;
  }

  function popupOf(list: MapMarker[]): HTMLElement {
    const popup = document.createElement(list.length > 1 ? 'ul' : 'div');
    if (list.length > 1) popup.className = 't-user-map__popup-list';
    for (const m of list) {
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
      const lines = (m.details ?? []).map((line) => {
        const p = document.createElement('p');
        p.className = 't-user-map__popup-detail';
        p.textContent = line;
        return p;
      });
      if (list.length > 1) {
        const item = document.createElement('li');
        item.append(link, ...lines);
        popup.append(item);
      } else popup.append(link, ...lines);
    }
    return popup;
  }

  /** A cluster: a button with its count that zooms to its members, or lists them when they cannot be told apart. */
  function clusterMarker(list: MapMarker[], at: L.LatLng): L.Marker {
    const label = options.clusterLabel(list.length);
    const marker = L.marker(at, {
      title: label,
      alt: label,
      keyboard: true,
      icon: L.divIcon({ className: 't-user-map__cluster', iconSize: [34, 34], html: `<span aria-hidden="true">${list.length}</span>` }),
    });
    const bounds = L.latLngBounds(list.map((m) => [m.lat, m.lng] as [number, number]));
    const expand = () => {
      const zoom = Math.min(map.getBoundsZoom(bounds, false, L.point(80, 80)), options.maxZoom);
      // Members at one spot (or still overlapping at the closest zoom) are listed instead.
      if (zoom <= map.getZoom()) return void marker.bindPopup(popupOf(list)).openPopup();
      // Focus follows into the expanded group, so a keyboard user goes on from there.
      focusAfterDraw = list[0].id;
      map.fitBounds(bounds, { padding: [40, 40], maxZoom: options.maxZoom });
    };
    marker.on('click', expand);
    // A button answers Enter and Space (Leaflet itself only opens popups on Enter).
    marker.on('keydown', (e: L.LeafletKeyboardEvent) => {
      if (e.originalEvent.key !== 'Enter' && e.originalEvent.key !== ' ') return;
      e.originalEvent.preventDefault();
      expand();
    });
    return marker;
  }

  function draw(): void {
    markers.clearLayers();
    const zoom = map.getZoom();
    const points = current.map((m) => {
      const p = map.project([m.lat, m.lng], zoom);
      return { item: m, x: p.x, y: p.y };
    });
    const groups = options.cluster ? clusterPoints(points) : points.map((p) => ({ items: [p.item], x: p.x, y: p.y }));
    for (const g of groups) {
      const marker = g.items.length === 1 ? memberMarker(g.items[0]) : clusterMarker(g.items, map.unproject([g.x, g.y], zoom));
      marker.addTo(markers);
      // Leaflet gives keyboard markers tabindex and role="button"; their name is the title.
      const element = marker.getElement();
      element?.setAttribute('aria-label', marker.options.title ?? '');
      if (focusAfterDraw && g.items.some((m) => m.id === focusAfterDraw)) {
        focusAfterDraw = undefined;
        element?.focus();
      }
    }
  }
  map.on('zoomend', draw);

  return {
    setMarkers(list) {
      current = list;
      draw();
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
