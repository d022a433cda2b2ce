/** The rich-text editor, loaded on demand so tiptap stays out of every other chunk. */
import { lazy } from 'react';

export const LazyRichTextEditor = /* @__PURE__ */ lazy(() => import('./RichTextEditor'));
export { TOOLBAR_PRESETS, toolbarFor, type ToolbarButton, type ToolbarPreset } from './presets';
export type { RichTextEditorProps } from './RichTextEditor';
