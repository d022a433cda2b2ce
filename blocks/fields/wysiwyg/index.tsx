import { Suspense } from 'react';
import { FieldShell, LazyRichTextEditor, sanitizeHtml, toolbarFor, useFormField, type FieldComponentProps, type ToolbarButton } from '../../../engine';

const BUTTONS: ToolbarButton[] = [
  'bold',
  'italic',
  'strike',
  'code',
  'codeBlock',
  'heading',
  'bulletList',
  'orderedList',
  'blockquote',
  'link',
  'undo',
  'redo',
];

/** Rich text: sanitised HTML when read, the tiptap editor (its own chunk) with the preset's toolbar when editing. */
export default function WysiwygField({ field, index }: FieldComponentProps) {
  const b = useFormField(field, index);
  const html = typeof b.state.value === 'string' ? b.state.value : '';
  if (!b.editing) {
    return (
      <div className="t-field t-field--readonly">
        <span id={b.ids.label} className="t-field__label">
          {b.label}
        </span>
        <div className="t-rich-text__content" aria-labelledby={b.ids.label} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
      </div>
    );
  }
  const labels = Object.fromEntries(BUTTONS.map((name) => [name, b.t(`fields.wysiwyg.${name}`)])) as Record<ToolbarButton, string>;
  return (
    <FieldShell binding={b} group>
      <Suspense fallback={<p role="status">{b.t('fields.wysiwyg.loading')}</p>}>
        <LazyRichTextEditor
          html={html}
          onChange={(next) => b.setValue(next)}
          onBlur={b.touch}
          buttons={toolbarFor(field.opts?.toolbar)}
          labels={labels}
          toolbarLabel={b.t('fields.wysiwyg.toolbar')}
          linkPrompt={b.t('fields.wysiwyg.linkPrompt')}
          inputId={b.ids.input}
          labelledBy={b.ids.label}
          describedBy={b.errors.length ? b.ids.errors : undefined}
          editable={!b.disabled}
        />
      </Suspense>
    </FieldShell>
  );
}
