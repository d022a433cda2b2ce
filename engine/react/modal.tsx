/**
 * Modals (spec 4.4): the dialog itself, and the controller shared by the page modal and modal
 * blocks: auto-open rules, show once, requiring agreement, what closing without agreeing does,
 * and steppers inside that must be complete before confirming.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Block, ModalProps } from '../../schemas/model';
import { modalDismissAction, modalIsPersistent, modalWidthPx, shouldAutoOpenModal } from '../core/blocks/modal-rules';
import { useBlockMeta } from './block-meta';
import { useEngine } from './engine-context';
import { StepperProgressContext, type StepperProgress, type StepperProgressRegistry } from './stepper-progress';
import { useGoToPreviousTab } from './tabs-state';

export interface ModalDialogProps {
  title?: string;
  modalProps?: ModalProps;
  /** Called on Escape or a click outside, unless the modal is persistent. */
  onDismiss?: () => void;
  footer?: ReactNode;
  children?: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside the dialog. */
function trapFocus(e: KeyboardEvent<HTMLDivElement>, dialog: HTMLDivElement | null) {
  const items = dialog ? Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)) : [];
  if (!items.length) return;
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (e.shiftKey && (active === first || active === dialog)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && active === last) {
    e.preventDefault();
    first.focus();
  }
}

/** An accessible modal dialog: labelled by its title, focus moved inside and kept there, Escape closes unless persistent. */
export function ModalDialog({ title, modalProps, onDismiss, footer, children }: ModalDialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const persistent = modalIsPersistent(modalProps);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.focus();
    // Back to the trigger; when the element that had focus is gone, at least not to <body> unnoticed.
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);
  const dismiss = persistent ? undefined : onDismiss;
  return (
    // A press on the backdrop (not the dialog) dismisses: a pointer convenience, Escape does the same from the keyboard.
    <div className="t-modal-backdrop" role="presentation" onMouseDown={(e) => e.target === e.currentTarget && dismiss?.()}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a dialog closes on Escape pressed anywhere inside it */}
      <div
        ref={ref}
        className="t-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : 'Dialog'}
        tabIndex={-1}
        style={{ width: modalWidthPx(modalProps), maxWidth: '100%' }}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && dismiss) {
            e.stopPropagation();
            dismiss();
          } else if (e.key === 'Tab') trapFocus(e, ref.current);
        }}
      >
        {title && (
          <h2 id={titleId} className="t-modal__title">
            {title}
          </h2>
        )}
        <div className="t-modal__body">{children}</div>
        {footer && <div className="t-modal__footer">{footer}</div>}
      </div>
    </div>
  );
}

function useStepperRegistry(): [StepperProgressRegistry, { remaining: number; total: number }] {
  const [progress, setProgress] = useState<Record<string, StepperProgress>>({});
  const registry = useMemo<StepperProgressRegistry>(
    () => ({
      report: (id, p) => setProgress((all) => (all[id]?.total === p.total && all[id]?.completed === p.completed ? all : { ...all, [id]: p })),
      remove: (id) =>
        setProgress((all) => {
          if (!(id in all)) return all;
          const { [id]: _gone, ...rest } = all;
          return rest;
        }),
    }),
    [],
  );
  const total = Object.values(progress).reduce((n, p) => n + p.total, 0);
  const done = Object.values(progress).reduce((n, p) => n + Math.min(p.completed, p.total), 0);
  return [registry, { remaining: total - done, total }];
}

export interface ModalControllerProps {
  block: Block;
  /** Shown on the open button when the modal does not open by itself. */
  openLabel?: string;
  children: ReactNode;
  /** Called after the user agreed or confirmed (modal chains move on). */
  onConfirmed?: () => void;
}

/** Opens, records and closes a block's modal following spec 4.4. */
export function ModalController({ block, openLabel, children, onConfirmed }: ModalControllerProps) {
  const { t, editMode, services } = useEngine();
  const [meta, writeMeta] = useBlockMeta(block.id);
  const behaviour = { noAutoOpen: block.noAutoOpen, showOnce: block.showOnce ?? block.modalProps?.showOnce, requiresAgreeing: block.requiresAgreeing };
  const [open, setOpen] = useState(() => shouldAutoOpenModal(behaviour, meta));
  const [stepsMessage, setStepsMessage] = useState<string | null>(null);
  const [registry, steps] = useStepperRegistry();
  const previousTab = useGoToPreviousTab();
  const recordedShown = useRef(false);

  useEffect(() => {
    if (open && !recordedShown.current) {
      recordedShown.current = true;
      if (!meta?.shown) writeMeta({ shown: true });
    }
  }, [open, meta?.shown, writeMeta]);

  const confirm = useCallback(() => {
    if (steps.remaining > 0) {
      setStepsMessage(t('engine.modal.stepsRemaining', { n: steps.remaining, m: steps.total }));
      return;
    }
    writeMeta({ shown: true, agreed: true });
    setOpen(false);
    onConfirmed?.();
  }, [steps, t, writeMeta, onConfirmed]);

  const closeWithoutAgreeing = useCallback(() => {
    const dismissBehaviour = { noAutoOpen: block.noAutoOpen, showOnce: block.showOnce ?? block.modalProps?.showOnce, requiresAgreeing: block.requiresAgreeing };
    writeMeta({ shown: true, agreed: false });
    const action = modalDismissAction(dismissBehaviour, {
      editMode,
      hasPreviousTab: previousTab.hasPrevious,
      hasHistory: typeof window !== 'undefined' && window.history.length > 1,
      canLogout: Boolean(services.logout),
    });
    if (action === 'reopen') return;
    setOpen(false);
    if (action === 'previousTab') previousTab.goBack();
    else if (action === 'back') window.history.back();
    else if (action === 'logout') services.logout?.();
  }, [writeMeta, editMode, previousTab, services, block.requiresAgreeing, block.noAutoOpen, block.showOnce, block.modalProps?.showOnce]);

  const title = block.modalProps?.title ?? block.name;
  return (
    <>
      {/* Kept while the dialog is open: the dialog gives focus back to this same element on close. */}
      {(block.noAutoOpen || editMode) && (
        <button type="button" className="t-modal-open" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
          {openLabel ?? title ?? t('engine.modal.open')}
        </button>
      )}
      {open && (
        <ModalDialog
          title={title}
          modalProps={block.modalProps}
          onDismiss={closeWithoutAgreeing}
          footer={
            <>
              {stepsMessage && steps.remaining > 0 && (
                <p role="alert" className="t-modal__steps">
                  {stepsMessage}
                </p>
              )}
              <button type="button" onClick={closeWithoutAgreeing}>
                {t('engine.modal.close')}
              </button>
              <button type="button" className="t-modal__confirm" onClick={confirm}>
                {block.requiresAgreeing ? t('engine.modal.agree') : t('engine.modal.confirm')}
              </button>
            </>
          }
        >
          <StepperProgressContext.Provider value={registry}>{children}</StepperProgressContext.Provider>
        </ModalDialog>
      )}
    </>
  );
}
