/**
 * The read cache when several processes share one PostgreSQL database. Every transaction that
 * writes documents bumps one counter row (`store_generation`) as its last statement, so the
 * counter moves exactly when committed documents change, in any process. A request checks the
 * counter once when it arrives (one tiny query, shared by every request that arrived while the
 * previous check was on its way), and reads documents from memory while the counter stands still; when it moved,
 * the cache is emptied and documents are read again as asked for. This process's own commits are
 * applied to the cache in place when no other commit came between.
 *
 * What a reader sees is never older than the last check that began after it asked: a request
 * sees every commit that finished before it arrived, as it did reading the database itself.
 * Reads outside requests (sockets, sweeps) check again when the last check is older than
 * FRESH_FOR_MS. Entries are only ever as new as or newer than the generation they are kept under:
 * a read that was under way when the cache changed is not kept.
 */
import type { DocKind, StoredDoc } from './documents';

/** How long a completed check vouches for the cache for reads that did not check themselves. */
export const FRESH_FOR_MS = 250;
/** Documents kept at most; past it the cache starts again empty. */
const MAX_ENTRIES = 50_000;

type Doc = StoredDoc<unknown>;
const noop = () => {};

export class SharedStoreCache {
  private known?: number;
  /** performance.now() when the last completed check was sent. */
  private checkedAt = -Infinity;
  /** Bumped whenever entries change or are dropped: a read begun before is not kept. */
  private epoch = 0;
  /** The check the current batch of callers waits for, not sent yet. */
  private scheduled?: Promise<void>;
  /** The check on its way (settles, never rejects), if any. */
  private inFlight?: Promise<void>;
  private readonly docs = new Map<string, Doc | null>();
  private readonly lists = new Map<DocKind, Doc[]>();

  constructor(private readonly readGeneration: () => Promise<number>) {}

  /** The generation the cache stands at (undefined before the first check). */
  get generation(): number | undefined {
    return this.known;
  }

  /**
   * Resolves once a check sent after this call has completed. Calls made while the event loop
   * handles one batch of arrivals share one check, sent once that batch is read (setImmediate):
   * every request whose bytes were read by then was sent before the check, so the check sees
   * every commit its client could have seen finish. One check is on its way at a time: calls
   * made meanwhile share the next, sent when it answers, so however many requests arrive the
   * database answers one tiny query per round trip instead of one per loop turn (under load those
   * queries, and the pool connections they hold, cost more than the requests they guard).
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
    return this.known;
  }

  private async check(): Promise<void> {
    const sentAt = performance.now();
    const value = await this.readGeneration();
    // Checks overlap and may answer out of order; one older than this process's own commit may
    // answer less: the cache only ever moves forward.
    if (this.known === undefined || value > this.known) {
      this.drop();
      this.known = value;
    }
    this.checkedAt = Math.max(this.checkedAt, sentAt);
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

  /**
   * This process committed `writes` as generation `generation`: applied in place when it follows
   * the generation the cache stands at, else the cache starts again at it.
   */
  committed(generation: number, writes: readonly { kind: DocKind; id: string; doc: Doc | null }[]): void {
    // A check already saw this commit (or a later one) and emptied the cache after it.
    if (this.known !== undefined && generation <= this.known) return;
    const follows = this.known !== undefined && generation === this.known + 1;
    if (!follows) this.drop();
    else {
      this.epoch++;
      for (const w of writes) {
        this.lists.delete(w.kind);
        this.keep(`${w.kind}\n${w.id}`, w.doc);
      }
    }
    this.known = generation;
  }

  private keep(key: string, doc: Doc | null): void {
    if (this.docs.size >= MAX_ENTRIES && !this.docs.has(key)) this.drop();
    this.docs.set(key, doc);
  }

  private drop(): void {
    this.epoch++;
    this.docs.clear();
    this.lists.clear();
  }
}
