/** A wide table's box that scrolls sideways on its own (not the page), named and focusable so the keyboard can scroll it. */
import type { ReactNode } from 'react';

export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolled region takes focus to scroll by keyboard (WCAG 2.1.1)
    <div className="t-admin-table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
