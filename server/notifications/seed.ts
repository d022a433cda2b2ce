/**
 * The demo's notifications: for each demo account a few of varied events and ages (some read), and a
 * past broadcast to the makers with its history row, stored by the fan-out job once the server
 * runs, its emails through sendEmail into the outbox. The admins' new applications are the
 * applications domain's (its demo requests notify them).
 * Idempotent: fixed batch ids, so a second run stores nothing twice.
 */
import type { NotificationEvent } from '../../engine/core/notifications';
import type { AppContext } from '../context';
import { countAcceptedMembers } from '../lists/memberships';
import type { Account } from '../model';
import { deliverBatch } from './delivery';
import { markRead } from './notification-rows';
import { fanOut, notificationSpec, type NotifyData } from './notify';

const HOUR = 3_600_000;

interface SeedNotification {
  event: NotificationEvent;
  ageHours: number;
  read: boolean;
  /** `otherName`: the sender's name, so each message reads as a whole sentence on its own. */
  data: (account: string, other: string, otherName: string) => NotifyData;
}

const PERSONAL: SeedNotification[] = [
  {
    event: 'acceptedOnMembership',
    ageHours: 50,
    read: true,
    data: () => ({ title: 'Welcome to the Makers', message: 'Your membership of Makers was accepted.', data: { userListId: 'makers', url: '/' } }),
  },
  {
    event: 'newConnectionRequest',
    ageHours: 20,
    read: false,
    data: (_me, other, name) => ({
      title: 'New connection request',
      message: `${name} would like to connect with you.`,
      fromAccountId: other,
      targetId: other,
    }),
  },
  {
    event: 'mention',
    ageHours: 6,
    read: false,
    data: (_me, other, name) => ({
      title: 'You were mentioned',
      message: `${name} mentioned you in “Workshop tools swap”.`,
      fromAccountId: other,
      data: { postId: 'demo-post-tools', url: '/home/news' },
    }),
  },
  {
    event: 'newMessage',
    ageHours: 2,
    read: false,
    data: (me, other, name) => ({
      title: `New message from ${name}`,
      message: 'Are you coming to the repair café on Saturday?',
      fromAccountId: other,
      targetId: other,
      data: { chatId: [me, other].sort().join(':') },
    }),
  },
  {
    event: 'newCommentReply',
    ageHours: 1,
    read: false,
    data: (_me, other, name) => ({
      title: 'New reply',
      message: `${name} replied to your comment on “Workshop tools swap”.`,
      fromAccountId: other,
      data: { postId: 'demo-post-tools', url: '/home/news' },
    }),
  },
];

export async function seedNotifications(ctx: AppContext): Promise<void> {
  const accounts = (await ctx.store.list<Account>('account')).map((d) => d.data).filter((a) => a.demo);
  if (!accounts.length) return;
  const now = Date.now();
  for (const [i, account] of accounts.entries()) {
    const me = account.accountId;
    const next = accounts[(i + 1) % accounts.length];
    const other = next.accountId;
    const otherName = [next.firstName, next.lastName].filter(Boolean).join(' ') || other;
    const toRead: string[] = [];
    for (const [j, n] of PERSONAL.entries()) {
      const spec = notificationSpec(n.event, n.data(me, other, otherName), `seed:${me}:${j}`, now - n.ageHours * HOUR - i * 60_000, {
        inApp: true,
        email: false,
      });
      if ('ignored' in spec) continue;
      const { stored } = await deliverBatch(ctx, spec, [me]);
      if (n.read) toRead.push(...stored.map((s) => s.item.id));
    }
    if (toRead.length) await markRead(ctx.store.kysely, me, toRead);
  }
  const admin = accounts.find((a) => a.isAdmin)?.accountId ?? null;
  const date = now - 2 * 24 * HOUR;
  const spec = notificationSpec(
    'broadcastNotificationToList',
    {
      title: 'Open workshop night',
      message: 'The workshop is open late this Thursday: bring a project, tools are provided.',
      data: { broadcastId: 'bc-demo-open-night', url: '/' },
    },
    'bc-demo-open-night',
    date,
  );
  if ('ignored' in spec) return;
  const recipients = await countAcceptedMembers(ctx.store.kysely, ['makers']);
  await fanOut(ctx, spec, { lists: ['makers'] }, recipients, 'broadcast', admin, async (tx) => {
    await tx
      .insertInto('audit_log')
      .values({
        account_id: admin ?? 'system',
        log_type: 'broadcast',
        subject: spec.batchId,
        action_time: String(date),
        extra: JSON.stringify({ lists: ['makers'], title: spec.title, recipients, channels: spec.channels }),
        saved_at: date,
      })
      .execute();
  });
}
