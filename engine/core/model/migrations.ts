/**
 * Stored pages carry `schemaVersion`. When the model changes, add a migration here: a pure
 * function from version N to N+1. Loading runs the chain from the document's version to the
 * current one, so a page stored years ago still opens. Never edit a released migration.
 */
import type { Block, JsonValue, Page, PageDocument } from '../../../schemas/model';
import { normalisedLayout } from '../structure/layout';

export const CURRENT_PAGE_SCHEMA_VERSION = 1;

export interface PageMigration {
  from: number;
  to: number;
  description: string;
  migrate(doc: PageDocument): PageDocument;
}

const LEGACY_VISIBILITY_KEYS = ['visibleOnDesktop', 'visibleOnMobile', 'visibleOnUsersOwnProfile', 'visibleOnOtherUsersProfiles'] as const;

/** Laid out explicitly by the column rule (children missing from every column in `col-0`). */
function withPositions<T extends Page | Block>(item: T): T {
  if (!item.positions && !item.children?.length) return item;
  return normalisedLayout(item);
}

export const pageMigrations: PageMigration[] = [
  {
    from: 0,
    to: 1,
    description: 'Unversioned documents: explicit col-0 positions; visibility booleans moved from the block into block.visibility.',
    migrate(doc) {
      const blocks = doc.blocks.map((block) => {
        const legacy = block as Block & Partial<Record<(typeof LEGACY_VISIBILITY_KEYS)[number], boolean>>;
        const moved = LEGACY_VISIBILITY_KEYS.filter((k) => typeof legacy[k] === 'boolean');
        let next: Block = withPositions(block);
        if (moved.length) {
          const rest = { ...next } as Record<string, unknown>;
          const visibility = { ...(block.visibility ?? {}) } as Record<string, boolean | undefined>;
          for (const k of moved) {
            visibility[k] ??= legacy[k];
            delete rest[k];
          }
          next = { ...(rest as unknown as Block), visibility };
        }
        return next;
      });
      return { ...doc, schemaVersion: 1, page: withPositions(doc.page), blocks };
    },
  },
];

export class PageDocumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PageDocumentError';
  }
}

/**
 * Brings a stored page document up to the current schema version. The input is not modified.
 * Throws PageDocumentError naming what is wrong when the document cannot be migrated.
 */
export function migratePageDocument(input: unknown, migrations: PageMigration[] = pageMigrations, current = CURRENT_PAGE_SCHEMA_VERSION): PageDocument {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw new PageDocumentError('page document must be a JSON object');
  const raw = input as Record<string, JsonValue>;
  const version = raw.schemaVersion ?? 0;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    throw new PageDocumentError(`schemaVersion must be a non-negative integer, got ${JSON.stringify(version)}`);
  }
  if (version > current) {
    throw new PageDocumentError(`schemaVersion ${version} is newer than this software understands (${current}); upgrade Tessera`);
  }
  if (!raw.page || typeof raw.page !== 'object' || Array.isArray(raw.page)) throw new PageDocumentError('page document has no "page" object');
  if (!Array.isArray(raw.blocks)) throw new PageDocumentError('page document has no "blocks" array');
  let doc = structuredClone({ ...raw, schemaVersion: version }) as unknown as PageDocument;
  for (let v = version; v < current; v++) {
    const step = migrations.find((m) => m.from === v);
    if (!step || step.to !== v + 1) throw new PageDocumentError(`no migration from schemaVersion ${v} to ${v + 1}`);
    doc = step.migrate(doc);
    if (doc.schemaVersion !== v + 1) throw new PageDocumentError(`migration ${v}->${v + 1} did not set schemaVersion`);
  }
  return doc;
}
