/** Line icons drawn in the text colour (decorative: the control that holds one carries the name). */
import type { ReactNode } from 'react';

function LineIcon({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <svg
      className={className}
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export const BellIcon = ({ className }: { className?: string }) => (
  <LineIcon className={className}>
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.9 1.9 0 0 0 3.4 0" />
  </LineIcon>
);

export const ChatIcon = ({ className }: { className?: string }) => (
  <LineIcon className={className}>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12z" />
  </LineIcon>
);
