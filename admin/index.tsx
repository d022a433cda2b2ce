/**
 * The admin, loaded lazily: the shell's engine page `import()`s this module when edit mode is
 * entered (web/edit-mode/lazy-admin.ts), so a member never downloads admin, rjsf or ajv. The small
 * always-loaded part (edit-mode state, its shortcuts and the navigation guard) is
 * `admin/edit-mode`, imported statically by the shell. The shell's wiring is
 * web/edit-mode/EditModeLayer.tsx:
 *   <EngineProvider ... editMode renderAddBlock={admin.renderAddBlock} renderBlockControls={admin.renderBlockControls}>
 *     <admin.AdminProvider api={admin.createHttpAdminApi({ request })} registry={admin.fullRegistry} ...>
 *       <admin.NavigationEditor ... /> (portalled into the header) <admin.AdminBar /> <PageRenderer pageId={pageId} />
 *     </admin.AdminProvider>
 *   </EngineProvider>
 */
import type { AddBlockSlot } from '../engine';
import type { Block } from '../schemas/model';
import { AddBlockMenu } from './blocks/AddBlockMenu';
import { BlockControls } from './blocks/BlockControls';

export { AdminProvider, type AdminProviderProps } from './AdminProvider';
export { AdminBar, PermissionsButton, type AdminBarProps } from './AdminBar';
export { NavigationEditor, reorderModules, reorderPages, moveInList, type NavigationEditorProps } from './navigation/NavigationEditor';
export { NewModuleDialog, NewPageDialog, EditModuleDialog, EditPageDialog } from './navigation/ItemDialogs';
export { checkSlug, checkSlugText, slugFromName } from './navigation/slug';
export { PermissionsDialog, PermissionsEditor, ITEM_ACTIONS } from './access/PermissionsEditor';
export { ViewAsDialog } from './access/ViewAs';
export { BlockSettings, blockDraftsAtom, type BlockDraft } from './block-editor/BlockSettings';
export { adminWidgets } from './block-editor/widgets';
export { Palette, paletteTypes, BLOCK_CATEGORIES } from './editor/Palette';
export { ExistingBlockPicker } from './blocks/ExistingBlockPicker';
export { BlockControls, deleteNeedsConfirmation } from './blocks/BlockControls';
export { AddBlockMenu } from './blocks/AddBlockMenu';
export { CapturedBlocksDialog, pasteCaptured } from './captured/CapturedBlocksDialog';
export { capturedBlocksAtom, captureBlockAtom, capturedBadgeText } from './captured/state';
export { useAdmin, type AdminValue, type NoticeKind } from './core/context';
export * from './core/api';
export { createHttpAdminApi, toAdminApiError, type AdminRequest, type HttpMethod } from './core/http-api';
export { fullRegistry } from './core/full-registry';
/** The block settings' precompiled options validators, each type's its own chunk. */
export { blockOptionValidators } from '../blocks/_validators.generated/index';
/** The whole message catalogue, admin texts included: the engine page's translator in edit mode. */
export { messages } from '../engine/core/i18n/messages.generated';
export * from './core/permissions';
export * from './core/placement';
export * from './edit-mode';
export { RulesEditor, RulesEditorDialog } from './rules-editor';

export { renderInlineText } from './inline-text/InlineText';
export { Presence, type PresenceChannel } from './presence/Presence';
export { DraftBar, DraftBadge, type DraftBarProps } from './drafts/DraftBar';
export { draftsAtom, draftPreviewAtom } from './drafts/state';

/** The engine's add-block slot in edit mode (pass to EngineProvider `renderAddBlock`). */
export function renderAddBlock(slot: AddBlockSlot) {
  return <AddBlockMenu slot={slot} />;
}

/** The engine's per-block edit controls (pass to EngineProvider `renderBlockControls`). */
export function renderBlockControls(block: Block) {
  return <BlockControls block={block} />;
}
