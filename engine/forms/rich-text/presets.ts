/** Toolbar presets of the rich-text editor (spec 9), as the buttons each shows. */
import type { EDITOR_TOOLBAR_PRESETS } from '../../core/constants';

export type ToolbarPreset = (typeof EDITOR_TOOLBAR_PRESETS)[number];
export type ToolbarButton =
  'bold' | 'italic' | 'strike' | 'code' | 'codeBlock' | 'heading' | 'bulletList' | 'orderedList' | 'blockquote' | 'link' | 'image' | 'undo' | 'redo';

const INLINE: ToolbarButton[] = ['bold', 'italic'];
const LISTS: ToolbarButton[] = ['bulletList', 'orderedList'];
const HISTORY: ToolbarButton[] = ['undo', 'redo'];
const MARKDOWN: ToolbarButton[] = ['heading', ...INLINE, 'strike', 'code', ...LISTS, 'blockquote', 'link'];

// The image button uploads one image (community 5: images only, 5 MB) and inserts it.
export const TOOLBAR_PRESETS: Record<ToolbarPreset, ToolbarButton[]> = {
  min: [...INLINE, 'link'],
  minExtended: [...INLINE, 'strike', 'link', ...LISTS],
  code: ['code', 'codeBlock'],
  markdown: [...MARKDOWN, 'image'],
  markdownWithoutImages: MARKDOWN,
  basic: ['heading', ...INLINE, ...LISTS, 'link', ...HISTORY],
  templateEditor: ['heading', ...INLINE, ...LISTS, 'link', 'codeBlock', ...HISTORY],
  full: ['heading', ...INLINE, 'strike', 'code', 'codeBlock', ...LISTS, 'blockquote', 'link', 'image', ...HISTORY],
};

export function toolbarFor(preset: unknown): ToolbarButton[] {
  return typeof preset === 'string' && preset in TOOLBAR_PRESETS ? TOOLBAR_PRESETS[preset as ToolbarPreset] : TOOLBAR_PRESETS.basic;
}
