/**
 * The document store: every stored thing is a JSON document (kind, id) with a revision bumped on
 * each write. Reads go straight to the database; writes happen inside `transaction`, which is one
 * database transaction (rows read in it are locked on PostgreSQL, SQLite has a single writer).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from './database';
import { EVERY_ID, KEYS_PER_KIND, SharedStoreCache } from './shared-cache';
import type { RequestValidator } from '../validation';

/**
 * Document kinds by name, with the type each holds. The core declares `seed` (the per-domain demo
 * markers); each domain adds its own kinds from its folder with
 * `declare module '../storage/documents' { interface DocumentKinds { page: Page } }` and declares
 * them in its manifest (server/domain.ts `documents`), which is what the store accepts at run time.
 */
export interface DocumentKinds {
  seed: { seededAt: number };
}

export type DocKind = keyof DocumentKinds & string;

/** Reads one stored document of a kind tolerantly: the value (undefined: read as absent) and what was repaired. */
export type StoredReader = (raw: unknown, id: string) => { item: unknown; problems: string[] };

/** How the store keeps one kind (declared in a domain's manifest). */
export interface DocumentKindSpec {
  /**
   * How a stored document of this kind is read (server/storage/tolerant.ts): given the app's
   * validator, a reader that repairs what it can. Without one, a row that is not a JSON object reads as absent.
   */
  reader?(validator: RequestValidator): StoredReader;
  /**
   * Read on (nearly) every request: kept in memory, exact on the embedded database, invalidated
   * across processes on PostgreSQL. Kinds read rarely or written often go to the database.
   */
  cached?: boolean;
  /** The document carries its own revision (`revision` inside data) so clients can send it back (structure items). */
  revisionInData?: boolean;
}

/** Kinds the core itself stores. */
export const CORE_DOCUMENT_KINDS: Readonly<Record<string, DocumentKindSpec>> = { seed: {} };

export interface StoredDoc<T> {
  id: string;
  data: T;
  revision: number;
  schemaVersion: number | null;
  expiresAt: number | null;
}

export interface PutOptions {
  /** Fails with RevisionConflict when the stored revision differs (optimistic concurrency). */
  expectedRevision?: number;
  schemaVersion?: number | null;
  expiresAt?: number | null;
  /** The revision to store, when above the current one (publishing a draft keeps the revision editors already hold). */
  revision?: number;
}

export class RevisionConflict extends Error {
  constructor(
    readonly kind: DocKind,
    readonly id: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`${kind} "${id}" is at revision ${actual}, not ${expected}: reload it and try again`);
  }
}

/**
 * A value the database cannot hold (an id longer than its column, a NUL character): input the
 * request should not have carried. The API answers it with 400, never with a database error.
 */
export class UnstorableValue extends Error {}

/** documents.id is varchar(200), documents.kind varchar(40). */
export const MAX_ID_LENGTH = 200;

function checkKey(kind: string, id: string): void {
  if (typeof id !== 'string' || !id) throw new UnstorableValue(`${kind} id must be a non-empty string`);
  if (id.length > MAX_ID_LENGTH) throw new UnstorableValue(`${kind} id is longer than ${MAX_ID_LENGTH} characters`);
  if (id.includes('\0')) throw new UnstorableValue(`${kind} id contains a NUL character`);
}

type Row = { id: string; data: string; revision: number; schema_version: number | null; expires_at: number | string | null };

/**
 * What readers get for a stored row's parsed JSON (undefined when the text is not JSON): a value
 * of the kind's model, or undefined to treat the row as absent. See server/storage/tolerant.ts.
 */
export type DocumentNormaliser = (kind: DocKind, id: string, data: unknown) => unknown;

/** Without a normaliser a row whose data is not a JSON object reads as absent. */
const keepObjects: DocumentNormaliser = (_kind, _id, data) => (data && typeof data === 'object' && !Array.isArray(data) ? data : undefined);

function toDoc<T>(row: Row, kind: DocKind, normalise: DocumentNormaliser): StoredDoc<T> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(row.data);
  } catch {
    parsed = undefined;
  }
  const data = normalise(kind, row.id, parsed);
  if (data === undefined) return undefined;
  return {
    id: row.id,
    data: data as T,
    revision: Number(row.revision),
    schemaVersion: row.schema_version === null ? null : Number(row.schema_version),
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
  };
}

export class DocumentReader {
  constructor(
    protected readonly db: Kysely<DB> | Transaction<DB>,
    protected readonly lockRows = false,
    protected readonly normalise: DocumentNormaliser = keepObjects,
  ) {}

  async get<T>(kind: DocKind, id: string): Promise<StoredDoc<T> | undefined> {
    let q = this.db.selectFrom('documents').select(['id', 'data', 'revision', 'schema_version', 'expires_at']).where('kind', '=', kind).where('id', '=', id);
    if (this.lockRows) q = q.forUpdate();
    const row = await q.executeTakeFirst();
    return row ? toDoc<T>(row, kind, this.normalise) : undefined;
  }

  async getMany<T>(kind: DocKind, ids: readonly string[]): Promise<StoredDoc<T>[]> {
    if (!ids.length) return [];
    const unique = [...new Set(ids)];
    const rows: Row[] = [];
    // Chunks keep the parameter count under SQLite's limit.
    for (let i = 0; i < unique.length; i += 500) {
      let q = this.db
        .selectFrom('documents')
        .select(['id', 'data', 'revision', 'schema_version', 'expires_at'])
        .where('kind', '=', kind)
        .where('id', 'in', unique.slice(i, i + 500));
      if (this.lockRows) q = q.forUpdate();
      rows.push(...(await q.execute()));
    }
    const byId = new Map(rows.map((r) => [r.id, toDoc<T>(r, kind, this.normalise)]));
    return ids.map((id) => byId.get(id)).filter((d): d is StoredDoc<T> => d !== undefined);
  }

  async list<T>(kind: DocKind): Promise<StoredDoc<T>[]> {
    const rows = await this.db
      .selectFrom('documents')
      .select(['id', 'data', 'revision', 'schema_version', 'expires_at'])
      .where('kind', '=', kind)
      .orderBy('id')
      .execute();
    return rows.map((r) => toDoc<T>(r, kind, this.normalise)).filter((d): d is StoredDoc<T> => d !== undefined);
  }

  async expired(kind: DocKind, now: number): Promise<StoredDoc<unknown>[]> {
    const rows = await this.db
      .selectFrom('documents')
      .select(['id', 'data', 'revision', 'schema_version', 'expires_at'])
      .where('kind', '=', kind)
      .where('expires_at', '<=', now)
      .execute();
    // Expired rows are removed whatever they hold: a damaged one still has its id.
    return rows.map((r) => toDoc(r, kind, this.normalise) ?? { id: r.id, data: null, revision: Number(r.revision), schemaVersion: null, expiresAt: null });
  }
}

/** What reads need of a reader: the store, a transaction, or a view over either (see structure/overlay-reader.ts). */
export type DocumentSource = Pick<DocumentReader, 'get' | 'getMany' | 'list'>;

/** A write made in a transaction, applied to the read cache once the transaction commits. */
type PendingWrite = { kind: DocKind; id: string; doc: StoredDoc<unknown> | null };

export class DocumentTx extends DocumentReader {
  readonly pending: PendingWrite[] = [];
  /** State kept outside documents that this transaction changed (`changed`), by key kind and id. */
  readonly touched: { kind: string; id: string }[] = [];
  /** Documents of the `keepBefore` kinds as they were when this transaction first wrote them (null: absent). */
  private readonly before = new Map<string, unknown>();

  constructor(
    tx: Transaction<DB>,
    locking: boolean,
    normalise: DocumentNormaliser | undefined,
    private readonly kinds: ReadonlyMap<string, DocumentKindSpec>,
    private readonly keepBefore: ReadonlySet<DocKind> = new Set(),
  ) {
    super(tx, locking, normalise);
  }

  /**
   * A document as it was before this transaction wrote it (a `keepBefore` kind), else as it is:
   * what write hooks compare, so derived rows change by the difference.
   */
  async previous<T>(kind: DocKind, id: string): Promise<T | undefined> {
    const key = `${kind}\u0000${id}`;
    if (this.before.has(key)) return (this.before.get(key) ?? undefined) as T | undefined;
    return (await this.get<T>(kind, id))?.data;
  }

  private remember(kind: DocKind, id: string, row: { data: string; revision: number } | undefined): void {
    const key = `${kind}\u0000${id}`;
    if (!this.keepBefore.has(kind) || this.before.has(key)) return;
    const doc = row && toDoc({ id, data: row.data, revision: row.revision, schema_version: null, expires_at: null }, kind, this.normalise);
    this.before.set(key, doc?.data ?? null);
  }

  /** Inserts or replaces a document; returns its new revision. */
  async put<T>(kind: DocKind, id: string, data: T, options: PutOptions = {}): Promise<number> {
    if (!this.kinds.has(kind)) throw new Error(`document kind "${kind}" is declared by no domain (server/domain.ts documents)`);
    checkKey(kind, id);
    const existing = await this.db
      .selectFrom('documents')
      .select(this.keepBefore.has(kind) ? ['revision', 'data'] : ['revision'])
      .where('kind', '=', kind)
      .where('id', '=', id)
      .$if(this.lockRows, (q) => q.forUpdate())
      .executeTakeFirst();
    this.remember(kind, id, existing as { data: string; revision: number } | undefined);
    const current = existing ? Number(existing.revision) : 0;
    if (options.expectedRevision !== undefined && options.expectedRevision !== current) throw new RevisionConflict(kind, id, options.expectedRevision, current);
    const revision = options.revision !== undefined && options.revision > current ? options.revision : current + 1;
    const stored = { ...(data as object), ...(this.kinds.get(kind)?.revisionInData ? { revision } : {}) };
    const values = {
      data: JSON.stringify(stored),
      revision,
      schema_version: options.schemaVersion ?? null,
      expires_at: options.expiresAt ?? null,
      updated_at: Date.now(),
    };
    if (existing) await this.db.updateTable('documents').set(values).where('kind', '=', kind).where('id', '=', id).execute();
    else
      await this.db
        .insertInto('documents')
        .values({ kind, id, ...values })
        .execute();
    const doc = toDoc({ id, ...values }, kind, this.normalise);
    this.pending.push({ kind, id, doc: doc ?? null });
    return revision;
  }

  async remove(kind: DocKind, id: string): Promise<boolean> {
    if (this.keepBefore.has(kind)) {
      const row = await this.db.selectFrom('documents').select(['revision', 'data']).where('kind', '=', kind).where('id', '=', id).executeTakeFirst();
      this.remember(kind, id, row);
    }
    const result = await this.db.deleteFrom('documents').where('kind', '=', kind).where('id', '=', id).executeTakeFirst();
    this.pending.push({ kind, id, doc: null });
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Records that this transaction changed state a domain keeps in its own table under a key
   * (`listMemberships` of an account): write hooks of that key kind run before the commit, and
   * what processes derived from it is dropped after, as for a document.
   */
  changed(kind: string, id: string): void {
    this.touched.push({ kind, id });
  }

  /** Runs once this transaction has committed (never when it rolls back): sends what it changed. Errors are the callback's own to handle. */
  afterCommit(fn: () => void | Promise<void>): void {
    this.committedCallbacks.push(fn);
  }

  readonly committedCallbacks: (() => void | Promise<void>)[] = [];

  get raw(): Transaction<DB> {
    return this.db as Transaction<DB>;
  }
}

/**
 * Inserts the change rows of a writing transaction (PostgreSQL) and answers its transaction id.
 * A kind with more than KEYS_PER_KIND keys written records the kind as a whole (the demo seed).
 */
async function recordChanges(trx: Transaction<DB>, writes: readonly { kind: string; id: string }[]): Promise<string> {
  const byKind = new Map<string, Set<string>>();
  for (const w of writes) byKind.set(w.kind, (byKind.get(w.kind) ?? new Set()).add(w.id));
  const keys = [...byKind].flatMap(([kind, ids]) => (ids.size > KEYS_PER_KIND ? [[kind, EVERY_ID]] : [...ids].map((id) => [kind, id])));
  const at = Date.now();
  let xid = '';
  for (let i = 0; i < keys.length; i += 500) {
    const values = keys.slice(i, i + 500).map(([kind, id]) => sql`(pg_current_xact_id(), ${kind}, ${id}, ${at})`);
    const { rows } = await sql<{ xid: string }>`insert into store_changes (xid, kind, id, at) values ${sql.join(values)} returning xid::text as xid`.execute(
      trx,
    );
    xid = rows[0].xid;
  }
  return xid;
}

/**
 * Kinds read on every request (a domain's `documents` say `cached`). With the embedded database
 * this process is the only writer, so a write-through cache of committed documents is exact and
 * spares a query and a JSON parse per read. With PostgreSQL other processes write too: the cache
 * there is kept while the shared generation counter stands still (server/storage/shared-cache.ts).
 */
export class DocumentStore extends DocumentReader {
  private readonly cache = new Map<DocKind, Map<string, StoredDoc<unknown>>>();
  private readonly loading = new Map<DocKind, Promise<Map<string, StoredDoc<unknown>>>>();
  /** Kinds written while their cache was loading: that load may predate the write, so it is not kept. */
  private readonly writtenWhileLoading = new Set<DocKind>();

  /** PostgreSQL: documents kept until a check finds another process changed them (store_changes). */
  private readonly shared?: SharedStoreCache;

  private readonly cachedKinds: ReadonlySet<string>;

  constructor(
    private readonly database: Kysely<DB>,
    private readonly engine: 'sqlite' | 'postgres',
    normalise: DocumentNormaliser | undefined,
    /** Every kind a domain declared: a write of any other is a programming error. */
    private readonly kinds: ReadonlyMap<string, DocumentKindSpec>,
  ) {
    super(database, false, normalise);
    this.cachedKinds = new Set([...kinds].filter(([, spec]) => spec.cached).map(([kind]) => kind));
    if (engine === 'postgres')
      this.shared = new SharedStoreCache({
        async read(since) {
          // One statement, one snapshot: the rows it returns are exactly those committed between `since` and it.
          const { rows } = await sql<{ snapshot: string; changes: { xid: string; kind: string; id: string }[] | null }>`
            select pg_current_snapshot()::text as snapshot,
              (select json_agg(json_build_object('xid', xid::text, 'kind', kind, 'id', id)) from store_changes
                where ${since ?? null}::text is not null
                  and xid >= pg_snapshot_xmin(${since ?? null}::text::pg_snapshot)
                  and not pg_visible_in_snapshot(xid, ${since ?? null}::text::pg_snapshot)) as changes`.execute(database);
          return { snapshot: rows[0].snapshot, changes: rows[0].changes ?? [] };
        },
        async prune(before) {
          await sql`delete from store_changes where at < ${before}`.execute(database);
        },
      });
  }

  private readonly sorted = new Map<DocKind, StoredDoc<unknown>[]>();
  private commits = 0;
  /** SQLite: values a domain keeps under a change key (`keyed`), dropped when a commit announces the key. */
  private readonly keyedValues = new Map<string, unknown>();

  /**
   * A value a domain derives from its own rows under a change key (an account's memberships),
   * read through the cache: kept until a transaction announces that key (`DocumentTx.changed`), in
   * this process or, on PostgreSQL, in any other. Writers that bypass `changed` are not seen.
   */
  async keyed<T>(kind: string, id: string, load: () => Promise<T>): Promise<T> {
    if (this.shared) {
      const doc = await this.shared.get(kind as DocKind, id, async () => ({ id, data: await load(), revision: 0, schemaVersion: null, expiresAt: null }));
      return doc!.data as T;
    }
    const key = `${kind}\n${id}`;
    if (this.keyedValues.has(key)) return this.keyedValues.get(key) as T;
    const commits = this.commits;
    const value = await load();
    // A commit while it loaded may have changed it: not kept.
    if (commits === this.commits) {
      if (this.keyedValues.size >= 50_000) this.keyedValues.clear();
      this.keyedValues.set(key, value);
    }
    return value;
  }

  private get caching(): boolean {
    return this.engine === 'sqlite';
  }

  /**
   * Changes whenever documents change: a commit in this process (SQLite), the shared generation
   * counter (PostgreSQL, as of the last check). Lets callers memoise what they derive from cached
   * documents; read it through `currentGeneration()` at the start of a derivation.
   */
  get generation(): number | undefined {
    return this.caching ? this.commits : this.shared?.generation;
  }

  /** Cached documents this process dropped because another process changed them (PostgreSQL; 0 on SQLite, the only writer). */
  get droppedByOthers(): number {
    return this.shared?.dropped ?? 0;
  }

  /** The generation, checked against the database first when the last check is not recent (PostgreSQL). */
  async currentGeneration(): Promise<number | undefined> {
    return this.shared ? this.shared.current() : this.generation;
  }

  /**
   * Resolves once the cache reflects every commit that finished before this call (PostgreSQL; at
   * once with SQLite). The app calls it as each request arrives; checks are shared.
   */
  async freshen(): Promise<void> {
    await this.shared?.freshen();
  }

  private async kindCache(kind: DocKind): Promise<Map<string, StoredDoc<unknown>>> {
    const ready = this.cache.get(kind);
    if (ready) return ready;
    let load = this.loading.get(kind);
    if (!load) {
      load = super.list<unknown>(kind).then((docs) => {
        const map = new Map(docs.map((d) => [d.id, d]));
        this.loading.delete(kind);
        if (!this.writtenWhileLoading.delete(kind)) this.cache.set(kind, map);
        return map;
      });
      this.loading.set(kind, load);
    }
    return load;
  }

  override async get<T>(kind: DocKind, id: string): Promise<StoredDoc<T> | undefined> {
    if (this.shared && this.cachedKinds.has(kind)) return (await this.shared.get(kind, id, () => super.get(kind, id))) as StoredDoc<T> | undefined;
    if (!this.caching || !this.cachedKinds.has(kind)) return super.get<T>(kind, id);
    return (await this.kindCache(kind)).get(id) as StoredDoc<T> | undefined;
  }

  override async getMany<T>(kind: DocKind, ids: readonly string[]): Promise<StoredDoc<T>[]> {
    if (this.shared && this.cachedKinds.has(kind)) return (await this.shared.getMany(kind, ids, (missing) => super.getMany(kind, missing))) as StoredDoc<T>[];
    if (!this.caching || !this.cachedKinds.has(kind)) return super.getMany<T>(kind, ids);
    const map = await this.kindCache(kind);
    return ids.map((id) => map.get(id)).filter((d): d is StoredDoc<unknown> => d !== undefined) as StoredDoc<T>[];
  }

  override async list<T>(kind: DocKind): Promise<StoredDoc<T>[]> {
    if (this.shared && this.cachedKinds.has(kind)) return (await this.shared.list(kind, () => super.list(kind))) as StoredDoc<T>[];
    if (!this.caching || !this.cachedKinds.has(kind)) return super.list<T>(kind);
    let list = this.sorted.get(kind);
    if (!list) {
      list = [...(await this.kindCache(kind)).values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      if (this.cache.has(kind)) this.sorted.set(kind, list);
    }
    return list as StoredDoc<T>[];
  }

  private readonly repairHooks: { kinds: ReadonlySet<string>; run: (id: string) => void }[] = [];

  /** Calls `run` with the id of each document of these kinds that was read with repairs (storage/tolerant.ts reports them). */
  onRepaired(kinds: DocKind[], run: (id: string) => void): void {
    this.repairHooks.push({ kinds: new Set(kinds), run });
  }

  /** A document was read with repairs: tells the hooks that derive from it. */
  repaired(kind: DocKind, id: string): void {
    for (const hook of this.repairHooks) if (hook.kinds.has(kind)) hook.run(id);
  }

  private readonly writeHooks: { kinds: ReadonlySet<string>; run: (tx: DocumentTx, ids: string[]) => Promise<void> }[] = [];
  /** Kinds whose state before a write the hooks compare (`tx.previous`). */
  private readonly keepBefore = new Set<DocKind>();

  /**
   * Runs `run` inside every transaction that wrote documents of these kinds, with their ids, just
   * before it commits: what is derived from documents (the search index) commits with them or not
   * at all. The hook may read each document as it was before the transaction (`tx.previous`).
   */
  onWrite(kinds: string[], run: (tx: DocumentTx, ids: string[]) => Promise<void>): void {
    this.writeHooks.push({ kinds: new Set(kinds), run });
    for (const kind of kinds) this.keepBefore.add(kind as DocKind);
  }

  async transaction<R>(fn: (tx: DocumentTx) => Promise<R>): Promise<R> {
    let pending: PendingWrite[] = [];
    let touched = 0;
    let touchedKeys: { kind: string; id: string }[] = [];
    let callbacks: (() => void | Promise<void>)[] = [];
    let committedXid: string | undefined;
    let result!: R;
    for (let attempt = 1; ; attempt++) {
      try {
        result = await this.database.transaction().execute(async (trx) => {
          const tx = new DocumentTx(trx, this.engine === 'postgres', this.normalise, this.kinds, this.keepBefore);
          committedXid = undefined;
          const out = await fn(tx);
          for (const hook of this.writeHooks) {
            const ids = [...new Set([...tx.pending, ...tx.touched].filter((w) => hook.kinds.has(w.kind)).map((w) => w.id))];
            if (ids.length) await hook.run(tx, ids);
          }
          // Last statement (PostgreSQL): one change row per key written, which other processes' checks read.
          if (this.shared && (tx.pending.length || tx.touched.length)) committedXid = await recordChanges(trx, [...tx.pending, ...tx.touched]);
          pending = tx.pending;
          touched = tx.touched.length;
          touchedKeys = tx.touched;
          callbacks = tx.committedCallbacks;
          return out;
        });
        break;
      } catch (error) {
        // PostgreSQL may pick this transaction as a deadlock victim: it rolled back, so run it again.
        if ((error as { code?: string }).code !== '40P01' || attempt >= 3) throw error;
      }
    }
    // Committed: bring the cache up to date (a rolled-back transaction never gets here).
    if (pending.length || touched) this.commits++;
    for (const t of touchedKeys) this.keyedValues.delete(`${t.kind}\n${t.id}`);
    if (this.shared && committedXid !== undefined) this.shared.committed(committedXid, [...pending, ...touchedKeys]);
    for (const w of pending) {
      this.sorted.delete(w.kind);
      if (this.loading.has(w.kind)) this.writtenWhileLoading.add(w.kind);
      const map = this.cache.get(w.kind);
      if (!map) continue;
      if (w.doc) map.set(w.id, w.doc);
      else map.delete(w.id);
    }
    for (const fn of callbacks) void fn();
    return result;
  }

  get kysely(): Kysely<DB> {
    return this.database;
  }
}
