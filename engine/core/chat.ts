/**
 * Private chat's rules (community §3 Chat and Message, §4; core §7.6, §9), once, for the server
 * (server/chat), the client's chat slice and the chat screens. API shapes: schemas/model/api/chat.ts.
 */
import type { ChatRefusal } from '../../schemas/model/api/chat';

/** Core §9: a history page holds this many messages unless asked otherwise. */
export const CHAT_PAGE_SIZE = 10;
/** The largest page of history or of the chat list a caller may ask for. */
export const CHAT_MAX_PAGE = 50;
/** The chat list's page when the caller names none. */
export const CHAT_LIST_PAGE_SIZE = 20;
/** A message's stored HTML at most (characters, after sanitising): a long letter, not a document. */
export const CHAT_MESSAGE_MAX_LENGTH = 4000;
/** A message's meta as JSON at most (bytes). */
export const CHAT_META_MAX_BYTES = 2048;
/** Messages one member may send per minute, over all her chats (HTTP 429 beyond). */
export const CHAT_SENDS_PER_MINUTE = 60;
/** A reconnecting client's catch-up answers at most this many messages; beyond it she reloads. */
export const CHAT_MISSED_MAX = 200;
/** The composer tells the other participant "typing" at most this often; the indicator fades after twice as long. */
export const CHAT_TYPING_INTERVAL_MS = 3000;
/** A report's reason at most (characters). */
export const CHAT_REPORT_REASON_MAX = 500;
/** A client's idempotency key: short, URL-safe. */
export const CHAT_CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * Core §7.6: what a chat message may hold. The server stores messages sanitised to these (the
 * one markup policy, engine/core/markup-policy.ts, narrowed) and the browser sanitises again
 * before showing; every link opens in a new tab without handing over the opener.
 */
export const CHAT_MARKUP_ELEMENTS: readonly string[] = ['p', 'b', 'i', 'em', 'u', 'strong', 'br', 'a'];
export const CHAT_MARKUP_ATTRIBUTES: readonly string[] = ['href', 'target', 'rel'];
export const CHAT_LINK_TARGET = '_blank';
export const CHAT_LINK_REL = 'noopener noreferrer nofollow';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
/** http(s) addresses in typed text; linear (no nested quantifiers). */
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+/g;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?)\]]+$/;

/**
 * What the composer sends for what a member typed: the text escaped, http(s) addresses made links
 * that open in a new tab, line breaks kept as <br>. Plain text in, chat HTML out.
 */
export function chatTextToHtml(text: string): string {
  const out: string[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    let html = '';
    let last = 0;
    for (const match of line.matchAll(URL_IN_TEXT)) {
      const url = match[0].replace(TRAILING, '');
      const start = match.index ?? 0;
      html += escapeHtml(line.slice(last, start));
      html += `<a href="${escapeHtml(url)}" target="${CHAT_LINK_TARGET}" rel="${CHAT_LINK_REL}">${escapeHtml(url)}</a>`;
      last = start + url.length;
    }
    out.push(html + escapeHtml(line.slice(last)));
  }
  return out.join('<br>');
}

/** A message's text without markup (notification previews, emails' plain part, the chat list). */
export function chatHtmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(lt|gt|quot|#39|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e] ?? '')
    .trim();
}

/** What the server knows when a member asks to chat with another (community §3 `_canStartChat`). */
export interface ChatStartFacts {
  self: boolean;
  /** The other person exists (an account with a profile). */
  exists: boolean;
  /** The other blocked the member. */
  blockedByOther: boolean;
  /** The member blocked the other. */
  blockedByMe: boolean;
  /** The other made her connectivity private (profile meta `settings.privacy.isConnectivityPrivate`). */
  connectivityPrivate: boolean;
  /** The admin setting restricts chat to connections. */
  connectionsOnly: boolean;
  /** The two are connected (a leader and a follower; the connections domain tells). */
  connected: boolean;
  /** A chat between them exists already: it may go on unless one blocked the other. */
  chatExists: boolean;
  /** The member is an admin: privacy and the connections setting do not stop her (blocks still do). */
  isAdmin: boolean;
}

/** Why the member may not chat with the other, or null when she may. Blocks always win. */
export function chatRefusal(f: ChatStartFacts): ChatRefusal | null {
  if (f.self) return 'self';
  if (!f.exists) return 'unknownAccount';
  if (f.blockedByMe) return 'blockedByYou';
  if (f.blockedByOther) return 'blocked';
  if (f.chatExists || f.isAdmin) return null;
  if (f.connectivityPrivate && !f.connected) return 'connectivityPrivate';
  if (f.connectionsOnly && !f.connected) return 'connectionsOnly';
  return null;
}

/** Words for a person, English (the server's 4xx message; the client shows `chat.refused.<reason>` translated). */
export const CHAT_REFUSAL_MESSAGES: Readonly<Record<ChatRefusal, string>> = {
  self: 'You cannot start a chat with yourself.',
  unknownAccount: 'There is no such member.',
  blockedByYou: 'You blocked this member. Unblock them to send a message.',
  blocked: 'This member does not accept messages from you.',
  connectivityPrivate: 'This member only chats with their connections.',
  connectionsOnly: 'Chat is open between connections only.',
};

/** The two participants' key of a private chat: one chat per pair, whoever opened it. */
export function chatPairKey(a: string, b: string): string {
  return a < b ? `${a} ${b}` : `${b} ${a}`;
}
