/**
 * Text of a block's option that edit mode lets an admin edit in place (issue 15 "inline text"):
 * for members it is the plain element; in edit mode the admin's `renderInlineText` (EngineProvider)
 * draws it as an editable element. Plain text stays plain: the editor reads and writes text only.
 */
import type { ElementType, ReactNode } from 'react';
import type { Block } from '../../schemas/model';
import { blockOptionKey } from '../core/i18n/content-keys';
import { markText } from '../core/i18n/text-marks';
import { useEngineIfAny, type EngineValue } from './engine-context';

export interface InlineTextProps {
  block: Block;
  /** The option holding the text (a top-level key of `block.options`). */
  option: string;
  value: string;
  /** Whether line breaks are kept (bodies); single-line texts save on Enter. */
  multiline?: boolean;
  as: ElementType;
  className?: string;
  id?: string;
}

export type RenderInlineText = (props: InlineTextProps) => ReactNode;

/**
 * Whether `EditableText` draws editable texts here. A block whose text is a button's label renders
 * the button as a plain look-alike then: a textbox inside a link or button is nested interactive
 * content (axe), and in edit mode a click edits the label rather than following the link.
 */
export function useEditsTextInPlace(): boolean {
  return editsTextInPlace(useEngineIfAny());
}

function editsTextInPlace(engine: EngineValue | null): engine is EngineValue & { renderInlineText: RenderInlineText } {
  return Boolean(engine?.editMode && engine.renderInlineText);
}

/**
 * `optional`: a text members see only when it has content (a callout's or a card's title). Edit
 * mode still draws it, empty, so a new block's title can be typed where it will show.
 */
export function EditableText(props: Omit<InlineTextProps, 'as'> & { as?: ElementType; optional?: boolean }) {
  // One context read and no rest/spread of the props on a member's page: every text of every block renders through here.
  const engine = useEngineIfAny();
  const Tag = props.as ?? 'span';
  if (editsTextInPlace(engine)) {
    const { optional: _optional, ...inline } = props;
    return <>{engine.renderInlineText({ ...inline, as: Tag })}</>;
  }
  if (props.optional && !props.value) return null;
  // Text-edit mode: the text (its translation when it has one) carries its content key's mark, so
  // the admin translates it where it stands for the language shown (content-keys.ts).
  const value = engine?.translator.marks && props.value ? markText(blockOptionKey(props.block.id, [props.option]), props.value, props.value) : props.value;
  return (
    <Tag className={props.className} id={props.id}>
      {value}
    </Tag>
  );
}
