/**
 * Frees the chunk buffers of an upload as it streams. Node's HTTP parser copies every body chunk
 * (up to 64 KB) into a fresh off-heap ArrayBuffer; once written to disk the chunk is garbage, but
 * V8 only collects it when the young generation fills or about 64 MB of external memory has piled
 * up, and a few hundred small Buffer objects fill neither. A 10 MB upload so left up to 10 MB of
 * dead chunks resident until some later collection. A minor collection (a scavenge: the young
 * generation only, cheap next to a megabyte of upload) every RECLAIM_EVERY_BYTES bounds that to
 * about a megabyte (`files.upload` in docs/benchmarks.md).
 */
import v8 from 'node:v8';
import vm from 'node:vm';

/** Bytes received between two minor collections. */
export const RECLAIM_EVERY_BYTES = 1024 * 1024;

type GcFunction = (options: { type: 'minor' | 'major'; execution?: 'sync' | 'async' }) => void;

let gcFunction: GcFunction | null | undefined;

/** V8's gc(), exposed once in a fresh context; null where the runtime refuses it. */
function gc(): GcFunction | null {
  if (gcFunction === undefined) {
    const global = (globalThis as { gc?: GcFunction }).gc;
    if (global) gcFunction = global;
    else {
      try {
        v8.setFlagsFromString('--expose-gc');
        gcFunction = (vm.runInNewContext('gc') as GcFunction | undefined) ?? null;
      } catch {
        gcFunction = null;
      }
    }
  }
  return gcFunction;
}

/** Counts an upload's bytes and runs a minor collection each time RECLAIM_EVERY_BYTES more have passed. */
export class SpentBufferReclaimer {
  private sinceLast = 0;

  received(bytes: number): void {
    this.sinceLast += bytes;
    if (this.sinceLast < RECLAIM_EVERY_BYTES) return;
    this.sinceLast = 0;
    gc()?.({ type: 'minor' });
  }
}
