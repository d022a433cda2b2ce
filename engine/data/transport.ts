/**
 * What the data layer asks of the server, injected by the shell (web wires it to the API client;
 * tests to a real server or a recorder). Blocks never see it: they read atoms through hooks.
 */
import type { Profile, ProfileMeta } from '../../schemas/model';

/** One entry of `POST profile/collection`: the profile, or why it is not given. */
export type ProfileCollectionEntry = Profile | { accountId: string; error: 'forbidden' | 'notFound' };

export interface MemberSearchQuery {
  text?: string;
  listIds?: string[];
  filters?: { key: string; value: string }[];
  sort?: 'name' | 'newest';
  page?: number;
  limit?: number;
}

export interface MemberSearchAnswer {
  items: { accountId: string; name: string; profile: Profile | null }[];
  total: number;
}

export interface DataTransport {
  /** `POST profile/collection { accountIds }`. */
  loadProfiles(accountIds: string[]): Promise<ProfileCollectionEntry[]>;
  /** `POST profile/search`: the member directory. */
  searchMembers?(query: MemberSearchQuery): Promise<MemberSearchAnswer>;
}

/** `profile:update`: a profile changed (a form save, a meta write); `meta` alone for meta writes. */
export interface ProfileUpdateEvent {
  accountId: string;
  profile?: Profile;
  meta?: ProfileMeta;
  keepaliveTimestamp?: number;
  /** The profile was deleted. */
  removed?: boolean;
}
