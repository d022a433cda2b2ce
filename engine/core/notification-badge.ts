/** Core §9: a badge shows the count up to 9, then "9+"; nothing at 0. Re-exported by ./notifications. */
export const NOTIFICATION_BADGE_MAX = 9;
export function badgeLabel(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(Math.floor(count));
}
