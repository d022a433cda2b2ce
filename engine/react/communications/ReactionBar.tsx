/**
 * The five reactions of a post or comment (COMMUNICATION_REACTIONS): toggle buttons with their
 * counts, `aria-pressed` for the viewer's own, an accessible name saying what and how many.
 */
import type { ReactNode } from 'react';
import type { ReactionSummary } from '../../../schemas/model/api/communications';
import { COMMUNICATION_REACTIONS } from '../../core/communications';
import { useEngine } from '../engine-context';

/** Line icons of the reactions (drawn, not emoji: they look the same on every system, in both colour modes). */
const REACTION_ICONS: Record<(typeof COMMUNICATION_REACTIONS)[number], ReactNode> = {
  like: (
    <>
      <path d="M7 10v12" />
      <path d="M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z" />
    </>
  ),
  love: <path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z" />,
  celebrate: <path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9zM19 16l.8 2.2L22 19l-2.2.8L19 22l-.8-2.2L16 19l2.2-.8z" />,
  insightful: (
    <>
      <path d="M15 14c.2-1 .7-1.7 1.5-2.5 1-.9 1.5-2.2 1.5-3.5A6 6 0 0 0 6 8c0 1 .2 2.2 1.5 3.5.7.7 1.3 1.5 1.5 2.5" />
      <path d="M9 18h6" />
      <path d="M10 22h4" />
    </>
  ),
  curious: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M9.09 9a3 3 0 0 1 5.83 1c0 2-3 3-3 3" />
      <path d="M12 17h.01" />
    </>
  ),
};

function ReactionIcon({ id }: { id: (typeof COMMUNICATION_REACTIONS)[number] }) {
  return (
    <svg
      className="t-reactions__icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {REACTION_ICONS[id]}
    </svg>
  );
}

export interface ReactionBarProps {
  meta: ReactionSummary;
  /** Toggles one; absent when the viewer may not react (the counts still show). */
  onToggle?(reactionId: string): void;
  /** What is reacted to, for the group's name ("Reactions to …"). */
  subject?: string;
}

export function ReactionBar({ meta, onToggle, subject }: ReactionBarProps) {
  const { t } = useEngine();
  const counts = meta.individualReactionScores ?? {};
  return (
    <div role="group" className="t-reactions" aria-label={subject ? t('posts.reactions.labelOf', { subject }) : t('posts.reactions.label')}>
      {COMMUNICATION_REACTIONS.map((id) => {
        const count = Math.max(0, counts[id] ?? 0);
        const pressed = meta.userReactions?.includes(id) ?? false;
        const name = t('posts.reactions.button', { reaction: t(`posts.reactions.${id}`), count });
        if (!onToggle && !count) return null;
        return (
          <button
            key={id}
            type="button"
            className={`t-reactions__button${pressed ? ' t-reactions__button--on' : ''}`}
            aria-pressed={onToggle ? pressed : undefined}
            aria-label={name}
            title={t(`posts.reactions.${id}`)}
            disabled={!onToggle}
            onClick={() => onToggle?.(id)}
          >
            <ReactionIcon id={id} />
            {count > 0 && (
              <span aria-hidden="true" className="t-reactions__count">
                {count}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
