import { useState } from 'react';
import { useEngine, type BlockProps } from '../../engine/block-api';
import { useJoinState } from '../../engine/data/entity-join';
import { statusOf } from '../../engine/data/transport';
import { usePageEntity } from '../../engine/react/entities/parts';
import type { Entity, MembershipType } from '../../schemas/model/entity';
import { MemberCount, isJoinable, useGoToLanding } from '../entityJoin/join-parts';
import type { EntityJoinBoxesOptions } from '../options.generated';

export type { EntityJoinBoxesOptions };

/** The entity's membership types (membership power-up), read tolerantly: entries without an id are left out. */
function membershipTypesOf(entity: Entity): MembershipType[] {
  const list = entity.powerUpData?.membership?.membershipType;
  return Array.isArray(list) ? list.filter((m): m is MembershipType => !!m && typeof m === 'object' && typeof m.id === 'string') : [];
}

/**
 * One box per membership type of the page's entity (all, or the chosen ones in the entity's
 * order): its name, description, places left and an apply button that joins that type (a request
 * when it needs approval). A join whose answer names the type's landing page goes there.
 */
export default function EntityJoinBoxes({ block, options }: BlockProps<EntityJoinBoxesOptions>) {
  const { t } = useEngine();
  const entity = usePageEntity();
  if (!entity) return <p className="t-entity-state">{t('entityBlocks.noEntity')}</p>;
  const chosen = options.membershipTypeIds ?? [];
  const types = membershipTypesOf(entity).filter((m) => !chosen.length || chosen.includes(m.id));
  if (!types.length) return <p className="t-entity-state">{t('entityBlocks.noMembershipTypes')}</p>;
  return (
    <ul
      className="t-entity-join-boxes"
      style={{ ['--t-entity-box-columns' as string]: String(options.columns ?? 3) }}
      aria-label={t('entityBlocks.membershipTypes', { title: entity.title })}
    >
      {types.map((type) => (
        <JoinBox key={type.id} blockId={block.id} entity={entity} type={type} options={options} />
      ))}
    </ul>
  );
}

function JoinBox({ blockId, entity, type, options }: { blockId: string; entity: Entity; type: MembershipType; options: EntityJoinBoxesOptions }) {
  const { t } = useEngine();
  const { entry, join } = useJoinState(entity.id, type.id);
  const goToLanding = useGoToLanding(entity);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const headingId = `entity-join-box-${blockId}-${type.id}`;
  const name = type.label || type.id;
  const state = entry?.state === 'ready' ? entry.value : undefined;
  return (
    <li className="t-entity-join-box" aria-labelledby={headingId}>
      <h3 id={headingId} className="t-entity-join-box__title">
        {name}
      </h3>
      {type.description && <p className="t-entity-join-box__description">{type.description}</p>}
      {!entry || entry.state === 'loading' ? (
        <p role="status" className="t-entity-state">
          {t('entityBlocks.loading')}
        </p>
      ) : entry.state === 'error' || !state ? (
        <p className="t-entity-state">{t('entityBlocks.joinUnavailable')}</p>
      ) : (
        <>
          {options.showCapacity !== false &&
            (state.capacity !== undefined ? (
              <p className="t-entity-join-box__places" role="status">
                {t('entityBlocks.placesLeft', { n: Math.max(0, state.capacity - state.memberCount) })}
              </p>
            ) : (
              <MemberCount state={state} />
            ))}
          {state.state === 'accepted' ? (
            <p className="t-entity-join__state">{t('entityBlocks.youAreMember')}</p>
          ) : state.state === 'applied' ? (
            <p className="t-entity-join__state">{t('entityBlocks.requestWaiting')}</p>
          ) : !isJoinable(state) ? (
            <p className="t-entity-join__state">{t(`entityBlocks.state.${state.state}`)}</p>
          ) : state.isFull ? (
            <p className="t-entity-join__full">{t('entityBlocks.full')}</p>
          ) : (
            <button
              type="button"
              className="t-button t-button--primary"
              disabled={busy}
              aria-describedby={headingId}
              onClick={() => {
                setBusy(true);
                setProblem(undefined);
                join()
                  .then((answer) => options.redirectToLandingPage !== false && goToLanding(answer))
                  .catch((error: unknown) => setProblem(t(statusOf(error) === 409 ? 'entityBlocks.joinFull' : 'entityBlocks.joinFailed')))
                  .finally(() => setBusy(false));
              }}
            >
              {options.applyLabel || t('entityBlocks.apply')}
            </button>
          )}
          {problem && (
            <p className="t-entity-join__problem" role="alert">
              {problem}
            </p>
          )}
        </>
      )}
    </li>
  );
}
