/** The engine's public API, for blocks, admin and web. Blocks import from here only. */
export * from './core';
export type { BlockProps } from './react/block-props';
export * from './react/structure-store';
export * from './react/engine-context';
export * from './react/block-renderer';
export * from './react/block-children';
export * from './react/block-states';
export * from './react/block-loader';
export * from './react/block-meta';
export * from './react/page-renderer';
export * from './react/modal';
export * from './react/stepper-progress';
export * from './react/tabs-state';
export * from './react/link-action';
export type { Block, BlockMeta, Page, Module, Field, Profile, Entity, Id, JsonObject } from '../schemas/model';
export * from './forms';
export * from './data';
export * from './react/structure-options';
