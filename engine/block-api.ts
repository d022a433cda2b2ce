/**
 * The display half of the engine's public API: what a block that is not a form needs (rendering,
 * children, block meta, modals, tabs, links, members, data). It leaves out the form engine and the
 * core barrel, so a display block's chunk never drags in validation, date-fns or the handlebars
 * parser (esbuild places code by what each entry can reach, used or not). engine/index.ts
 * re-exports all of it: form blocks and field components import from there.
 */
export type { BlockProps } from './react/block-props';
export * from './react/structure-store';
export * from './react/engine-context';
export type * from './react/file-service';
// The file blocks import FileList and useFileList from './react/file-list' itself: through this barrel every block
// chunk would reach the files slice and the collection code it brings.
export type { FileListProps, FileListState } from './react/file-list';
export type { FileInfo as StoredFile } from '../schemas/model/api/files';
export { formatBytes, formatFileSize } from './core/validation/values';
export { sanitizeHtml } from './forms/sanitize';
export * from './react/block-renderer';
export * from './react/block-children';
export * from './react/block-states';
export * from './react/block-loader';
export * from './react/block-meta';
export * from './react/page-renderer';
export { useIsPageTitle, useProfileHeroShown } from './react/page-title';
export { usePageId } from './react/page-context';
export * from './react/modal';
export * from './react/stepper-progress';
export * from './react/tabs-state';
export * from './react/link-action';
export * from './react/editable-text';
export * from './react/structure-options';
export type { Block, BlockMeta, Page, Module, Field, Profile, Entity, Id, JsonObject } from '../schemas/model';
export * from './data';
export * from './core/constants';
export { formatProfileName } from './core/profile-name';
export { resolveQrSettings } from './core/blocks/qr';
export { checkEmbedUrl, checkExternalUrl } from './core/url-check';
export { ProfileAvatar, type ProfileAvatarProps } from './react/profile-avatar';
export { MemberCard, MemberListItem, profileDisplayName, type MemberCardProps } from './react/member-card';
export { SOCIAL_NETWORK_NAMES, socialHref, socialLinksOf, type SocialLink, type SocialNetwork } from './core/social-links';
export { geoPointOf } from './core/geo';
export { AppLink } from './react/app-link';
export { Pager, pageWindow, type PagerProps } from './react/pager';
export { favouritesOf, allFavourites, PROFILE_FAVOURITE_TYPE, ENTITY_FAVOURITE_TYPE } from './core/favourites';
