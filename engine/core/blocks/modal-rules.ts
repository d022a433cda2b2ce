/**
 * Page modal and modal block rules (spec core 4.4), over the per-user block meta
 * (profile meta `block.{id}`: shown, agreed, timestamp).
 */
import type { BlockMeta, ModalProps, ModalSize } from '../../../schemas/model';
import { MODAL_DEFAULTS, MODAL_SIZES_PX } from '../constants';

export interface ModalBehaviour {
  noAutoOpen?: boolean;
  showOnce?: boolean;
  requiresAgreeing?: boolean;
}

/**
 * Whether a modal opens by itself: never with noAutoOpen; never once agreed; otherwise when
 * agreement is required, when it is not show-once, or when it has not been shown yet.
 */
export function shouldAutoOpenModal(behaviour: ModalBehaviour, meta: BlockMeta | undefined): boolean {
  if (behaviour.noAutoOpen) return false;
  if (meta?.agreed) return false;
  const showOnce = behaviour.showOnce ?? MODAL_DEFAULTS.showOnce;
  return Boolean(behaviour.requiresAgreeing) || !showOnce || !meta?.shown;
}

/** The dialog width in px: the named size when given, else the width, else 700. */
export function modalWidthPx(props: ModalProps | undefined): number {
  const size = props?.size as ModalSize | undefined;
  if (size && Object.prototype.hasOwnProperty.call(MODAL_SIZES_PX, size)) return MODAL_SIZES_PX[size];
  const width = props?.width;
  return typeof width === 'number' && Number.isFinite(width) && width > 0 ? width : MODAL_DEFAULTS.width;
}

export function modalIsPersistent(props: ModalProps | undefined): boolean {
  return props?.persistent ?? MODAL_DEFAULTS.persistent;
}

/** What closing without agreeing does, in order of preference (spec 4.4). */
export type ModalDismissAction = 'close' | 'previousTab' | 'back' | 'logout' | 'reopen';

export function modalDismissAction(
  behaviour: ModalBehaviour,
  facts: { editMode: boolean; hasPreviousTab: boolean; hasHistory: boolean; canLogout: boolean },
): ModalDismissAction {
  if (!behaviour.requiresAgreeing || facts.editMode) return 'close';
  if (facts.hasPreviousTab) return 'previousTab';
  if (facts.hasHistory) return 'back';
  return facts.canLogout ? 'logout' : 'reopen';
}
