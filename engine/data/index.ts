/** The engine's client data layer (see docs/architecture.md, "Client data layer"). */
export * from './batcher';
export * from './resource';
export * from './transport';
export * from './profiles';
export * from './member-searches';
export * from './favourite-counts';
export * from './data-layer';
export * from './hooks';
