/**
 * The notifications domain (community §3 Notification, §4, §7 "Notifications"; core §7.6, §9):
 * notifications in their own tables, `notify()` (./notify.ts) that every other domain imports,
 * fan-out through the `notifications.fanOut` job, preferences per event and channel, followed
 * and muted items, broadcasts and their history, and the signed unsubscribe link of its emails.
 * Realtime goes to each recipient's `account:<id>` room only.
 */
import { NOTIFICATION_TYPES } from '../../engine/core/notifications';
import { SUBJECTS } from '../../engine/core/permissions';
import { defineDomain } from '../domain';
import { notificationAdminRoutes } from './admin-routes';
import { countOf } from './announce';
import { fanOutJob } from './fan-out';
import { followedItemsOf } from './followed-items';
import { notificationsMigrations } from './notifications-table';
import { mayReadAdminNotifications, notificationRoutes } from './routes';
import { seedNotifications } from './seed';
import { unsubscribeRoutes } from './unsubscribe-routes';

export default defineDomain({
  name: 'notifications',
  migrations: notificationsMigrations,
  permissionSubjects: [SUBJECTS.notifications],
  routes(api, ctx) {
    notificationRoutes(api, ctx);
    notificationAdminRoutes(api, ctx);
  },
  siteRoutes: unsubscribeRoutes,
  jobs: [fanOutJob],
  async init(ctx, user) {
    const me = user.account.accountId;
    const types = NOTIFICATION_TYPES.filter((t) => t !== 'admin' || mayReadAdminNotifications(user));
    const counts = Object.fromEntries(await Promise.all(types.map(async (t) => [t, await countOf(ctx, me, t)] as const)));
    return { notifications: { counts } };
  },
  onConnection(ctx, socket) {
    const accountId = socket.data.accountId as string;
    // What the member follows, so the client can subscribe to those items' rooms (core §7.6).
    void followedItemsOf(ctx.store.kysely, accountId)
      .then((items) => socket.emit('notifications:itemsToSubscribeTo', items))
      .catch((error) => ctx.log(error));
  },
  seed: { run: seedNotifications },
});
