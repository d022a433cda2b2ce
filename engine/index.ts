/** The engine's public API, for blocks, admin and web. Blocks import from here only. */
export * from './core';
export type { BlockProps } from './react/block-props';
export * from './react/structure-store';
export * from './forms';
