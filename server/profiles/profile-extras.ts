/**
 * What other domains add to a profile read by another member (community §3 Profile: the chat
 * domain's `_canStartChat` and `_canStartVideoChat`). The profiles domain imports none of them:
 * each registers its hook when it opens, as chat's hidden timestamps reach notifications.
 */
import type { AppContext, SignedInUser } from '../context';

/** Keys a domain adds to the profile `viewer` reads of `accountId` (never stored). */
export type ProfileExtras = (viewer: SignedInUser, accountId: string) => Promise<Record<string, unknown>>;

const hooks = new WeakMap<AppContext, ProfileExtras[]>();

export function registerProfileExtras(ctx: AppContext, extras: ProfileExtras): void {
  hooks.set(ctx, [...(hooks.get(ctx) ?? []), extras]);
}

/** Every registered domain's keys for this read, merged (none for the member's own profile). */
export async function profileExtrasFor(ctx: AppContext, viewer: SignedInUser, accountId: string): Promise<Record<string, unknown>> {
  const own = hooks.get(ctx);
  if (!own?.length || viewer.account.accountId === accountId) return {};
  return Object.assign({}, ...(await Promise.all(own.map((extras) => extras(viewer, accountId)))));
}
