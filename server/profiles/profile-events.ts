/**
 * `profile:update` after a profile's values or privacy change (form saves, forceUpdateProfile,
 * data privacy, deletion), to the sockets viewing that profile (room `profile:<id>`, joined with
 * profile:subscribe) and the owner's own. The owner gets the whole profile; every other account
 * the profile as it may see it (`visibleProfile`), and only when that view changed: a private
 * value never travels, and a change to a private value is not even announced.
 */
import type { Profile } from '../../schemas/model';
import type { AppContext } from '../context';
import { profileViewerRooms } from './profile-rooms';
import type { Account } from '../model';
import { visibleProfile } from './profile-data';

export interface ProfileState {
  profile?: Profile;
  owner?: Pick<Account, 'dataPrivacy'>;
}

export function announceProfileChange(ctx: AppContext, accountId: string, before: ProfileState, after: ProfileState): void {
  const realtime = ctx.realtime;
  if (!realtime) return;
  const viewAs = (state: ProfileState, viewer: Pick<Account, 'accountId' | 'isAdmin'>) =>
    state.profile ? JSON.stringify(visibleProfile(state.profile, state.owner, { account: viewer })) : undefined;
  void realtime.toRoomsEach(profileViewerRooms(accountId), 'profile:update', async (viewerId) => {
    const viewer = viewerId === accountId ? { accountId, isAdmin: false } : (await ctx.store.get<Account>('account', viewerId))?.data;
    if (!viewer) return undefined;
    const was = viewAs(before, viewer);
    const now = viewAs(after, viewer);
    if (was === now) return undefined;
    if (!after.profile) return { accountId, removed: true };
    return { accountId, profile: visibleProfile(after.profile, after.owner, { account: viewer }) };
  });
}
