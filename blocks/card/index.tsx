import { useId } from 'react';
import { BlockChildren, type BlockProps } from '../../engine/block-api';
import type { CardOptions } from '../options.generated';

export type { CardOptions };

/** Child blocks on a card, labelled by its title when it has one. */
export default function Card({ block, options }: BlockProps<CardOptions>) {
  const titleId = useId();
  return (
    <section className={`t-card${options.elevated === false ? '' : ' t-card--elevated'}`} aria-labelledby={options.title ? titleId : undefined}>
      {options.title && (
        <h3 id={titleId} className="t-card__title">
          {options.title}
        </h3>
      )}
      <div className="t-card__body">
        <BlockChildren block={block} />
      </div>
    </section>
  );
}
