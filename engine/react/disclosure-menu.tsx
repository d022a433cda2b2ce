/**
 * A "⋯" disclosure menu (a chat message's, a conversation's, a post's or comment's): the button
 * tells whether it is open, and Escape in the open menu closes it and puts focus back on the button
 * (closed, Escape is the page's: a modal around closes).
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface DisclosureMenuProps {
  label: string;
  open: boolean;
  setOpen(open: boolean): void;
  className: string;
  buttonClassName: string;
  menuClassName: string;
  children: ReactNode;
  /** Shown after the menu, open or not (a failure message). */
  after?: ReactNode;
}

export function DisclosureMenu({ label, open, setOpen, className, buttonClassName, menuClassName, children, after }: DisclosureMenuProps) {
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Escape' || !open) return;
    e.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };
  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- Escape from the menu's buttons bubbles here
    <div className={className} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className={buttonClassName}
        aria-label={label}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <div id={menuId} className={menuClassName}>
          {children}
        </div>
      )}
      {after}
    </div>
  );
}
