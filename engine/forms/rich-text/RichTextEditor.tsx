/** The tiptap editor behind the wysiwyg field; its own lazily loaded chunk. */
import { EditorContent, useEditor, type AnyExtension, type Editor, type JSONContent } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { MAX_INLINE_IMAGE_UPLOAD_BYTES } from '../../core/constants';
import { runRule } from '../../core/validation';
import { sanitizeHtml } from '../sanitize';
import type { ToolbarButton } from './presets';

export interface RichTextEditorProps {
  html: string;
  onChange?(html: string): void;
  /** The editor's document instead of `html` (a post body, schemas/model/api/communications.ts RichTextDoc). */
  doc?: JSONContent;
  /** Hears the document on every change (empty: no text, no image). */
  onDocChange?(doc: JSONContent, empty: boolean): void;
  /** More extensions (a post's @ mentions). */
  extensions?: AnyExtension[];
  /** Shown below the editing area (the mention suggestions). */
  after?: ReactNode;
  placeholder?: string;
  onBlur?(): void;
  buttons: ToolbarButton[];
  labels: Record<ToolbarButton, string>;
  toolbarLabel: string;
  linkPrompt: string;
  inputId: string;
  labelledBy: string;
  describedBy?: string;
  editable: boolean;
  /**
   * Uploads one picked image and answers its `src` (community 5: one file, images only, 5 MB).
   * Without it the image button is not shown.
   */
  uploadImage?(file: File): Promise<string>;
  /** The image button's texts: the hint (limit in MB), the too-large message and a failed upload. */
  imageTexts?: { hint: string; tooLarge(file: File): string; failed(message: string): string };
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
  // Opens the file picker; the upload and the insertion follow its change event.
  image: { run: () => undefined },
  undo: { run: (e) => e.chain().focus().undo().run() },
  redo: { run: (e) => e.chain().focus().redo().run() },
};

export default function RichTextEditor(props: RichTextEditorProps) {
  const picker = useRef<HTMLInputElement>(null);
  const [imageMessage, setImageMessage] = useState<string>();
  const [uploading, setUploading] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false }),
      Link.configure({ openOnClick: false, protocols: ['http', 'https', 'mailto'] }),
      Image.configure({ inline: false, allowBase64: false }),
      ...(props.extensions ?? []),
    ],
    content: props.doc ?? sanitizeHtml(props.html),
    editable: props.editable,
    editorProps: {
      attributes: {
        id: props.inputId,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': props.labelledBy,
        ...(props.describedBy ? { 'aria-describedby': props.describedBy } : {}),
        ...(props.placeholder ? { 'data-placeholder': props.placeholder } : {}),
      },
    },
    onUpdate: ({ editor: e }) => {
      props.onChange?.(e.isEmpty ? '' : sanitizeHtml(e.getHTML()));
      props.onDocChange?.(e.getJSON(), e.isEmpty);
    },
    onBlur: () => props.onBlur?.(),
    immediatelyRender: true,
  });
  if (!editor) return null;
  const buttons = props.uploadImage ? props.buttons : props.buttons.filter((name) => name !== 'image');
  const onPicked = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file || !props.uploadImage) return;
    // Refused before sending: over 5 MB (the message names the limit in MB).
    if (runRule('maxFileSize', [{ name: file.name, type: file.type, size: file.size }], MAX_INLINE_IMAGE_UPLOAD_BYTES))
      return setImageMessage(props.imageTexts?.tooLarge(file));
    setImageMessage(undefined);
    setUploading(true);
    try {
      const src = await props.uploadImage(file);
      editor
        .chain()
        .focus()
        .setImage({ src, alt: file.name.replace(/\.[A-Za-z0-9]+$/, '') })
        .run();
    } catch (error) {
      setImageMessage(props.imageTexts?.failed(error instanceof Error ? error.message : String(error)));
    } finally {
      setUploading(false);
    }
  };
  return (
    <div className="t-rich-text">
      <div role="toolbar" aria-label={props.toolbarLabel} className="t-rich-text__toolbar">
        {buttons.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={ACTIONS[name].active ? ACTIONS[name].active!(editor) : undefined}
            aria-busy={name === 'image' && uploading ? true : undefined}
            disabled={name === 'image' && uploading}
            onClick={() => (name === 'image' ? picker.current?.click() : ACTIONS[name].run(editor, props.linkPrompt))}
          >
            {props.labels[name]}
          </button>
        ))}
      </div>
      {buttons.includes('image') && (
        <>
          <input ref={picker} type="file" accept="image/*" hidden tabIndex={-1} aria-hidden="true" onChange={(e) => void onPicked(e)} />
          {props.imageTexts && <p className="t-rich-text__hint">{props.imageTexts.hint}</p>}
          {imageMessage && (
            <p role="alert" className="t-rich-text__error">
              {imageMessage}
            </p>
          )}
        </>
      )}
      <EditorContent editor={editor} />
      {props.after}
    </div>
  );
}
