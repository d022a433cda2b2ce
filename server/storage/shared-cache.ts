/**
 * The read cache when several processes share one PostgreSQL database, invalidated per kind and
 * key. Every transaction that writes documents (or state a domain announces with
 * `DocumentTx.changed`) inserts one `store_changes` row per key it wrote, stamped with its
 * transaction id, as its last statement: no row is shared between writers, so writers never queue
 * on one another for it. A check reads, in one statement, the rows committed since the previous
 * check's snapshot (`pg_visible_in_snapshot`: those not visible then, visible now, whatever order
 * their transactions committed in) and the snapshot it ran on; the cache drops exactly those keys.
 *
 * A request checks once when it arrives (one small query, shared by every request that arrived
 * while the previous check was on its way), then reads documents from memory: what a reader sees
 * is never older than the last check that began after it asked, so a request sees every commit
 * that finished before it arrived. Reads outside requests (sockets, jobs) check again when the
 * last check is older than FRESH_FOR_MS. A read that was under way when entries were dropped is
 * not kept. This process's own commits are applied in place, and their rows skipped.
 */
import type { DocKind, StoredDoc } from './documents';

/** How long a completed check vouches for the cache for reads that did not check themselves. */
export const FRESH_FOR_MS = 250;
/** Change rows are kept this long; a process that has not checked for half of it starts again empty. */
export const CHANGES_KEPT_MS = 10 * 60_000;
/** How often a process deletes change rows older than CHANGES_KEPT_MS. */
const PRUNE_EVERY_MS = 60_000;
/** Documents kept at most; past it the cache starts again empty. */
const MAX_ENTRIES = 50_000;
/** A transaction writing more keys of one kind than this records the kind (`*`): every process drops the whole kind. */
export const KEYS_PER_KIND = 200;
/** The id a change row carries for "every document of this kind". */
export const EVERY_ID = '*';

type Doc = StoredDoc<unknown>;
const noop = () => {};

/** What one check answers: the snapshot it ran on and the keys committed since the one given. */
export interface ChangeFeed {
  read(since: string | undefined): Promise<{ snapshot: string; changes: { xid: string; kind: string; id: string }[] }>;
  prune(before: number): Promise<void>;
}

export class SharedStoreCache {
  /** The snapshot of the last check (undefined before the first). */
  private snapshot?: string;
  /** Moves whenever a change is applied (this process's commits, others' seen by a check): what memos derived from documents key on. */
  private changes = 0;
  /** performance.now() when the last completed check was sent. */
  private checkedAt = -Infinity;
  private prunedAt = -Infinity;
  /** Bumped whenever entries change or are dropped: a read begun before is not kept. */
  private epoch = 0;
  /** The check the current batch of callers waits for, not sent yet. */
  private scheduled?: Promise<void>;
  /** The check on its way (settles, never rejects), if any. */
  private inFlight?: Promise<void>;
  private readonly docs = new Map<string, Doc | null>();
  private readonly lists = new Map<string, Doc[]>();
  /** Transactions this process committed (already applied in place), with when: their change rows are skipped. */
  private readonly own = new Map<string, number>();
  /** Cached documents dropped because another process changed them (DocumentStore.droppedByOthers). */
  dropped = 0;

  constructor(private readonly feed: ChangeFeed) {}

  /** Moves whenever documents change (undefined before the first check). */
  get generation(): number | undefined {
    return this.snapshot === undefined ? undefined : this.changes;
  }

  /**
   * Resolves once a check sent after this call has completed. Calls made while the event loop
   * handles one batch of arrivals share one check, sent once that batch is read (setImmediate):
   * every request whose bytes were read by then was sent before the check, so the check sees
   * every commit its client could have seen finish. One check is on its way at a time: calls
   * made meanwhile share the next, so however many requests arrive the database answers one
   * small query per round trip.
   */
  freshen(): Promise<void> {
    return (this.scheduled ??= new Promise<void>((resolve, reject) => {
      setImmediate(async () => {
        while (this.inFlight) await this.inFlight;
        this.scheduled = undefined;
        const check = this.check();
        const settled = (this.inFlight = check.then(noop, noop));
        void settled.then(() => {
          if (this.inFlight === settled) this.inFlight = undefined;
        });
        check.then(resolve, reject);
      });
    }));
  }

  /** The generation, checked first unless a recent check vouches for it. */
  async current(): Promise<number | undefined> {
    if (performance.now() - this.checkedAt > FRESH_FOR_MS) await this.freshen();
    return this.generation;
  }

  private async check(): Promise<void> {
    const sentAt = performance.now();
    // Rows older than CHANGES_KEPT_MS may be gone: after a long pause, start again empty.
    const since = sentAt - this.checkedAt < CHANGES_KEPT_MS / 2 ? this.snapshot : undefined;
    const { snapshot, changes } = await this.feed.read(since);
    if (since === undefined) this.drop();
    else {
      let moved = false;
      for (const c of changes) {
        if (this.own.has(c.xid)) continue;
        this.dropped += this.forget(c.kind, c.id);
        moved = true;
      }
      if (moved) {
        this.epoch++;
        this.changes++;
      }
    }
    this.snapshot = snapshot;
    this.checkedAt = sentAt;
    for (const [xid, at] of this.own) if (sentAt - at > CHANGES_KEPT_MS) this.own.delete(xid);
    if (sentAt - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = sentAt;
      void this.feed.prune(Date.now() - CHANGES_KEPT_MS).catch(noop);
    }
  }

  /** Drops a key (or a whole kind); how many cached documents went. */
  private forget(kind: string, id: string): number {
    this.lists.delete(kind);
    if (id !== EVERY_ID) return this.docs.delete(`${kind}\n${id}`) ? 1 : 0;
    let n = 0;
    for (const key of this.docs.keys()) if (key.startsWith(`${kind}\n`) && this.docs.delete(key)) n++;
    return n;
  }

  async get(kind: DocKind, id: string, load: () => Promise<Doc | undefined>): Promise<Doc | undefined> {
    await this.current();
    const key = `${kind}\n${id}`;
    const hit = this.docs.get(key);
    if (hit !== undefined) return hit ?? undefined;
    const epoch = this.epoch;
    const doc = await load();
    if (epoch === this.epoch) this.keep(key, doc ?? null);
    return doc;
  }

  async getMany(kind: DocKind, ids: readonly string[], load: (ids: string[]) => Promise<Doc[]>): Promise<Doc[]> {
    await this.current();
    const missing = [...new Set(ids.filter((id) => !this.docs.has(`${kind}\n${id}`)))];
    if (missing.length) {
      const epoch = this.epoch;
      const loaded = new Map((await load(missing)).map((d) => [d.id, d]));
      if (epoch === this.epoch) for (const id of missing) this.keep(`${kind}\n${id}`, loaded.get(id) ?? null);
      else return ids.map((id) => loaded.get(id) ?? this.docs.get(`${kind}\n${id}`)).filter((d): d is Doc => !!d);
    }
    return ids.map((id) => this.docs.get(`${kind}\n${id}`)).filter((d): d is Doc => !!d);
  }

  async list(kind: DocKind, load: () => Promise<Doc[]>): Promise<Doc[]> {
    await this.current();
    const hit = this.lists.get(kind);
    if (hit) return hit;
    const epoch = this.epoch;
    const docs = await load();
    if (epoch === this.epoch) this.lists.set(kind, docs);
    return docs;
  }

  /** This process committed transaction `xid` with these writes: applied in place, its change rows skipped when a check meets them. */
  committed(xid: string, writes: readonly { kind: string; id: string; doc?: Doc | null }[]): void {
    this.own.set(xid, performance.now());
    this.epoch++;
    this.changes++;
    for (const w of writes) {
      this.lists.delete(w.kind);
      if (w.doc === undefined) this.forget(w.kind, w.id);
      else this.keep(`${w.kind}\n${w.id}`, w.doc);
    }
  }

  private keep(key: string, doc: Doc | null): void {
    if (this.docs.size >= MAX_ENTRIES && !this.docs.has(key)) {
      this.epoch++;
      this.docs.clear();
      this.lists.clear();
    }
    this.docs.set(key, doc);
  }

  private drop(): void {
    this.epoch++;
    this.changes++;
    this.docs.clear();
    this.lists.clear();
  }
}
