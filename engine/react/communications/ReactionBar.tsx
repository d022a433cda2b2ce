/**
 * The five reactions of a post or comment (COMMUNICATION_REACTIONS): toggle buttons with their
 * counts, `aria-pressed` for the viewer's own, an accessible name saying what and how many.
 */
import type { ReactionSummary } from '../../../schemas/model/api/communications';
import { COMMUNICATION_REACTIONS } from '../../core/communications';
import { useEngine } from '../engine-context';

export const REACTION_EMOJI: Record<(typeof COMMUNICATION_REACTIONS)[number], string> = {
  like: '👍',
  love: '❤️',
  celebrate: '🎉',
  insightful: '💡',
  curious: '🤔',
};

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
            <span aria-hidden="true">{REACTION_EMOJI[id]}</span>
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
