/**
 * The engine's client data layer (see docs/architecture.md, "Client data layer"). Every block
 * chunk reaches this barrel (engine/block-api), so what it exports loads with every block: the
 * collections (collection.ts, collection-hooks.tsx) and the slices that use them (files.ts) are
 * imported by path, so they load only with the blocks that use them.
 */
export * from './batcher';
export * from './resource';
export * from './transport';
export * from './slice';
export * from './data-layer';
export * from './profiles';
export * from './member-search';
export * from './member-searches';
export * from './favourites';
export * from './hooks';
