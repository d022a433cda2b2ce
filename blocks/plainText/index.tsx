import type { BlockProps } from '../../engine/react/block-props';
import { EditableText } from '../../engine/react/editable-text';
import type { PlainTextOptions } from '../options.generated';

export type { PlainTextOptions };

/** Plain text: rendered as text, never as HTML; line breaks kept. */
export default function PlainText({ block, options }: BlockProps<PlainTextOptions>) {
  return (
    <p className="t-plain-text" style={{ whiteSpace: 'pre-line', textAlign: options.align ?? 'start' }}>
      <EditableText block={block} option="text" value={options.text ?? ''} multiline />
    </p>
  );
}
