/** Toolbar presets of the rich-text editor (spec 9), as the buttons each shows. */
import type { EDITOR_TOOLBAR_PRESETS } from '../../core/constants';

export type ToolbarPreset = (typeof EDITOR_TOOLBAR_PRESETS)[number];
export type ToolbarButton =
  'bold' | 'italic' | 'strike' | 'code' | 'codeBlock' | 'heading' | 'bulletList' | 'orderedList' | 'blockquote' | 'link' | 'undo' | 'redo';

const INLINE: ToolbarButton[] = ['bold', 'italic'];
const LISTS: ToolbarButton[] = ['bulletList', 'orderedList'];
const HISTORY: ToolbarButton[] = ['undo', 'redo'];
const MARKDOWN: ToolbarButton[] = ['heading', ...INLINE, 'strike', 'code', ...LISTS, 'blockquote', 'link'];

// Images need an image extension and the uploader of spec 5.3; until then markdown and
// markdownWithoutImages show the same buttons.
export const TOOLBAR_PRESETS: Record<ToolbarPreset, ToolbarButton[]> = {
  min: [...INLINE, 'link'],
  minExtended: [...INLINE, 'strike', 'link', ...LISTS],
  code: ['code', 'codeBlock'],
  markdown: MARKDOWN,
  markdownWithoutImages: MARKDOWN,
  basic: ['heading', ...INLINE, ...LISTS, 'link', ...HISTORY],
  templateEditor: ['heading', ...INLINE, ...LISTS, 'link', 'codeBlock', ...HISTORY],
  full: ['heading', ...INLINE, 'strike', 'code', 'codeBlock', ...LISTS, 'blockquote', 'link', ...HISTORY],
};

export function toolbarFor(preset: unknown): ToolbarButton[] {
  return typeof preset === 'string' && preset in TOOLBAR_PRESETS ? TOOLBAR_PRESETS[preset as ToolbarPreset] : TOOLBAR_PRESETS.basic;
}
