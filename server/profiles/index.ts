/**
 * The profiles domain (community §7 "Profiles"): profiles and their meta, the member directory,
 * profile administration, activity (keepalive, recently viewed), favourites and their counts, and
 * the realtime room `profile` (a page showing a profile hears `profile:update` and `favourites:count`).
 */
import type { Profile } from '../../schemas/model';
import { SUBJECTS } from '../../engine/core/permissions';
import { defineDomain } from '../domain';
import { profileActivityRoutes } from './activity-routes';
import { profileAdminRoutes } from './admin-routes';
import { exportMembers } from './exports';
import { memberDirectoryRoutes } from './directory-routes';
import { favouriteTargetsMigration, keepFavouriteTargetsCurrent } from './favourite-counts';
import { keepMemberIndexCurrent, memberIndexFor, repairMemberIndex } from './member-index-sync';
import { readStoredProfile } from '../session/stored-people';
import { mayWatchProfile } from './profile-rooms';
import { recentlyViewedMigration } from './recently-viewed-table';
import { profileRoutes } from './routes';

export { registerProfileExtras, type ProfileExtras } from './profile-extras';

declare module '../storage/documents' {
  interface DocumentKinds {
    profile: Profile;
  }
}

export default defineDomain({
  name: 'profiles',
  documents: {
    profile: {
      cached: true,
      reader: () => (raw, id) => readStoredProfile(raw, id) ?? { item: undefined, problems: ['the stored document is not a JSON object (read as absent)'] },
    },
  },
  migrations: () => ({ '0006_favourite_targets': favouriteTargetsMigration, '20261129T0920_profiles_recently_viewed': recentlyViewedMigration }),
  permissionSubjects: [SUBJECTS.profiles],
  processes: [exportMembers],
  async open(ctx) {
    await keepMemberIndexCurrent(ctx.store, ctx.engine);
    // An account read with repairs (its privacy, its lists) may be indexed wrongly: its entry is rewritten from what it reads as now.
    ctx.store.onRepaired(['account'], (accountId) => void repairMemberIndex(ctx.store, memberIndexFor(ctx.engine), [accountId]).catch(ctx.log));
    await keepFavouriteTargetsCurrent(ctx.store);
  },
  routes(api, ctx) {
    profileRoutes(api, ctx);
    memberDirectoryRoutes(api, ctx);
    profileAdminRoutes(api, ctx);
    profileActivityRoutes(api, ctx);
  },
  rooms: [{ kind: 'profile', mayJoin: mayWatchProfile }],
});
export { mayWatchProfile } from './profile-rooms';
