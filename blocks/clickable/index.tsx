import { BlockChildren, ConfigurationNeeded, useLinkAction, type BlockProps } from '../../engine/block-api';
import type { ClickableOptions } from '../options.generated';

export type { ClickableOptions };

/** Child blocks that together act as one link, named by its label for screen readers. */
export default function Clickable({ block, options }: BlockProps<ClickableOptions>) {
  const link = useLinkAction(options);
  if (!link.ok) return <ConfigurationNeeded reason={link.problem} />;
  return (
    <a className="t-clickable" href={link.href} target={link.target} rel={link.rel} onClick={link.onClick} aria-label={options.label}>
      <BlockChildren block={block} />
    </a>
  );
}
