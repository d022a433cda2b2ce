import type { Block, Field, Page } from './structure';

/**
 * A page as stored and exchanged as one document: the page, its blocks and their fields.
 * `schemaVersion` is written from day one; older documents are brought up to date by the
 * ordered migration chain in `engine/model/migrations.ts`.
 */
export interface PageDocument {
  schemaVersion: number;
  page: Page;
  blocks: Block[];
  fields?: Field[];
}
