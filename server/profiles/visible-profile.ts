/**
 * A profile as one viewer may see it (spec core §6): the owner and admins see all of it; anyone
 * else only its public values (engine/core's rule), no meta, and no keepalive when its owner
 * made connectivity private, so online status cannot be read from it.
 */
import type { Profile } from '../../schemas/model';
import { publicProfileValues } from '../../engine/core/profile-privacy';
import type { Account } from '../model';

export interface ProfileViewer {
  accountId: string;
  isAdmin: boolean;
}

/** Connectivity privacy, stored in profile meta (`settings.privacy.isConnectivityPrivate`, spec core §3). */
export function connectivityPrivate(profile: Profile | undefined): boolean {
  return profile?.data?.meta?.settings?.privacy?.isConnectivityPrivate === true;
}

export function profileForViewer(profile: Profile, owner: Pick<Account, 'dataPrivacy' | 'listMemberships'> | undefined, viewer: ProfileViewer): Profile {
  if (viewer.accountId === profile.accountId || viewer.isAdmin) return profile;
  const visible: Profile = { accountId: profile.accountId, data: { profile: publicProfileValues(profile.data?.profile, owner?.dataPrivacy), meta: {} } };
  if (!connectivityPrivate(profile) && typeof profile.keepaliveTimestamp === 'number') visible.keepaliveTimestamp = profile.keepaliveTimestamp;
  return visible;
}
