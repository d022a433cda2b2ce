/**
 * userMap's marker clusters: the pure grouping, and our Leaflet wrapper in the DOM. Markers that
 * would overlap at the zoom are one keyboard-reachable button named by its count; activating it
 * zooms in to its members and moves focus there; members at one spot are listed in a popup.
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clusterPoints } from '../../../blocks/userMap/marker-clusters';
import { createMap, type MapHandle, type MapMarker } from '../../../blocks/userMap/leaflet-map';

describe('clusterPoints', () => {
  it('groups points within the radius of a seed, keeps far ones apart, and is deterministic', () => {
    const points = [
      { item: 'a', x: 0, y: 0 },
      { item: 'b', x: 30, y: 0 },
      { item: 'c', x: 100, y: 100 },
      { item: 'd', x: 0, y: 39 },
    ];
    const clusters = clusterPoints(points, 40);
    expect(clusters.map((c) => c.items)).toEqual([['a', 'b', 'd'], ['c']]);
    expect(clusters[0]).toMatchObject({ x: 10, y: 13 });
    expect(clusterPoints(points, 40)).toEqual(clusters);
    expect(clusterPoints(points, 5).map((c) => c.items)).toEqual([['a'], ['b'], ['c'], ['d']]);
  });
});

const london: MapMarker[] = [
  { id: 'maya', lat: 51.5, lng: -0.12, label: 'Maya Maker', href: '/app/people/profile/maya' },
  { id: 'amara', lat: 51.52, lng: -0.1, label: 'Amara Okafor', href: '/app/people/profile/amara' },
  { id: 'kemi', lat: 51.47, lng: -0.2, label: 'Kemi Adeyemi', href: '/app/people/profile/kemi' },
];
const paris: MapMarker = { id: 'victor', lat: 48.86, lng: 2.35, label: 'Victor Volunteer', href: '/app/people/profile/victor' };

describe('the user map wrapper', () => {
  let map: MapHandle | undefined;
  afterEach(() => {
    map?.destroy();
    map = undefined;
    document.body.innerHTML = '';
  });

  function mount(cluster: boolean, zoom = 5, opened: string[] = []) {
    const element = document.createElement('div');
    // jsdom lays nothing out: Leaflet reads the map's size from these.
    Object.defineProperty(element, 'clientWidth', { value: 800 });
    Object.defineProperty(element, 'clientHeight', { value: 400 });
    document.body.append(element);
    map = createMap(element, {
      center: { lat: 51.5, lng: -0.12 },
      zoom,
      minZoom: 5,
      maxZoom: 13,
      outlineAttribution: 'Natural Earth',
      onOpen: (m) => opened.push(m.id),
      cluster,
      clusterLabel: (n) => `${n} members`,
    });
    return map;
  }

  it('draws nearby members as one cluster button named by its count at a low zoom', () => {
    mount(true).setMarkers([...london, paris]);
    const cluster = screen.getByRole('button', { name: '3 members' });
    expect(cluster).toHaveAttribute('tabindex', '0');
    expect(cluster).toHaveTextContent('3');
    expect(screen.getByRole('button', { name: 'Victor Volunteer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Maya Maker' })).toBeNull();
  });

  it('zooms in to a cluster on Enter and moves focus to its first member there', () => {
    mount(true).setMarkers([...london, paris]);
    const cluster = screen.getByRole('button', { name: '3 members' });
    cluster.focus();
    fireEvent.keyDown(cluster, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(screen.queryByRole('button', { name: '3 members' })).toBeNull();
    const maya = screen.getByRole('button', { name: 'Maya Maker' });
    expect(screen.getByRole('button', { name: 'Amara Okafor' })).toBeInTheDocument();
    expect(document.activeElement).toBe(maya);
  });

  it('lists members at one spot in a popup, since no zoom tells them apart', () => {
    const opened: string[] = [];
    mount(true, 13, opened).setMarkers([
      { ...london[0], lat: 51.5, lng: -0.12 },
      { ...london[1], lat: 51.5, lng: -0.12 },
    ]);
    fireEvent.click(screen.getByRole('button', { name: '2 members' }));
    const link = screen.getByRole('link', { name: 'Amara Okafor' });
    expect(screen.getByRole('link', { name: 'Maya Maker' })).toHaveAttribute('href', '/app/people/profile/maya');
    fireEvent.click(link);
    expect(opened).toEqual(['amara']);
  });

  it('draws every member apart when clustering is off', () => {
    mount(false).setMarkers([...london, paris]);
    expect(screen.queryByRole('button', { name: /members$/ })).toBeNull();
    for (const m of [...london, paris]) expect(screen.getByRole('button', { name: m.label })).toBeInTheDocument();
  });
});
