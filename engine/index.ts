/**
 * The engine's public API, for blocks, admin and web. Blocks import from here, or from
 * ./block-api (its display half, without forms and validation) when they are not forms.
 */
export * from './core';
export * from './block-api';
export * from './forms';
