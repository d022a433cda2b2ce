/**
 * A panel anchored to a trigger with @floating-ui/react, dismissed by Escape or an outside click.
 * Loaded lazily on first open, so floating-ui stays out of the member's initial bundle.
 */
import { autoUpdate, flip, offset, shift, useDismiss, useFloating, useInteractions, useRole, type Placement } from '@floating-ui/react';
import { useEffect, type ReactNode } from 'react';

export interface FloatingPanelProps {
  anchor: HTMLElement;
  onClose: () => void;
  role: 'menu' | 'dialog';
  label: string;
  className: string;
  placement?: Placement;
  children: ReactNode;
}

export default function FloatingPanel({ anchor, onClose, role, label, className, placement = 'bottom-end', children }: FloatingPanelProps) {
  const { refs, floatingStyles, context } = useFloating({
    open: true,
    onOpenChange: (open) => !open && onClose(),
    elements: { reference: anchor },
    placement,
    middleware: [offset(6), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const { getFloatingProps } = useInteractions([useDismiss(context), useRole(context, { role })]);
  useEffect(() => {
    // Move focus into the panel so keyboard users land on its first entry.
    const panel = refs.floating.current;
    panel?.querySelector<HTMLElement>('a, button, select, input')?.focus();
    return () => {
      // Closed (Escape, an entry, an outside click): focus goes back to the trigger, never to <body>.
      const active = document.activeElement;
      if (!active || active === document.body || panel?.contains(active)) anchor.focus();
    };
  }, [refs.floating, anchor]);
  return (
    <div className={className} ref={refs.setFloating} style={floatingStyles} aria-label={label} {...getFloatingProps()}>
      {children}
    </div>
  );
}
