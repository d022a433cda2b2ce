/** Who hears about one profile: the sockets viewing it (room `profile:<id>`, joined with profile:subscribe) and its owner's own. */
import { permissionContextOf, type AppContext } from '../context';
import { accountRoom } from '../realtime';

export const profileViewerRooms = (accountId: string): string[] => [`profile:${accountId}`, accountRoom(accountId)];

/** A signed-in account may watch an existing profile; what it hears is judged per event (profile-events.ts). */
export async function mayWatchProfile(ctx: AppContext, accountId: string, profileId: string): Promise<boolean> {
  return !!(await permissionContextOf(ctx, accountId)) && !!(await ctx.store.get('profile', profileId));
}
