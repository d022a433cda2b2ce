/**
 * The member's notification calls (server/notifications/routes.ts) and notify() as other domains
 * call it, on both databases: counts, seen, read (own only), pages by cursor, preferences per event
 * and channel, following and muting, the replacement rule for admin notifications, unknown events
 * and typeIds ignored, 100 concurrent notifications counted exactly, init's counts, and realtime
 * to the recipient's own room only.
 */
import { beforeAll, expect, it } from 'vitest';
import type {
  FollowedItemsResponse,
  NotificationCountResponse,
  NotificationItem,
  NotificationPageResponse,
  NotificationPreferencesResponse,
  NotificationReadResponse,
} from '../../schemas/model/api/notifications';
import { io as connect } from 'socket.io-client';
import { registerChatHiddenTimestamps } from '../../server/notifications/chat-hidden';
import { notify } from '../../server/notifications/notify';
import { describeBackends } from '../helpers/backends';
import { fanOutsSent, notificationTables } from '../helpers/notifications';
import { nextEvent, recordEvents, settle, socketFor } from '../helpers/sockets';

describeBackends('notifications: member calls', (api) => {
  let maya: string;
  let victor: string;
  let ada: string;
  const ctx = () => api.server.ctx;
  const count = async (token: string, type: string) =>
    (await api.call<NotificationCountResponse>('GET', `profile/notifications/count/${type}`, { token })).body.count;
  const page = (token: string, type: string, query = '', p = 0) =>
    api.call<NotificationPageResponse>('GET', `profile/notifications/${type}/${p}${query}`, { token });
  const prefs = async (token: string, kind = 'userPreferences') =>
    (await api.call<NotificationPreferencesResponse>('GET', `profile/notifications/${kind}`, { token })).body.preferences;

  beforeAll(async () => {
    [maya, victor, ada] = await Promise.all(['maya', 'victor', 'admin'].map((a) => api.signIn(a)));
    await fanOutsSent(api);
    for (const token of [maya, victor, ada]) for (const type of ['chat', 'system']) await api.call('POST', `profile/notifications/seen/${type}`, { token });
    await api.call('POST', 'profile/notifications/seen/admin', { token: ada });
  });

  it('counts unseen per type, lists newest first with the sender and link, and seen clears the badge', async () => {
    expect(await count(maya, 'system')).toBe(0);
    const result = await notify(ctx(), 'mention', { accounts: ['maya'] }, { message: 'mentioned you', fromAccountId: 'victor', data: { url: '/news' } });
    expect(result).toEqual({ queued: false, recipients: 1 });
    expect(await count(maya, 'system')).toBe(1);
    expect(await count(victor, 'system')).toBe(0);
    const first = (await page(maya, 'system')).body.items[0];
    expect(first).toMatchObject({ event: 'mention', type: 'system', typeId: 5, seen: false, read: false, message: 'mentioned you', link: '/news' });
    expect(first.from).toMatchObject({ id: 'victor', name: expect.stringContaining('Victor') });
    const seen = await api.call<NotificationCountResponse>('POST', 'profile/notifications/seen/system', { token: maya });
    expect(seen).toMatchObject({ status: 200, body: { type: 'system', count: 0 } });
    expect(await count(maya, 'system')).toBe(0);
  });

  it('marks her own notifications read; another member reading or marking her ids changes nothing', async () => {
    await notify(ctx(), 'newCommentReply', { accounts: ['maya'] }, { message: 'replied' });
    const item = (await page(maya, 'system')).body.items[0];
    const byVictor = await api.call<NotificationReadResponse>('POST', 'profile/notifications/read', { token: victor, body: { notificationIds: [item.id] } });
    expect(byVictor).toMatchObject({ status: 200, body: { read: [] } });
    expect((await page(maya, 'system')).body.items[0]).toMatchObject({ id: item.id, read: false });
    expect((await page(victor, 'system')).body.items.map((i) => i.id)).not.toContain(item.id);
    const own = await api.call<NotificationReadResponse>('POST', 'profile/notifications/read', { token: maya, body: { notificationIds: [item.id, 'nope'] } });
    expect(own.body.read).toEqual([item.id]);
    expect((await page(maya, 'system')).body.items[0]).toMatchObject({ id: item.id, read: true, seen: true });
  });

  it('pages by an opaque cursor without overlap; a tampered cursor, an unknown type or a bad page is a 400', async () => {
    for (let i = 0; i < 12; i++) await notify(ctx(), 'newDiscussion', { accounts: ['victor'] }, { message: `discussion ${i}`, key: `page-${i}` });
    const first = await page(victor, 'system', '?limit=5');
    expect(first.body.items).toHaveLength(5);
    expect(first.body.items[0].message).toBe('discussion 11');
    const second = await page(victor, 'system', `?limit=5&cursor=${encodeURIComponent(first.body.next!)}`);
    expect(second.body.items.map((i) => i.message)).toEqual(['discussion 6', 'discussion 5', 'discussion 4', 'discussion 3', 'discussion 2']);
    const byPage = await page(victor, 'system', '?limit=5', 1);
    expect(byPage.body.items.map((i) => i.id)).toEqual(second.body.items.map((i) => i.id));
    const tampered = `${first.body.next!.slice(0, -3)}xyz`;
    const bad = await page(victor, 'system', `?cursor=${encodeURIComponent(tampered)}`);
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as { message: string }).message).toMatch(/cursor/);
    const unknown = await page(victor, 'nonsense');
    expect(unknown.status).toBe(400);
    expect((unknown.body as unknown as { message: string }).message).toMatch(/nonsense/);
    expect((await api.call('GET', 'profile/notifications/count/__proto__', { token: victor })).status).toBe(400);
    expect((await page(victor, 'system', '', -1)).status).toBe(400);
    expect((await page(victor, 'system', '?limit=1000')).status).toBe(400);
  });

  it('admin notifications and admin preferences need showAdminNotifications', async () => {
    expect((await page(maya, 'admin')).status).toBe(403);
    expect((await api.call('GET', 'profile/notifications/count/admin', { token: maya })).status).toBe(403);
    expect((await api.call('POST', 'profile/notifications/seen/admin', { token: maya })).status).toBe(403);
    expect((await api.call('GET', 'profile/notifications/adminPreferences', { token: maya })).status).toBe(403);
    expect((await page(ada, 'admin')).status).toBe(200);
    const adminPrefs = await prefs(ada, 'adminPreferences');
    expect(adminPrefs.map((p) => p.event).sort()).toEqual(['abuseReported', 'newApplication', 'newUserCreatedEntity']);
    expect((await prefs(maya)).map((p) => p.event)).not.toContain('newApplication');
    const init = await api.call<{ notifications: { counts: Record<string, number> } }>('GET', 'init', { token: maya });
    expect(init.body.notifications.counts).toEqual({ chat: 0, system: expect.any(Number) });
    const adaInit = await api.call<{ notifications: { counts: Record<string, number> } }>('GET', 'init', { token: ada });
    expect(Object.keys(adaInit.body.notifications.counts).sort()).toEqual(['admin', 'chat', 'system']);
  });

  it('an unread admin notification of the same list and entity is replaced; the new one says which', async () => {
    const data = { userListId: 'volunteers', entityId: 'e-1' };
    await notify(ctx(), 'newApplication', { accounts: ['admin'] }, { message: 'first application', data });
    const socket = await socketFor(api.url, ada);
    try {
      const heard = nextEvent<NotificationItem>(socket, 'events:notification');
      await notify(ctx(), 'newApplication', { accounts: ['admin'] }, { message: 'second application', data });
      const items = (await page(ada, 'admin')).body.items.filter((i) => i.data.entityId === 'e-1');
      expect(items.map((i) => i.message)).toEqual(['second application']);
      const event = await heard;
      expect(event.message).toBe('second application');
      expect(typeof event.replaces).toBe('string');
      // A read one stays: only unread notifications are replaced.
      await api.call('POST', 'profile/notifications/read', { token: ada, body: { notificationIds: [items[0].id] } });
      await notify(ctx(), 'newApplication', { accounts: ['admin'] }, { message: 'third application', data });
      expect((await page(ada, 'admin')).body.items.filter((i) => i.data.entityId === 'e-1').map((i) => i.message)).toEqual([
        'third application',
        'second application',
      ]);
    } finally {
      socket.close();
    }
  });

  it('preferences: a bad event is a 400 naming it (nothing stored), an admin event needs the permission, a channel switched off stores nothing', async () => {
    const before = await prefs(maya);
    for (const event of ['__proto__', 'constructor', 'noSuchEvent']) {
      const res = await api.call<{ message: string }>('POST', 'profile/notifications/updateUserPreferences', {
        token: maya,
        body: { event, active: false, type: 'inApp' },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(event);
    }
    const adminEvent = await api.call<{ message: string }>('POST', 'profile/notifications/updateUserPreferences', {
      token: maya,
      body: { event: 'newApplication', active: false, type: 'email', admin: true },
    });
    expect(adminEvent.status).toBe(403);
    expect(adminEvent.body.message).toContain('newApplication');
    expect((await api.call('POST', 'profile/notifications/updateUserPreferences', { token: maya, body: { event: 'mention', active: false } })).status).toBe(
      400,
    );
    expect(await prefs(maya)).toEqual(before);
    expect(await notificationTables(ctx().store.kysely).selectFrom('notification_preferences').selectAll().where('account_id', '=', 'maya').execute()).toEqual(
      [],
    );

    const off = await api.call<NotificationPreferencesResponse>('POST', 'profile/notifications/updateUserPreferences', {
      token: maya,
      body: { event: 'mention', active: false, type: 'inApp' },
    });
    expect(off.status).toBe(200);
    expect(off.body.preferences.find((p) => p.event === 'mention')?.channels).toEqual({ inApp: false, email: true });
    const countBefore = await count(maya, 'system');
    await notify(ctx(), 'mention', { accounts: ['maya'] }, { message: 'not stored' });
    expect(await count(maya, 'system')).toBe(countBefore);
    const adaOff = await api.call<NotificationPreferencesResponse>('POST', 'profile/notifications/updateUserPreferences', {
      token: ada,
      body: { event: 'abuseReported', active: false, type: 'email', admin: true },
    });
    expect(adaOff.body.preferences.find((p) => p.event === 'abuseReported')?.channels).toEqual({ inApp: true, email: false });
  });

  it("labels each event in the reader's language", async () => {
    const label = async (token: string) => (await prefs(token)).find((p) => p.event === 'broadcastNotificationToList')?.label;
    expect(await label(victor)).toBe('Announcements to your lists');
    expect((await api.call('POST', 'profile/meta/upsert', { token: victor, body: { path: 'language', data: 'fr' } })).status).toBe(200);
    expect(await label(victor)).toBe('Annonces à vos listes');
    expect((await api.call('POST', 'profile/meta/upsert', { token: victor, body: { path: 'language', data: 'en' } })).status).toBe(200);
  });

  it('followers of an item are notified unless they muted it; getFollowedItems filters by muted and kind', async () => {
    const follow = (token: string, preferenceType: string, active: boolean, kind = 'post') =>
      api.call('POST', 'profile/notifications/updateUserPreferences', { token, body: { preferenceType, active, targetId: 'p-1', extra: { kind } } });
    expect((await follow(maya, 'follow', true)).status).toBe(200);
    expect((await follow(victor, 'follow', true)).status).toBe(200);
    expect((await follow(victor, 'mute', true)).status).toBe(200);
    expect(
      (await api.call('POST', 'profile/notifications/updateUserPreferences', { token: maya, body: { preferenceType: 'follow', active: true } })).status,
    ).toBe(400);
    expect((await follow(maya, 'follow', true, 'planet')).status).toBe(400);
    const [mayaBefore, victorBefore] = [await count(maya, 'system'), await count(victor, 'system')];
    const result = await notify(ctx(), 'newCommentReply', { followersOf: { kind: 'post', id: 'p-1' } }, { message: 'a reply on p-1' });
    expect(result).toEqual({ queued: false, recipients: 1 });
    expect(await count(maya, 'system')).toBe(mayaBefore + 1);
    expect(await count(victor, 'system')).toBe(victorBefore);
    const muted = await api.call<FollowedItemsResponse>('POST', 'profile/notifications/getFollowedItems', { token: victor, body: { muted: true } });
    expect(muted.body.items).toEqual([{ kind: 'post', targetId: 'p-1', muted: true, since: expect.any(Number) }]);
    const lists = await api.call<FollowedItemsResponse>('POST', 'profile/notifications/getFollowedItems', { token: maya, body: { filters: { kind: 'list' } } });
    expect(lists.body.items).toEqual([]);
    // On connecting, the member's socket hears what she follows (listened for before it connects).
    const socket = connect(api.url, { auth: { token: maya }, transports: ['websocket'], reconnection: false });
    try {
      const items = await nextEvent<FollowedItemsResponse['items']>(socket, 'notifications:itemsToSubscribeTo');
      expect(items).toEqual([{ kind: 'post', targetId: 'p-1', muted: false, since: expect.any(Number) }]);
    } finally {
      socket.close();
    }
  });

  it('notify() to followers leaves out `except`, also when the fan-out runs as a job', async () => {
    const { setFollowing } = await import('../../server/notifications/followed-items');
    const db = ctx().store.kysely;
    const followers = Array.from({ length: 230 }, (_, i) => `fan-${String(i).padStart(3, '0')}`);
    for (const id of [...followers, 'maya']) await setFollowing(db, id, 'post', 'p-many', true);
    const mayaBefore = await count(maya, 'system');
    const result = await notify(
      ctx(),
      'newCommentReply',
      { followersOf: { kind: 'post', id: 'p-many', except: ['maya', 'fan-000', 'fan-229'] } },
      { message: 'a reply on p-many', key: 'except-test' },
    );
    expect(result.queued).toBe(true);
    await fanOutsSent(api);
    const stored = await notificationTables(db).selectFrom('notifications').select('recipient').where('message', '=', 'a reply on p-many').execute();
    expect(stored.length).toBe(228);
    expect(stored.map((r) => r.recipient)).not.toContain('fan-000');
    expect(await count(maya, 'system')).toBe(mayaBefore);
  });

  it("hides chat notifications dated before the chat's hidden timestamp, from the list and the badge", async () => {
    await api.call('POST', 'profile/notifications/seen/chat', { token: victor });
    const chat = (message: string) =>
      notify(ctx(), 'newMessage', { accounts: ['victor'] }, { message, fromAccountId: 'maya', data: { chatId: 'chat-hidden-1' } });
    await chat('before hiding');
    await notify(ctx(), 'newMessage', { accounts: ['victor'] }, { message: 'another chat', fromAccountId: 'maya', data: { chatId: 'chat-other' } });
    const hiddenAt = Date.now() + 1;
    await new Promise((r) => setTimeout(r, 5));
    await chat('after hiding');
    registerChatHiddenTimestamps(ctx(), async (accountId) => new Map(accountId === 'victor' ? [['chat-hidden-1', hiddenAt]] : []));
    try {
      expect(await count(victor, 'chat')).toBe(2);
      const messages = (await page(victor, 'chat', '?limit=100')).body.items.map((i) => i.message);
      expect(messages.slice(0, 2)).toEqual(['after hiding', 'another chat']);
      expect(messages).not.toContain('before hiding');
    } finally {
      registerChatHiddenTimestamps(ctx(), async () => new Map());
    }
    expect(await count(victor, 'chat')).toBe(3);
  });

  it('ignores an unknown event or typeId with a warning, storing nothing', async () => {
    const before = await count(maya, 'system');
    expect(await notify(ctx(), 'noSuchEvent', { accounts: ['maya'] }, { message: 'x' })).toEqual({ queued: false, recipients: 0 });
    expect(await notify(ctx(), 'mention', { accounts: ['maya'] }, { message: 'x', typeId: 999 })).toEqual({ queued: false, recipients: 0 });
    expect(await count(maya, 'system')).toBe(before);
  });

  it('counts exactly after 100 concurrent notifications', async () => {
    const before = await count(victor, 'system');
    await Promise.all(Array.from({ length: 100 }, (_, i) => notify(ctx(), 'entityUpdated', { accounts: ['victor'] }, { message: `update ${i}` })));
    expect(await count(victor, 'system')).toBe(before + 100);
  });

  it("sends events:notification and the count to the recipient's sockets only; a read reaches her other tabs", async () => {
    const [mayaTab1, mayaTab2, victorSocket] = await Promise.all([socketFor(api.url, maya), socketFor(api.url, maya), socketFor(api.url, victor)]);
    try {
      await settle();
      const toVictor = recordEvents(victorSocket);
      const item = nextEvent<NotificationItem>(mayaTab1, 'events:notification');
      const counted = nextEvent<NotificationCountResponse>(mayaTab1, 'notifications:count');
      const countedInTab2 = nextEvent<NotificationCountResponse>(mayaTab2, 'notifications:count');
      await api.call('POST', 'profile/notifications/seen/chat', { token: maya });
      await settle();
      await notify(ctx(), 'newMessage', { accounts: ['maya'] }, { message: 'hello', fromAccountId: 'victor', targetId: 'victor' });
      expect(await item).toMatchObject({ event: 'newMessage', type: 'chat', link: '/chat/victor', from: { id: 'victor' } });
      expect(await counted).toEqual({ type: 'chat', count: 1 });
      expect(await countedInTab2).toEqual({ type: 'chat', count: 1 });
      const id = (await item).id;
      const readInTab2 = nextEvent<{ ids: string[] }>(mayaTab2, 'notifications:read');
      const countInTab2 = nextEvent<NotificationCountResponse>(mayaTab2, 'notifications:count');
      await api.call('POST', 'profile/notifications/read', { token: maya, body: { notificationIds: [id] } });
      expect(await readInTab2).toEqual({ ids: [id] });
      expect(await countInTab2).toEqual({ type: 'chat', count: 0 });
      await settle();
      expect(toVictor.filter((e) => e.event.startsWith('notifications') || e.event === 'events:notification')).toEqual([]);
    } finally {
      [mayaTab1, mayaTab2, victorSocket].forEach((s) => s.close());
    }
  });
});
