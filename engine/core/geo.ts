/** geoLocation values (spec core §3 field types): a stored `{ lat, lng }`, read tolerantly. */

/** The point of a stored geoLocation value, or undefined when it is not one (missing, malformed, out of range). */
export function geoPointOf(value: unknown): { lat: number; lng: number } | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { lat, lng } = value as { lat?: unknown; lng?: unknown };
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return undefined;
  return { lat, lng };
}
