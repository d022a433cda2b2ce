import { useId } from 'react';
import { BlockChildren } from '../../engine/react/block-children';
import type { BlockProps } from '../../engine/react/block-props';
import { EditableText } from '../../engine/react/editable-text';
import type { CardOptions } from '../options.generated';

export type { CardOptions };

/** Child blocks on a card, labelled by its title when it has one. */
export default function Card({ block, options }: BlockProps<CardOptions>) {
  const titleId = useId();
  return (
    <section className={`t-card${options.elevated === false ? '' : ' t-card--elevated'}`} aria-labelledby={options.title ? titleId : undefined}>
      <EditableText optional as="h3" id={titleId} className="t-card__title" block={block} option="title" value={options.title ?? ''} />
      <div className="t-card__body">
        <BlockChildren block={block} />
      </div>
    </section>
  );
}
