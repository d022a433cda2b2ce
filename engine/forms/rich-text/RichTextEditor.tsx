/** The tiptap editor behind the wysiwyg field; its own lazily loaded chunk. */
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import { sanitizeHtml } from '../sanitize';
import type { ToolbarButton } from './presets';

export interface RichTextEditorProps {
  html: string;
  onChange(html: string): void;
  onBlur?(): void;
  buttons: ToolbarButton[];
  labels: Record<ToolbarButton, string>;
  toolbarLabel: string;
  linkPrompt: string;
  inputId: string;
  labelledBy: string;
  describedBy?: string;
  editable: boolean;
}

const ACTIONS: Record<ToolbarButton, { run(e: Editor, prompt: string): void; active?(e: Editor): boolean }> = {
  bold: { run: (e) => e.chain().focus().toggleBold().run(), active: (e) => e.isActive('bold') },
  italic: { run: (e) => e.chain().focus().toggleItalic().run(), active: (e) => e.isActive('italic') },
  strike: { run: (e) => e.chain().focus().toggleStrike().run(), active: (e) => e.isActive('strike') },
  code: { run: (e) => e.chain().focus().toggleCode().run(), active: (e) => e.isActive('code') },
  codeBlock: { run: (e) => e.chain().focus().toggleCodeBlock().run(), active: (e) => e.isActive('codeBlock') },
  heading: { run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(), active: (e) => e.isActive('heading') },
  bulletList: { run: (e) => e.chain().focus().toggleBulletList().run(), active: (e) => e.isActive('bulletList') },
  orderedList: { run: (e) => e.chain().focus().toggleOrderedList().run(), active: (e) => e.isActive('orderedList') },
  blockquote: { run: (e) => e.chain().focus().toggleBlockquote().run(), active: (e) => e.isActive('blockquote') },
  link: {
    run: (e, prompt) => {
      const href = window.prompt(prompt, e.getAttributes('link').href ?? 'https://');
      if (href === null) return;
      if (href === '') e.chain().focus().unsetLink().run();
      else e.chain().focus().setLink({ href }).run();
    },
    active: (e) => e.isActive('link'),
  },
  undo: { run: (e) => e.chain().focus().undo().run() },
  redo: { run: (e) => e.chain().focus().redo().run() },
};

export default function RichTextEditor(props: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false, protocols: ['http', 'https', 'mailto'] })],
    content: sanitizeHtml(props.html),
    editable: props.editable,
    editorProps: {
      attributes: {
        id: props.inputId,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': props.labelledBy,
        ...(props.describedBy ? { 'aria-describedby': props.describedBy } : {}),
      },
    },
    onUpdate: ({ editor: e }) => props.onChange(e.isEmpty ? '' : sanitizeHtml(e.getHTML())),
    onBlur: () => props.onBlur?.(),
    immediatelyRender: true,
  });
  if (!editor) return null;
  return (
    <div className="t-rich-text">
      <div role="toolbar" aria-label={props.toolbarLabel} className="t-rich-text__toolbar">
        {props.buttons.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={ACTIONS[name].active ? ACTIONS[name].active!(editor) : undefined}
            onClick={() => ACTIONS[name].run(editor, props.linkPrompt)}
          >
            {props.labels[name]}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
