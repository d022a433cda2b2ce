/** What the chat views share: the other participant, her name, a message's sanitised body, refusals in words. */
import type { Profile } from '../../../schemas/model';
import type { ChatRefusal, ChatSummary } from '../../../schemas/model/api/chat';
import { CHAT_REFUSAL_MESSAGES } from '../../core/chat';
import { statusOf } from '../../data/transport';
import { useDataLayer, useProfileEntry } from '../../data/hooks';
import { CHAT_MARKUP, useSanitizedMarkup } from '../markup-sanitizer';
import { profileDisplayName } from '../member-card';
import { useEngine } from '../engine-context';

/** The other participant of a chat (the member is first in `with`). */
export function otherOf(chat: Pick<ChatSummary, 'with'>, own: string | undefined): string {
  return chat.with.find((id) => id !== own) ?? chat.with[chat.with.length - 1] ?? '';
}

/** A member's public name once her profile is loaded; "A member" meanwhile or when hidden. */
export function useMemberName(accountId: string | undefined): { name: string; profile?: Profile } {
  const { t } = useEngine();
  const entry = useProfileEntry(accountId);
  if (entry?.state === 'ready') return { name: profileDisplayName(entry.value), profile: entry.value };
  return { name: t('chat.conversation.someone') };
}

export function useOwnAccountId(): string | undefined {
  return useDataLayer().ownAccountId;
}

const isRefusal = (v: unknown): v is ChatRefusal => typeof v === 'string' && Object.hasOwn(CHAT_REFUSAL_MESSAGES, v);

/** The reason of a refused call, when the server named one (a 403's `code`). */
export function refusalOf(error: unknown): ChatRefusal | undefined {
  const data = error && typeof error === 'object' ? (error as { data?: unknown }).data : undefined;
  const body = data && typeof data === 'object' ? (data as { code?: unknown; reason?: unknown }) : undefined;
  const reason = body?.code ?? body?.reason;
  return isRefusal(reason) ? reason : undefined;
}

/** The catalogue key of words for a person about a failed chat call. */
export function chatErrorKey(error: unknown): string {
  const refusal = refusalOf(error);
  if (refusal) return `chat.refused.${refusal}`;
  if (statusOf(error) === 429) return 'chat.errors.rate';
  return 'chat.errors.generic';
}

/** A message's body: the server's sanitised HTML sanitised again by the chat policy before the DOM sees it. */
export function ChatMessageBody({ html, className }: { html: string; className?: string }) {
  const clean = useSanitizedMarkup(html, CHAT_MARKUP);
  // Never shown unsanitised: nothing while the sanitiser loads, or when it cannot.
  if (!clean?.ok) return <span className={className} aria-busy={clean ? undefined : true} />;
  // Sanitised by the chat policy just above.
  return <span className={className} dangerouslySetInnerHTML={{ __html: clean.html }} />;
}
