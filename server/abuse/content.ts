/**
 * What a report names, per type: whether the reporter may see it (she can only report what she can
 * see: a profile of an existing account, a chat message of a chat she takes part in, a post or
 * comment she may read), its author, its state and a short excerpt for the queue, and the content
 * in context for the moderator's detail.
 */
import { chatHtmlToText } from '../../engine/core/chat';
import type { AbuseContent, AbuseQueueItem, AbuseReportedType } from '../../schemas/model/api/abuse';
import type { Communication } from '../../schemas/model/api/communications';
import type { AppContext, SignedInUser } from '../context';
import { chatMessageById, chatMessagesById, isChatParticipant } from '../chat';
import { sendersOf } from '../notifications/notification-rows';
import { mayWatchProfile } from '../profiles';
import { communicationInContext, findReportedCommunication, mayReadReportedCommunication } from './communications';

/** Characters of a queue row's excerpt at most. */
export const EXCERPT_MAX = 200;

export type ContentState = AbuseQueueItem['contentState'];

export interface ReportedItem {
  /** The author (the reported profile's own account). */
  authorId: string;
}

const cut = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_MAX ? `${flat.slice(0, EXCERPT_MAX - 1)}…` : flat;
};

const isCommunication = (type: AbuseReportedType) => type === 'post' || type === 'comment';

/** The item when the member may see it (and so report it), else undefined (the caller's 404). */
export async function reportableItem(ctx: AppContext, user: SignedInUser, type: AbuseReportedType, id: string): Promise<ReportedItem | undefined> {
  const me = user.account.accountId;
  if (type === 'profile') return (await mayWatchProfile(ctx, me, id)) ? { authorId: id } : undefined;
  if (type === 'chatMessage') {
    const message = await chatMessageById(ctx.store.kysely, id);
    if (!message || message.deleted || !(await isChatParticipant(ctx.store.kysely, message.chatId, me))) return undefined;
    return { authorId: message.from };
  }
  const communication = await findReportedCommunication(ctx, id);
  if (!communication || communication.kind !== type || communication.deleted || communication.hidden) return undefined;
  if (!(await mayReadReportedCommunication(ctx, user, id))) return undefined;
  return { authorId: communication.from };
}

const communicationState = (c: Communication | undefined): ContentState => (!c ? 'missing' : c.deleted ? 'deleted' : c.hidden ? 'hidden' : 'visible');
const communicationText = (c: Communication) => cut([c.title, c.text].filter(Boolean).join(' — '));

/** Excerpts and states of the queue's items, by `<type>|<id>`. */
export async function itemSummaries(
  ctx: AppContext,
  items: readonly { type: AbuseReportedType; id: string }[],
): Promise<Map<string, { excerpt: string; contentState: ContentState }>> {
  const out = new Map<string, { excerpt: string; contentState: ContentState }>();
  const key = (type: string, id: string) => `${type}|${id}`;
  const profiles = items.filter((i) => i.type === 'profile').map((i) => i.id);
  const messages = items.filter((i) => i.type === 'chatMessage').map((i) => i.id);
  const [names, accounts, chat] = await Promise.all([
    sendersOf(ctx, profiles),
    ctx.store.getMany('account', profiles),
    chatMessagesById(ctx.store.kysely, messages),
  ]);
  const existing = new Set(accounts.map((a) => a.id));
  for (const id of profiles)
    out.set(
      key('profile', id),
      existing.has(id) ? { excerpt: cut(names.get(id)?.name ?? id), contentState: 'visible' } : { excerpt: id, contentState: 'missing' },
    );
  for (const id of messages) {
    const m = chat.get(id);
    out.set(
      key('chatMessage', id),
      !m ? { excerpt: '', contentState: 'missing' } : { excerpt: cut(chatHtmlToText(m.message)), contentState: m.deleted ? 'deleted' : 'visible' },
    );
  }
  await Promise.all(
    items
      .filter((i) => isCommunication(i.type))
      .map(async (i) => {
        const c = await findReportedCommunication(ctx, i.id);
        out.set(key(i.type, i.id), { excerpt: c && !c.deleted ? communicationText(c) : '', contentState: communicationState(c) });
      }),
  );
  return out;
}

/** The reported content in context, for a moderator (hidden and deleted content included). */
export async function contentFor(ctx: AppContext, user: SignedInUser, type: AbuseReportedType, id: string): Promise<AbuseContent> {
  const base = { reportedType: type, reportedId: id };
  if (type === 'profile') {
    const account = await ctx.store.get('account', id);
    if (!account) return { ...base, contentState: 'missing' };
    const name = (await sendersOf(ctx, [id])).get(id)?.name ?? id;
    return { ...base, contentState: 'visible', profile: { accountId: id, name } };
  }
  if (type === 'chatMessage') {
    const m = await chatMessageById(ctx.store.kysely, id);
    if (!m) return { ...base, contentState: 'missing' };
    return { ...base, contentState: m.deleted ? 'deleted' : 'visible', chatMessage: { chatId: m.chatId, from: m.from, message: m.message, date: m.date } };
  }
  const found = await communicationInContext(ctx, user, id);
  if (!found) return { ...base, contentState: 'missing' };
  return {
    ...base,
    contentState: communicationState(found.communication),
    communication: found.communication,
    ...(found.parent ? { parent: found.parent } : {}),
    ...(found.post ? { post: found.post } : {}),
    ...(found.href ? { href: found.href } : {}),
  };
}

/** The current state of a post or comment (hide and delete check it first). */
export async function communicationStateOf(ctx: AppContext, id: string): Promise<{ state: ContentState; communication?: Communication }> {
  const c = await findReportedCommunication(ctx, id);
  return { state: communicationState(c), communication: c };
}
