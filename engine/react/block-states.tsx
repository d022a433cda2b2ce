/**
 * The states a block can be in instead of its content. Every one is a visible, labelled notice:
 * a block never renders blank and never breaks the page.
 */
import type { ReactNode } from 'react';
import { useEngine } from './engine-context';

export type BlockStateKind =
  | 'loading'
  | 'failedToLoad'
  | 'crashed'
  | 'removed'
  | 'planned'
  | 'unknown'
  | 'configurationNeeded'
  | 'missingDefinition'
  | 'missingData'
  | 'noEvaluator'
  | 'ruleError'
  | 'notFound'
  | 'cycle'
  | 'unreadable';

const ROLE: Partial<Record<BlockStateKind, 'status' | 'alert'>> = { loading: 'status', failedToLoad: 'alert', crashed: 'alert', unreadable: 'alert' };

export interface BlockStateProps {
  kind: BlockStateKind;
  /** Message parameters ({type}, {powerUps}, {id}, {error}). */
  params?: Record<string, string>;
  /** Shown to admins only (validation errors, exception messages). */
  adminDetail?: ReactNode;
}

export function BlockState({ kind, params, adminDetail }: BlockStateProps) {
  const { t, isAdmin } = useEngine();
  return (
    <div className={`t-block-state t-block-state--${kind}`} role={ROLE[kind] ?? 'note'} data-block-state={kind}>
      <span className="t-block-state__message">{t(`engine.states.${kind}`, params)}</span>
      {isAdmin && adminDetail !== undefined && adminDetail !== null && adminDetail !== '' && <small className="t-block-state__detail">{adminDetail}</small>}
    </div>
  );
}

/**
 * What a block returns when its options are present but unusable (for example column widths
 * that do not sum to 12): the configuration-needed state, with the reason for admins.
 */
export function ConfigurationNeeded({ reason }: { reason?: ReactNode }) {
  return <BlockState kind="configurationNeeded" adminDetail={reason} />;
}
