/**
 * What every signed-in page loads, as one lazy chunk: the engine page (the page slot) and the
 * realtime connection (mounted by the shell after the first render). One dynamic import instead of
 * two, so esbuild does not split the code both use into further small chunks; main.tsx starts the
 * download with start-up.
 */
export { default as EnginePage } from './engine/EnginePage';
export { default as RealtimeConnection } from './realtime/RealtimeConnection';
// Small modules many block chunks share: text blocks (editable-text), the dismissible and modal
// blocks (block-meta), templates (rendered-template). Kept in the chunk every page loads rather
// than each as a tiny chunk of its own that the first page using it fetches separately.
export { EditableText } from '../engine/react/editable-text';
export { useBlockMeta } from '../engine/react/block-meta';
export { useRenderedTemplate } from '../engine/react/rendered-template';
