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
import { memberDirectoryRoutes } from './directory-routes';
import { favouriteTargetsMigration, keepFavouriteTargetsCurrent } from './favourite-counts';
import { keepMemberIndexCurrent } from './member-index-sync';
import { mayWatchProfile } from './profile-rooms';
import { profileRoutes } from './routes';

declare module '../storage/documents' {
  interface DocumentKinds {
    profile: Profile;
  }
}

export default defineDomain({
  name: 'profiles',
  documents: { profile: { cached: true } },
  migrations: () => ({ '0006_favourite_targets': favouriteTargetsMigration }),
  permissionSubjects: [SUBJECTS.profiles],
  async open(ctx) {
    await keepMemberIndexCurrent(ctx.store, ctx.engine);
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
