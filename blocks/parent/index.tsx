import { createElement, useId } from 'react';
import { BlockChildren, EditableText, type BlockProps } from '../../engine/block-api';
import type { ParentOptions } from '../options.generated';

export type { ParentOptions };

/** A titled group of child blocks laid out in its columns. */
export default function Parent({ block, options }: BlockProps<ParentOptions>) {
  const titleId = useId();
  const title = options.title ?? (block.showTitle ? block.name : undefined);
  const level = Math.min(6, Math.max(2, options.headingLevel ?? 2));
  return (
    <section className="t-parent" aria-labelledby={title ? titleId : undefined}>
      {title &&
        (options.title !== undefined ? (
          <EditableText as={`h${level}` as 'h2'} id={titleId} className="t-parent__title" block={block} option="title" value={title} />
        ) : (
          createElement(`h${level}`, { id: titleId, className: 't-parent__title' }, title)
        ))}
      <BlockChildren block={block} />
    </section>
  );
}
