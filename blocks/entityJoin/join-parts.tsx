/** What entityJoin and entityJoinBoxes share: the member count line and the move to the landing page after a join. */
import { useCallback } from 'react';
import type { JoinState } from '../../schemas/model/api/entities';
import { useEngine } from '../../engine/block-api';
import { joinMove } from '../../engine/core/entities';

/** Whether a join would move her (engine/core's joinMove): none yet, withdrawn or returned. */
export const isJoinable = (state: JoinState) => {
  const move = joinMove((state.state as Parameters<typeof joinMove>[0]) ?? null, state.approval);
  return move !== null && move !== 'refused';
};

/** "12 members", or "12 of 20 places taken" with a capacity. */
export function MemberCount({ state }: { state: JoinState }) {
  const { t } = useEngine();
  const text =
    state.capacity !== undefined
      ? t('entityBlocks.placesTaken', { n: state.memberCount, max: state.capacity })
      : t(state.memberCount === 1 ? 'entityBlocks.memberCountOne' : 'entityBlocks.memberCount', { n: state.memberCount });
  return (
    <p className="t-entity-join__count" role="status">
      {text}
    </p>
  );
}

/** After a join whose answer names a landing page (core §2.5), the member goes there: `/space/<slug or id>/<module>/<page>/`. */
export function useGoToLanding(entity: { id: string; slug?: string } | undefined) {
  // The space's address names the entity as people read it: by its slug when it has one.
  const ref = entity?.slug || entity?.id;
  const { services } = useEngine();
  return useCallback(
    (answer: JoinState) => {
      if (!ref || !answer.landing || answer.state !== 'accepted') return;
      const seg = encodeURIComponent;
      services.navigate?.(`/space/${seg(ref)}/${seg(answer.landing.moduleSlug)}/${seg(answer.landing.pageSlug)}/`);
    },
    [services, ref],
  );
}
