/**
 * Broadcasts to lists and their history (server/notifications/admin-routes.ts), the email channel
 * and the signed unsubscribe link, on both databases: a broadcast answers 202 with its recipient
 * count, reaches the lists' accepted members only (each through the fan-out job), queues one email
 * per member whose preferences allow it with an unsubscribe URL, writes an audit entry and shows in
 * the history with what was stored and read; members cannot broadcast nor read the history; a bad
 * or tampered unsubscribe token changes nothing.
 */
import { beforeAll, expect, it } from 'vitest';
import type {
  BroadcastPreviewResponse,
  BroadcastResponse,
  NotificationCountResponse,
  NotificationHistoryResponse,
  NotificationPageResponse,
  NotificationPreferencesResponse,
} from '../../schemas/model/api/notifications';
import { jobsDb } from '../../server/jobs/jobs-table';
import { unsubscribeUrl } from '../../server/notifications/notification-emails';
import { describeBackends } from '../helpers/backends';
import { fanOutsSent } from '../helpers/notifications';

interface QueuedEmail {
  accountId: string;
  templateId: string;
  params: Record<string, unknown>;
  unsubscribeUrl: string;
  key: string;
}

describeBackends('notifications: broadcasts, history and unsubscribe', (api) => {
  let maya: string;
  let victor: string;
  let ada: string;
  const ctx = () => api.server.ctx;
  const count = async (token: string) => (await api.call<NotificationCountResponse>('GET', 'profile/notifications/count/system', { token })).body.count;
  const emailsOf = async (templateId: string): Promise<QueuedEmail[]> =>
    (await jobsDb(ctx().store.kysely).selectFrom('jobs').select('payload').where('name', '=', 'email.send').execute())
      .map((r) => JSON.parse(r.payload) as QueuedEmail)
      .filter((e) => e.templateId === templateId);
  const broadcast = (token: string, body: unknown) => api.call<BroadcastResponse & { message?: string }>('POST', 'admin/broadcasts', { token, body });
  /** The same path on this server (the link names the configured address; the suite listens on a free port). */
  const local = (url: string) => new URL(url).pathname + new URL(url).search;

  beforeAll(async () => {
    [maya, victor, ada] = await Promise.all(['maya', 'victor', 'admin'].map((a) => api.signIn(a)));
    await fanOutsSent(api);
    for (const token of [maya, victor, ada]) await api.call('POST', 'profile/notifications/seen/system', { token });
  });

  it('has the demo broadcast in the history, its notifications stored and its emails queued', async () => {
    const history = await api.call<NotificationHistoryResponse>('GET', 'profile/notifications/notificationHistory', { token: ada });
    const demo = history.body.items.find((i) => i.id === 'bc-demo-open-night');
    expect(demo).toMatchObject({ event: 'broadcastNotificationToList', state: 'sent', lists: [{ id: 'makers', name: 'Makers' }], by: { id: 'admin' } });
    expect(demo!.stored).toBe(demo!.recipients);
    expect(demo!.recipients).toBeGreaterThan(3);
    expect((await emailsOf('notification.broadcastNotificationToList')).length).toBe(demo!.recipients);
  });

  it('previews and sends a broadcast to the accepted members of its lists only, answering 202 before storing', async () => {
    const preview = await api.call<BroadcastPreviewResponse>('POST', 'admin/broadcasts/preview', { token: ada, body: { lists: ['makers'] } });
    expect(preview.status).toBe(200);
    const [mayaBefore, victorBefore] = [await count(maya), await count(victor)];
    const sent = await broadcast(ada, {
      lists: ['makers'],
      title: 'Tool library',
      message: 'New drills to borrow.',
      url: '/news',
      channels: { inApp: true, email: true },
    });
    expect(sent.status).toBe(202);
    expect(sent.body.recipients).toBe(preview.body.recipients);
    await fanOutsSent(api);
    expect(await count(maya)).toBe(mayaBefore + 1);
    expect(await count(victor)).toBe(victorBefore);
    const item = (await api.call<NotificationPageResponse>('GET', 'profile/notifications/system/0', { token: maya })).body.items[0];
    expect(item).toMatchObject({ event: 'broadcastNotificationToList', title: 'Tool library', message: 'New drills to borrow.', link: '/news' });
    expect(item.data.broadcastId).toBe(sent.body.id);

    const emails = (await emailsOf('notification.broadcastNotificationToList')).filter((e) => e.key.includes(sent.body.id));
    expect(emails).toHaveLength(sent.body.recipients);
    const toMaya = emails.find((e) => e.accountId === 'maya')!;
    expect(toMaya.params).toMatchObject({
      title: 'Tool library',
      message: 'New drills to borrow.',
      recipientName: 'Maya Maker',
      link: expect.stringMatching(/\/app\/news$/),
    });
    expect(toMaya.unsubscribeUrl).toMatch(/\/email\/unsubscribe\?token=/);

    await api.call('POST', 'profile/notifications/read', { token: maya, body: { notificationIds: [item.id] } });
    const history = await api.call<NotificationHistoryResponse>('GET', 'profile/notifications/notificationHistory', { token: ada });
    expect(history.body.items[0]).toMatchObject({
      id: sent.body.id,
      title: 'Tool library',
      recipients: sent.body.recipients,
      stored: sent.body.recipients,
      read: 1,
      emailsQueued: sent.body.recipients,
      state: 'sent',
      channels: { inApp: true, email: true },
      by: { id: 'admin', name: 'Ada Admin' },
    });
    // Sent as the email domain's outbox counts them (no SMTP here: kept in the outbox, as sent).
    await expect
      .poll(
        async () =>
          (await api.call<NotificationHistoryResponse>('GET', 'profile/notifications/notificationHistory', { token: ada })).body.items.find(
            (i) => i.id === sent.body.id,
          )?.emailsSent,
        { timeout: 60_000, interval: 250 },
      )
      .toBe(sent.body.recipients);
    const audit = await ctx()
      .store.kysely.selectFrom('audit_log')
      .selectAll()
      .where('log_type', '=', 'broadcast')
      .where('subject', '=', sent.body.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].account_id).toBe('admin');
  });

  it("honours the broadcast's channels together with each member's preferences", async () => {
    await api.call('POST', 'profile/notifications/updateUserPreferences', {
      token: maya,
      body: { event: 'broadcastNotificationToList', type: 'inApp', active: false },
    });
    const mayaBefore = await count(maya);
    const sent = await broadcast(ada, {
      lists: ['makers'],
      title: 'In the app only',
      message: 'No email for this one.',
      channels: { inApp: true, email: false },
    });
    await fanOutsSent(api);
    expect(await count(maya)).toBe(mayaBefore);
    expect((await emailsOf('notification.broadcastNotificationToList')).filter((e) => e.key.includes(sent.body.id))).toEqual([]);
    const history = await api.call<NotificationHistoryResponse>('GET', 'profile/notifications/notificationHistory', { token: ada });
    expect(history.body.items[0]).toMatchObject({ id: sent.body.id, stored: sent.body.recipients - 1, emailsQueued: 0 });
    await api.call('POST', 'profile/notifications/updateUserPreferences', {
      token: maya,
      body: { event: 'broadcastNotificationToList', type: 'inApp', active: true },
    });
  });

  it('refuses members, unknown lists, foreign urls and no channel, storing nothing', async () => {
    const body = { lists: ['makers'], title: 'x', message: 'y', channels: { inApp: true, email: true } };
    for (const token of [maya, victor]) {
      expect((await broadcast(token, body)).status).toBe(403);
      expect((await api.call('POST', 'admin/broadcasts/preview', { token, body: { lists: ['makers'] } })).status).toBe(403);
      expect((await api.call('GET', 'profile/notifications/notificationHistory', { token })).status).toBe(403);
    }
    const unknown = await broadcast(ada, { ...body, lists: ['makers', 'no-such-list'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('no-such-list');
    expect((await broadcast(ada, { ...body, url: 'https://elsewhere.example/' })).status).toBe(400);
    expect((await broadcast(ada, { ...body, url: '//elsewhere.example/' })).status).toBe(400);
    expect((await broadcast(ada, { ...body, channels: { inApp: false, email: false } })).status).toBe(400);
    expect((await broadcast(ada, { ...body, title: '' })).status).toBe(400);
    expect((await broadcast(ada, { ...body, lists: [] })).status).toBe(400);
    expect((await api.call('GET', 'profile/notifications/notificationHistory?cursor=forged.value', { token: ada })).status).toBe(400);
    const history = await api.call<NotificationHistoryResponse>('GET', 'profile/notifications/notificationHistory', { token: ada });
    expect(history.body.items.filter((i) => i.title === 'x')).toEqual([]);
  });

  it('unsubscribes by a signed link: a page naming the event, then the email channel off; a tampered token changes nothing', async () => {
    const url = local(unsubscribeUrl(ctx(), 'victor', 'newConnectionRequest'));
    const emailOf = async () =>
      (await api.call<NotificationPreferencesResponse>('GET', 'profile/notifications/userPreferences', { token: victor })).body.preferences.find(
        (p) => p.event === 'newConnectionRequest',
      )!.channels.email;
    expect(await emailOf()).toBe(true);

    const shown = await fetch(api.url + url);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain('New connection request');
    expect(html).toMatch(/<button type="submit">/);
    expect(html).toContain('<html lang="en">');
    expect(await emailOf()).toBe(true);

    const tampered = url.replace(/token=([^&]+)/, (_m, t: string) => `token=${t.slice(0, -4)}AAAA`);
    for (const method of ['GET', 'POST']) {
      const res = await fetch(api.url + tampered, { method });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('Nothing was changed');
    }
    expect((await fetch(`${api.url}/email/unsubscribe`, { method: 'POST' })).status).toBe(400);
    expect(await emailOf()).toBe(true);

    // RFC 8058 one-click, as a mail client sends it.
    const oneClick = await fetch(api.url + url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await emailOf()).toBe(false);
    // Only that event's email: its in-app channel and other events are as they were.
    const prefs = (await api.call<NotificationPreferencesResponse>('GET', 'profile/notifications/userPreferences', { token: victor })).body.preferences;
    expect(prefs.find((p) => p.event === 'newConnectionRequest')!.channels.inApp).toBe(true);
    expect(prefs.find((p) => p.event === 'connectionRequestAccepted')!.channels.email).toBe(true);
  });
});
