/**
 * Thumbnail bytes kept in memory, least recently used first out: a page of thumbnails is served
 * from here without opening a file or asking the blob store (S3 is a network call). A variant's
 * key names everything its bytes depend on (file id, width, ratio, focal point) and an uploaded
 * file never changes, so an entry is never stale; entries of a removed file are dropped with it.
 */
export interface HotVariant {
  data: Buffer;
  mime: string;
}

/** Bytes kept in all (the thumbnails of a few hundred images at the usual widths). */
export const HOT_VARIANT_BYTES = 32 * 1024 * 1024;
/** A variant larger than this (a 1920-wide photo) is streamed from the blob store instead. */
export const HOT_VARIANT_MAX_BYTES = 1024 * 1024;

export class HotVariants {
  private readonly entries = new Map<string, HotVariant>();
  private bytes = 0;

  constructor(
    private readonly capacity = HOT_VARIANT_BYTES,
    private readonly maxEntry = HOT_VARIANT_MAX_BYTES,
  ) {}

  get(key: string): HotVariant | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    // Map order is insertion order: re-inserting makes this the most recently used.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  set(key: string, value: HotVariant): void {
    if (value.data.length > this.maxEntry) return;
    this.delete(key);
    this.entries.set(key, value);
    this.bytes += value.data.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.capacity) break;
      this.entries.delete(oldest);
      this.bytes -= entry.data.length;
    }
  }

  /** Drops every variant of a file (keys are `<file id>/<variant name>`). */
  dropFile(fileId: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${fileId}/`)) this.delete(key);
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.data.length;
  }
}
