/** What stops a broadcast draft from being sent, per field, as message keys of adminAreas.broadcast.problems. Pure. */
import { isAppPath, type NotificationChannel } from '../../../engine/core/notifications';

export interface BroadcastDraft {
  lists: string[];
  title: string;
  message: string;
  /** As typed; empty is no link. */
  link: string;
  channels: Record<NotificationChannel, boolean>;
}

export type BroadcastField = 'lists' | 'title' | 'message' | 'link' | 'channels';

export function broadcastProblems(draft: BroadcastDraft): Partial<Record<BroadcastField, string>> {
  const link = draft.link.trim();
  return {
    ...(draft.lists.length ? {} : { lists: 'lists' }),
    ...(draft.title.trim() ? {} : { title: 'title' }),
    ...(draft.message.trim() ? {} : { message: 'message' }),
    ...(!link || isAppPath(link) ? {} : { link: 'link' }),
    ...(draft.channels.inApp || draft.channels.email ? {} : { channels: 'channels' }),
  };
}
