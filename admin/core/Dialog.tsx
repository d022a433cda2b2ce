/** The admin's modal dialog: labelled, focus kept inside, Escape and outside press close it (unless busy), and it marks the admin panel open (navigation guard). */
import { FloatingFocusManager, FloatingOverlay, FloatingPortal, useDismiss, useFloating, useInteractions, useRole } from '@floating-ui/react';
import { useId, type ReactNode } from 'react';
import { useMarkAdminPanelOpen } from './panel-open';
import './dialog.css';

export interface DialogProps {
  title: string;
  description?: ReactNode;
  onClose(): void;
  /** While busy, Escape and outside presses do not close it. */
  busy?: boolean;
  size?: 'small' | 'medium' | 'large';
  className?: string;
  children: ReactNode;
  actions?: ReactNode;
}

export function Dialog({ title, description, onClose, busy, size = 'medium', className, children, actions }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const { refs, context } = useFloating({ open: true, onOpenChange: (next) => !next && !busy && onClose() });
  const { getFloatingProps } = useInteractions([useDismiss(context, { outsidePressEvent: 'mousedown', enabled: !busy }), useRole(context, { role: 'dialog' })]);
  useMarkAdminPanelOpen(true);
  return (
    <FloatingPortal preserveTabOrder={false}>
      <FloatingOverlay lockScroll className="t-dialog__overlay">
        <FloatingFocusManager context={context} modal guards={false}>
          <div
            ref={refs.setFloating}
            className={`t-dialog t-dialog--${size}${className ? ` ${className}` : ''}`}
            aria-labelledby={titleId}
            aria-describedby={description ? descriptionId : undefined}
            aria-modal="true"
            {...getFloatingProps()}
          >
            <h2 id={titleId}>{title}</h2>
            {description && (
              <div id={descriptionId} className="t-dialog__description">
                {description}
              </div>
            )}
            {children}
            {actions && <div className="t-dialog__actions">{actions}</div>}
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  );
}
