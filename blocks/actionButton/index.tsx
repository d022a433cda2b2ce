import { ConfigurationNeeded, EditableText, useEditsTextInPlace, useLinkAction, type BlockProps } from '../../engine/block-api';
import type { ActionButtonOptions } from '../options.generated';

export type { ActionButtonOptions };

/** A button-styled link to an external https address or a path in the app. */
export default function ActionButton({ block, options }: BlockProps<ActionButtonOptions>) {
  const link = useLinkAction(options);
  const className = `t-action-button t-action-button--${options.variant ?? 'primary'}`;
  // In edit mode the label is edited in place: the button is drawn, not followed.
  if (useEditsTextInPlace())
    return (
      <span className={className}>
        <EditableText block={block} option="label" value={options.label} />
      </span>
    );
  if (!link.ok) return <ConfigurationNeeded reason={link.problem} />;
  return (
    <a className={className} role="button" href={link.href} target={link.target} rel={link.rel} onClick={link.onClick}>
      {options.label}
    </a>
  );
}
