/**
 * The audit buffer (spec 7.5): entries collect in memory and are posted quietly to audit/save
 * every 5 s, on an explicit save, and before unload. A failed post puts the entries back for the next flush.
 */
import { AUDIT_SAVE_INTERVAL_MS } from '../../engine/core/constants';
import type { ApiClient } from '../api/client';
import type { Id } from '../../schemas/model';

export type AuditEntry =
  | { type: 'pageView'; pageId: Id; moduleId?: Id; targetId?: Id }
  | { type: 'profileView'; profileId: Id; pageId?: Id }
  | { type: 'entityPageView'; entityId: Id; pageId: Id }
  | { type: 'entityView'; entityId: Id; pageId?: Id; moduleId?: Id }
  | { type: 'internalModalOpened'; blockId: Id; pageId?: Id }
  | { type: 'externalLinkClicked'; blockId?: Id; pageId?: Id; url: string };

/** An entry as audit/save takes it (spec 3 'Audit entry'): logType, subject, actionTime, extra. */
export interface WireAuditEntry {
  logType: AuditEntry['type'];
  subject: Id;
  actionTime: number;
  extra?: Record<string, string>;
}

/** The subject of each kind: what was viewed, opened or followed; the rest goes in `extra`. */
export function toWireEntry(entry: AuditEntry, actionTime: number): WireAuditEntry {
  const { type, ...rest } = entry;
  const fields = rest as Record<string, string | undefined>;
  const subjectKey = {
    pageView: 'pageId',
    profileView: 'profileId',
    entityPageView: 'entityId',
    entityView: 'entityId',
    internalModalOpened: 'blockId',
    externalLinkClicked: 'url',
  }[type];
  const extra = Object.fromEntries(Object.entries(fields).filter(([k, v]) => k !== subjectKey && v !== undefined)) as Record<string, string>;
  return { logType: type, subject: fields[subjectKey]!, actionTime, ...(Object.keys(extra).length ? { extra } : {}) };
}

export interface AuditBuffer {
  log(entry: AuditEntry): void;
  /** Posts what is buffered; resolves when done (never rejects). */
  flush(): Promise<void>;
  pending(): number;
  /** Starts the 5 s timer and the before-unload flush; returns a stop function. */
  start(target?: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void;
}

export function createAuditBuffer(api: Pick<ApiClient, 'post'>, options: { now?: () => number; intervalMs?: number } = {}): AuditBuffer {
  let entries: WireAuditEntry[] = [];
  const now = options.now ?? Date.now;
  let inFlight: Promise<void> = Promise.resolve();

  const flush = () => {
    inFlight = inFlight.then(async () => {
      if (!entries.length) return;
      const batch = entries;
      entries = [];
      try {
        await api.post('audit/save', batch, { quiet: true });
      } catch (error) {
        // A refused batch (4xx) would be refused again: drop it. Anything else is retried.
        const status = (error as { status?: number }).status;
        if (status !== undefined && status >= 400 && status < 500) console.warn('Audit entries refused by the server; dropped', error);
        else {
          entries = [...batch, ...entries];
          console.warn('Audit save failed; will retry', error);
        }
      }
    });
    return inFlight;
  };

  return {
    log(entry) {
      entries.push(toWireEntry(entry, now()));
    },
    flush,
    pending: () => entries.length,
    start(target = window) {
      const timer = setInterval(() => void flush(), options.intervalMs ?? AUDIT_SAVE_INTERVAL_MS);
      const onUnload = () => void flush();
      target.addEventListener('beforeunload', onUnload);
      return () => {
        clearInterval(timer);
        target.removeEventListener('beforeunload', onUnload);
      };
    },
  };
}
