/**
 * The structure domain (spec core §7.4): modules > pages > blocks > fields as documents, their
 * calls, item permissions, deletion with revert, and their realtime: rooms `module` and `page`,
 * `items:changes`, `permissions:update` and the composer's presence (realtime-events.ts).
 */
import type { Block, Field, JsonObject, Module, Page } from '../../schemas/model';
import { defineDomain } from '../domain';
import type { RevertRecord } from '../model';
import { SUBJECTS } from '../../engine/core/permissions';
import { ITEM_READERS } from './item-readers';
import { mayViewModule, mayViewPage, trackPresence } from './realtime-events';
import { sweepExpiredReverts } from './revert-sweep';
import { structureBlockRoutes } from './routes/blocks';
import { structureDraftRoutes } from './routes/drafts';
import { draftScopeHook, readDraftRecord, type DraftRecord } from './drafts';
import { mayHearDrafts } from './draft-events';
import { structureFieldRoutes } from './routes/fields';
import { structureModuleRoutes } from './routes/modules';
import { structurePageRoutes } from './routes/pages';
import { structureOutlineRoutes } from './routes/outline';

declare module '../storage/documents' {
  interface DocumentKinds {
    module: Module;
    page: Page;
    block: Block;
    field: Field;
    /** What an elevated user may do on one item, by action. */
    itemPermissions: Record<string, boolean>;
    revert: RevertRecord;
    /** A block comment of before the communications domain: its migration moves them to its tables (unreadable ones stay). */
    comment: JsonObject;
    /** An editor's unpublished change of one item, keyed `kind:id` (drafts.ts). */
    draft: DraftRecord;
  }
}

export default defineDomain({
  name: 'structure',
  documents: {
    // Read through the engine's readers: a damaged item becomes a state, never a 500.
    module: { cached: true, revisionInData: true, reader: () => ITEM_READERS.module },
    page: { cached: true, revisionInData: true, reader: () => ITEM_READERS.page },
    block: { cached: true, revisionInData: true, reader: () => ITEM_READERS.block },
    field: { cached: true, revisionInData: true, reader: () => ITEM_READERS.field },
    itemPermissions: { cached: true },
    revert: {},
    comment: {},
    // Read tolerantly (a damaged draft reads as absent and is reported); not cached: written often, read by editors only.
    draft: { reader: () => readDraftRecord },
  },
  permissionSubjects: [SUBJECTS.modules, SUBJECTS.pages, SUBJECTS.blocks, SUBJECTS.fields, SUBJECTS.administration],
  routes(api, ctx) {
    draftScopeHook(api, ctx);
    structureDraftRoutes(api, ctx);
    structureModuleRoutes(api, ctx);
    structurePageRoutes(api, ctx);
    structureBlockRoutes(api, ctx);
    structureFieldRoutes(api, ctx);
    structureOutlineRoutes(api, ctx);
  },
  rooms: [
    { kind: 'module', mayJoin: mayViewModule },
    { kind: 'page', mayJoin: mayViewPage },
    { kind: 'drafts', mayJoin: mayHearDrafts },
  ],
  onConnection: trackPresence,
  jobs: [
    // A window ends within a quarter of its length of expiring (at most 5 s after).
    {
      name: 'structure.sweepReverts',
      every: (config) => Math.round(Math.min(5000, Math.max(200, config.revertWindowMs / 4))),
      run: (ctx) => sweepExpiredReverts(ctx.store),
    },
  ],
});
