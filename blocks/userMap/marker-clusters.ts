/**
 * Groups markers that would overlap on screen: greedy distance clustering over projected pixel
 * positions (a map shows at most a search page of members, 100, so O(n * clusters) is nothing).
 * Written here rather than taken from a library: Leaflet.markercluster and supercluster bring
 * their own DOM or index for what is a few lines at this size. Pure, so it is tested on its own.
 */

export interface ClusterInput<T> {
  item: T;
  /** Screen position at the current zoom (px). */
  x: number;
  y: number;
}

export interface Cluster<T> {
  items: T[];
  /** Mean screen position of the members (px). */
  x: number;
  y: number;
}

/** Markers closer than this on screen (px) are drawn as one. */
export const CLUSTER_RADIUS_PX = 40;

/**
 * Clusters in input order: each point joins the first cluster whose seed lies within `radiusPx`,
 * else seeds a new one. The same input always gives the same clusters.
 */
export function clusterPoints<T>(points: ClusterInput<T>[], radiusPx = CLUSTER_RADIUS_PX): Cluster<T>[] {
  const clusters: { seed: { x: number; y: number }; members: ClusterInput<T>[] }[] = [];
  const r2 = radiusPx * radiusPx;
  for (const p of points) {
    const home = clusters.find((c) => (c.seed.x - p.x) ** 2 + (c.seed.y - p.y) ** 2 <= r2);
    if (home) home.members.push(p);
    else clusters.push({ seed: { x: p.x, y: p.y }, members: [p] });
  }
  return clusters.map((c) => ({
    items: c.members.map((m) => m.item),
    x: c.members.reduce((s, m) => s + m.x, 0) / c.members.length,
    y: c.members.reduce((s, m) => s + m.y, 0) / c.members.length,
  }));
}
