import type { BlockProps } from '../../engine/react/block-props';
import { EditableText } from '../../engine/react/editable-text';
import type { CalloutOptions } from '../options.generated';

export type { CalloutOptions };

/** A highlighted note. Warnings and dangers are announced to screen readers as alerts. */
export default function Callout({ block, options }: BlockProps<CalloutOptions>) {
  const urgent = options.tone === 'warning' || options.tone === 'danger';
  const titleId = options.title ? `callout-${block.id}-title` : undefined;
  return (
    <aside className={`t-callout t-callout--${options.tone}`} role={urgent ? 'alert' : 'note'} aria-labelledby={titleId}>
      <EditableText optional as="strong" id={titleId} className="t-callout__title" block={block} option="title" value={options.title ?? ''} />
      <EditableText as="p" className="t-callout__body" block={block} option="body" value={options.body ?? ''} multiline />
    </aside>
  );
}
