/** Who hears about one profile: the sockets viewing it (room `profile:<id>`, joined with profile:subscribe) and its owner's own. */
import { permissionContextOf, type AppContext } from '../context';
import { accountRoom } from '../realtime';

export const profileViewerRooms = (accountId: string): string[] => [`profile:${accountId}`, accountRoom(accountId)];

/** A signed-in account may watch the profile of an existing account; what it hears is judged per event (profile-events.ts). */
export async function mayWatchProfile(ctx: AppContext, accountId: string, profileId: string): Promise<boolean> {
  // The account, not its profile row: a member whose profile row is missing reads as an empty profile.
  return !!(await permissionContextOf(ctx, accountId)) && !!(await ctx.store.get('account', profileId));
}
