import { useEffect, useRef, useState } from 'react';
import { useEngine, type BlockProps } from '../../engine/block-api';
import { useJoinState } from '../../engine/data/entity-join';
import { statusOf } from '../../engine/data/transport';
import { usePageEntity } from '../../engine/react/entities/parts';
import type { EntityJoinOptions } from '../options.generated';
import { MemberCount, isJoinable, useGoToLanding } from './join-parts';

export type { EntityJoinOptions };

/**
 * Join and leave the page's entity (its join power-up): the member count, the join button (a
 * request when the power-up asks for approval), the full text when no place is left, leave after
 * an inline "are you sure" when asked for. The change shows at once and is undone if the server
 * refuses; a join whose answer names a landing page goes there.
 */
export default function EntityJoin({ block, options }: BlockProps<EntityJoinOptions>) {
  const { t } = useEngine();
  const entity = usePageEntity();
  const { entry, join, leave } = useJoinState(entity?.id);
  const goToLanding = useGoToLanding(entity);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string>();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const leaveRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  if (!entity) return <p className="t-entity-state">{t('entityBlocks.noEntity')}</p>;
  if (!entry || entry.state === 'loading')
    return (
      <p className="t-entity-state" role="status">
        {t('entityBlocks.loading')}
      </p>
    );
  if (entry.state === 'error') return <p className="t-entity-state">{t('entityBlocks.joinUnavailable')}</p>;
  const state = entry.value;
  const run = (action: () => Promise<unknown>) => {
    setBusy(true);
    setProblem(undefined);
    action()
      .catch((error: unknown) => setProblem(t(statusOf(error) === 409 ? 'entityBlocks.joinFull' : 'entityBlocks.joinFailed')))
      .finally(() => setBusy(false));
  };
  const member = state.state === 'accepted';
  const waiting = state.state === 'applied';
  // Joining again after leaving or a returned request is allowed; a rejected or banned member is shown her state.
  const joinable = isJoinable(state);
  const labelId = `entity-join-${block.id}`;
  return (
    <section className="t-entity-join" aria-labelledby={labelId}>
      <h2 id={labelId} className="ts-visually-hidden">
        {t('entityBlocks.joinTitle', { title: entity.title })}
      </h2>
      {options.showMemberCount !== false && <MemberCount state={state} />}
      {member && <p className="t-entity-join__state">{t('entityBlocks.youAreMember')}</p>}
      {waiting && <p className="t-entity-join__state">{t('entityBlocks.requestWaiting')}</p>}
      {!member && !waiting && !joinable && state.state !== null && <p className="t-entity-join__state">{t(`entityBlocks.state.${state.state}`)}</p>}
      {joinable &&
        (state.isFull ? (
          <p className="t-entity-join__full">{options.fullText || t('entityBlocks.full')}</p>
        ) : (
          <button type="button" className="t-button t-button--primary" disabled={busy} onClick={() => run(() => join().then(goToLanding))}>
            {options.joinLabel || t('entityBlocks.join')}
          </button>
        ))}
      {(member || waiting) &&
        options.allowLeave !== false &&
        (confirming ? (
          <div className="t-entity-join__confirm" role="group" aria-label={t('entityBlocks.leaveConfirm', { title: entity.title })}>
            <p>{t('entityBlocks.leaveConfirm', { title: entity.title })}</p>
            <button
              ref={confirmRef}
              type="button"
              className="t-button t-button--danger"
              disabled={busy}
              onClick={() => {
                setConfirming(false);
                run(leave);
              }}
            >
              {options.leaveLabel || t('entityBlocks.leave')}
            </button>
            <button
              type="button"
              className="t-button"
              onClick={() => {
                setConfirming(false);
                requestAnimationFrame(() => leaveRef.current?.focus());
              }}
            >
              {t('entityBlocks.cancel')}
            </button>
          </div>
        ) : (
          <button
            ref={leaveRef}
            type="button"
            className="t-button"
            disabled={busy}
            onClick={() => (options.confirmLeave !== false ? setConfirming(true) : run(leave))}
          >
            {waiting ? t('entityBlocks.withdraw') : options.leaveLabel || t('entityBlocks.leave')}
          </button>
        ))}
      {problem && (
        <p className="t-entity-join__problem" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
