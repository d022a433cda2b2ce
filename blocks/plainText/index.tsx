import type { BlockProps } from '../../engine';

export interface PlainTextOptions {
  text: string;
  align?: 'start' | 'center' | 'end';
}

/** Plain text: rendered as text, never as HTML; line breaks kept. */
export default function PlainText({ options }: BlockProps<PlainTextOptions>) {
  return (
    <p className="t-plain-text" style={{ whiteSpace: 'pre-line', textAlign: options.align ?? 'start' }}>
      {options.text}
    </p>
  );
}
