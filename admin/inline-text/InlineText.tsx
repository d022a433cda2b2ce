/**
 * A block's text edited in place (issue 15 "inline text"): the engine's `EditableText` drawn as a
 * plain-text editable element. Typing previews through the block's atom, the same one the side
 * panel's form writes (so both show the same draft); Enter (Shift+Enter for a new line in bodies)
 * or leaving the text saves it as one undoable option edit; Escape puts the text back.
 */
import { useContext, useLayoutEffect, useRef, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { blockAtom, setBlockOptionsAtom, type InlineTextProps } from '../../engine';
import type { Block } from '../../schemas/model';
import { AdminContext, blockLabel, errorMessage, type AdminValue } from '../core/context';
import { editCommand, recordStep, stepLabel } from '../editor/history';

/** The text of an editable element: line breaks kept, never markup. */
function textOf(el: HTMLElement): string {
  const text = typeof el.innerText === 'string' ? el.innerText : (el.textContent ?? '');
  return text.replace(/\n$/, '');
}

/** Options objects written by typing in place: the side panel's form follows them (admin/block-editor). */
const inlineDrafts = new WeakSet<object>();
export const isInlineDraft = (options: unknown): boolean => typeof options === 'object' && options !== null && inlineDrafts.has(options);

function optionTitle(admin: AdminValue, block: Block, option: string): string {
  const props = (admin.registry.blocks[block.type]?.options as { properties?: Record<string, { title?: string }> } | undefined)?.properties;
  return props?.[option]?.title ?? option;
}

/** Saves `option` of the block as it is now in the store against `before` (one undo step); puts `before` back if the server refuses. */
async function saveText(admin: AdminValue, before: Block, option: string): Promise<void> {
  const now = admin.store.get(blockAtom(before.id));
  if (!now || now.wasDeleted || (now.options?.[option] ?? '') === (before.options?.[option] ?? '')) return;
  try {
    const result = await admin.api.updateBlock(now.id, now);
    admin.apply(result);
    const stored = result.blocks?.find((b) => b.id === now.id) ?? admin.store.get(blockAtom(now.id));
    recordStep(admin, { label: stepLabel(admin, 'edit', before), command: editCommand(before, stored?.revision) });
    admin.announce(admin.t('admin.inlineText.saved', { name: blockLabel(before, admin.registry) }));
  } catch (error) {
    const current = admin.store.get(blockAtom(before.id));
    if (current) admin.store.set(blockAtom(before.id), { ...current, options: before.options });
    admin.notify('negative', admin.t('admin.inlineText.failed', { message: errorMessage(error, admin.t) }));
  }
}

export function InlineText({ block, option, value, multiline, as: Tag, className, id }: InlineTextProps) {
  const admin = useContext(AdminContext);
  const ref = useRef<HTMLElement>(null);
  const before = useRef<Block | null>(null);
  // The element's text follows the option, except while the admin is typing in it.
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && document.activeElement !== el && el.textContent !== value) el.textContent = value;
  }, [value]);
  if (!admin || !option)
    return (
      <Tag className={className} id={id}>
        {value}
      </Tag>
    );

  const current = () => admin.store.get(blockAtom(block.id));
  const finish = (save: boolean) => {
    const was = before.current;
    before.current = null;
    if (!was) return;
    if (save) return void saveText(admin, was, option);
    const now = current();
    if (now) {
      const options = { ...was.options };
      inlineDrafts.add(options);
      admin.store.set(blockAtom(block.id), { ...now, options });
    }
    if (ref.current) ref.current.textContent = String(was.options?.[option] ?? '');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape') {
      // The first Escape takes the typing back; on unchanged text it goes on to the composer (select the parent).
      const was = before.current;
      if (was && (current()?.options?.[option] ?? '') !== (was.options?.[option] ?? '')) {
        e.preventDefault();
        e.stopPropagation();
      }
      finish(false);
      ref.current?.blur();
    } else if (e.key === 'Enter' && !(multiline && e.shiftKey)) {
      e.preventDefault();
      ref.current?.blur();
    }
  };
  return (
    <Tag
      ref={ref}
      id={id}
      className={`${className ? `${className} ` : ''}t-inline-text`}
      contentEditable="plaintext-only"
      suppressContentEditableWarning
      role="textbox"
      tabIndex={0}
      aria-multiline={multiline ? true : undefined}
      aria-label={admin.t('admin.inlineText.label', { field: optionTitle(admin, block, option), name: blockLabel(block, admin.registry) })}
      data-inline-text={option}
      // An empty text still shows where to type (admin.css draws it): a new callout's title.
      data-placeholder={optionTitle(admin, block, option)}
      onFocus={() => (before.current = current() ?? block)}
      onInput={(e: FormEvent<HTMLElement>) => {
        const now = current();
        if (!now) return;
        const options = { ...now.options, [option]: textOf(e.currentTarget) };
        inlineDrafts.add(options);
        admin.store.set(setBlockOptionsAtom, { id: block.id, options });
      }}
      onKeyDown={onKeyDown}
      onBlur={() => finish(true)}
      // Text inside a link or button edits; it does not follow the link.
      onClick={(e: MouseEvent<HTMLElement>) => e.preventDefault()}
    />
  );
}

/** The engine's inline text renderer in edit mode (pass to EngineProvider `renderInlineText`). */
export function renderInlineText(props: InlineTextProps) {
  return <InlineText {...props} />;
}
