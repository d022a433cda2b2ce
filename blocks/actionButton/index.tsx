import { ConfigurationNeeded, useLinkAction, type BlockProps } from '../../engine/block-api';
import type { ActionButtonOptions } from '../options.generated';

export type { ActionButtonOptions };

/** A button-styled link to an external https address or a path in the app. */
export default function ActionButton({ options }: BlockProps<ActionButtonOptions>) {
  const link = useLinkAction(options);
  if (!link.ok) return <ConfigurationNeeded reason={link.problem} />;
  return (
    <a
      className={`t-action-button t-action-button--${options.variant ?? 'primary'}`}
      role="button"
      href={link.href}
      target={link.target}
      rel={link.rel}
      onClick={link.onClick}
    >
      {options.label}
    </a>
  );
}
