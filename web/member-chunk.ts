/**
 * What every signed-in page loads, as one lazy chunk: the engine page (the page slot) and the
 * realtime connection (mounted by the shell after the first render). One dynamic import instead of
 * two, so esbuild does not split the code both use into further small chunks; main.tsx starts the
 * download with start-up.
 */
export { default as EnginePage } from './engine/EnginePage';
export { default as RealtimeConnection } from './realtime/RealtimeConnection';
