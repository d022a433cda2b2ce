import { blockRootClass, blockRootId, type BlockProps, type OwnsBlockRoot } from '../../engine/react/block-props';
import { EditableText } from '../../engine/react/editable-text';
import type { PlainTextOptions } from '../options.generated';

export type { PlainTextOptions };

/** Plain text: rendered as text, never as HTML; line breaks kept. */
export default function PlainText(props: BlockProps<PlainTextOptions>) {
  const { block, options } = props;
  return (
    <p
      className={blockRootClass(props, 't-plain-text')}
      data-block-id={blockRootId(props)}
      style={{ whiteSpace: 'pre-line', textAlign: options.align ?? 'start' }}
    >
      <EditableText block={block} option="text" value={options.text ?? ''} multiline />
    </p>
  );
}
// Its <p> is the block's element (a member's page has no wrapper element around it).
PlainText.ownsBlockRoot = true satisfies OwnsBlockRoot['ownsBlockRoot'];
