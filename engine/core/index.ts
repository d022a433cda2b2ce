/** The pure engine: no DOM, no fetch. Runs in the browser and in Node (the server validates with it). */
export * from './registry';
export * from './model/migrations';
export * from './constants';
export * from './i18n';
export * from './rules/context';
export * from './rules';
export * from './media';
export * from './templates';
export * from './profile-name';
export * from './profile-privacy';
export * from './url-check';
export * from './own';
export * from './blocks';
export * from './validation';
export * from './structure';
export { acceptListOf, clampPercent, effectiveMaxBytes, focalPointAfterKey, focalPointAt, focalPointOf, type FocalPoint, type UploadCategory } from './files';
