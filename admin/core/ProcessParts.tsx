/**
 * What the tools and exports areas show of a process: its state as a pill, its progress (a
 * labelled progress bar with rows and MB), its report (summary, row errors, the file with its
 * signed download link and expiry), and `useProcesses`, the caller's processes of a type, read
 * again every few seconds while one of them is still under way.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { isFinalProcessState } from '../../engine/core/processes';
import type { JsonValue } from '../../schemas/model/common';
import { useAdminFrame } from '../frame/frame-context';
import { downloadHref, type AdminProcess, type AllProcessesResponse, type ProcessesApi } from './processes-api';
import { whenText } from './When';
import './area.css';
import './processes.css';

/** How often the list is read again while a process runs. */
export const POLL_MS = 1500;

export type ProcessListing =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: AdminProcess[]; types: AllProcessesResponse['types']; next?: string; loadingMore?: boolean };

/** The caller's processes (of one type when given), newest first; `refresh` reads them now; `more` the next page. */
export function useProcesses(api: ProcessesApi, type?: string) {
  const [listing, setListing] = useState<ProcessListing>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    api.list({ type }).then(
      (page) => live.current && setListing((was) => ({ status: 'ready', items: mergeFirstPage(page.items, was), types: page.types, next: page.next })),
      (error: { message: string }) => live.current && setListing({ status: 'error', message: error.message }),
    );
    return () => {
      live.current = false;
    };
  }, [api, type, round]);
  const running = listing.status === 'ready' && listing.items.some((p) => !isFinalProcessState(p.state));
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => setRound((n) => n + 1), POLL_MS);
    return () => clearTimeout(timer);
  }, [running, round]);
  const refresh = useCallback(() => setRound((n) => n + 1), []);
  const more = async () => {
    if (listing.status !== 'ready' || !listing.next) return;
    setListing({ ...listing, loadingMore: true });
    try {
      const page = await api.list({ type, before: listing.next });
      setListing({
        ...listing,
        items: [...listing.items, ...page.items.filter((p) => !listing.items.some((q) => q.processId === p.processId))],
        next: page.next,
        loadingMore: false,
      });
    } catch (error) {
      setListing({ ...listing, loadingMore: false });
      throw error;
    }
  };
  /** Puts one process's newer copy in the list (a start's answer, a report marked read). */
  const replace = useCallback(
    (process: AdminProcess) =>
      setListing((was) =>
        was.status === 'ready'
          ? {
              ...was,
              items: was.items.some((p) => p.processId === process.processId)
                ? was.items.map((p) => (p.processId === process.processId ? process : p))
                : [process, ...was.items],
            }
          : was,
      ),
    [],
  );
  return { listing, refresh, more, replace };
}

/** The first page read again keeps the older pages already shown below it. */
function mergeFirstPage(items: AdminProcess[], was: ProcessListing): AdminProcess[] {
  if (was.status !== 'ready') return items;
  const fresh = new Set(items.map((p) => p.processId));
  const oldest = items.length ? items[items.length - 1].createdAt : Infinity;
  return [...items, ...was.items.filter((p) => !fresh.has(p.processId) && p.createdAt < oldest)];
}

export function ProcessStatePill({ process }: { process: AdminProcess }) {
  const { t } = useAdminFrame();
  return <span className={`t-admin-pill t-process__state--${process.state}`}>{t(`processesAdmin.states.${process.state}`)}</span>;
}

/** Loading, failure and "none yet" of a process listing, in the words under `keyPrefix`. */
export function ProcessListingStates({ listing, keyPrefix }: { listing: ProcessListing; keyPrefix: 'processesAdmin.list' | 'processesAdmin.exports' }) {
  const { t } = useAdminFrame();
  return (
    <>
      {listing.status === 'loading' && <p role="status">{t(`${keyPrefix}.loading`)}</p>}
      {listing.status === 'error' && (
        <p role="alert" className="t-admin-notice--error">
          {t(`${keyPrefix}.loadError`, { message: listing.message })}
        </p>
      )}
      {listing.status === 'ready' && !listing.items.length && <p className="t-admin-empty">{t(`${keyPrefix}.empty`)}</p>}
    </>
  );
}

/** Who started a process, and when. */
export function ProcessStartedBy({ process }: { process: AdminProcess }) {
  const { services, t } = useAdminFrame();
  return (
    <p className="t-admin-meta">
      {t('processesAdmin.list.startedBy', {
        name: process.startedBy.name ?? process.startedBy.accountId,
        when: whenText(process.createdAt, services.dates),
      })}
    </p>
  );
}

/** "More" under a process listing while it has a next page. */
export function ProcessesMore({ listing, more }: { listing: ProcessListing; more(): Promise<unknown> }) {
  const { t } = useAdminFrame();
  if (listing.status !== 'ready' || !listing.next) return null;
  return (
    <button type="button" className="ts-button t-admin-more" disabled={listing.loadingMore} onClick={() => void more().catch(() => undefined)}>
      {t('processesAdmin.list.more')}
    </button>
  );
}

export const typeName = (t: (key: string) => string, type: string): string => {
  const key = `processesAdmin.types.${type}`;
  const text = t(key);
  return text === key ? type : text;
};

export function ProcessProgress({ process }: { process: AdminProcess }) {
  const { t } = useAdminFrame();
  const { rows, totalRows, sizeMb, stepCompletion } = process.progress;
  const percent = Math.round(stepCompletion * 100);
  return (
    <div className="t-process__progress">
      <progress max={100} value={percent} aria-label={t('processesAdmin.list.progressLabel', { type: typeName(t, process.type) })}>
        {percent}%
      </progress>
      <span className="t-admin-meta">
        {totalRows !== undefined ? t('processesAdmin.list.rowsOf', { rows, total: totalRows }) : t('processesAdmin.list.rows', { rows })}
        {sizeMb !== undefined && ` · ${t('processesAdmin.list.size', { size: sizeMb })}`}
      </span>
    </div>
  );
}

const figure = (value: JsonValue): string => (typeof value === 'string' ? value : JSON.stringify(value));

export function DownloadLink({ process }: { process: AdminProcess }) {
  const { t, services } = useAdminFrame();
  const file = process.report?.file;
  if (!file) return null;
  return (
    <span className="t-process__download">
      <a
        className="ts-button ts-button--primary"
        href={downloadHref(file.downloadUrl)}
        download={file.name}
        aria-label={t('processesAdmin.exports.downloadLabel', { name: file.name })}
      >
        {t('processesAdmin.exports.download')}
      </a>
      <span className="t-admin-meta">{t('processesAdmin.report.expires', { when: whenText(file.expiresAt, services.dates) })}</span>
    </span>
  );
}

export function ProcessReport({ process }: { process: AdminProcess }) {
  const { t } = useAdminFrame();
  const report = process.report;
  if (!report) return null;
  return (
    <div className="t-process__report">
      <h4>{t('processesAdmin.report.summary')}</h4>
      <dl className="t-process__summary">
        {Object.entries(report.summary).map(([key, value]) => (
          <div key={key}>
            <dt>{key}</dt>
            <dd>{figure(value)}</dd>
          </div>
        ))}
      </dl>
      <h4>{t('processesAdmin.report.errors')}</h4>
      {report.errorsList.length ? (
        <ul className="t-process__errors">
          {report.errorsList.map((e, i) => (
            <li key={i}>
              {e.row !== undefined && <strong>{t('processesAdmin.report.row', { row: e.row })}</strong>}
              {e.field && <> ({t('processesAdmin.report.field', { field: e.field })})</>}
              {(e.row !== undefined || e.field) && ': '}
              {e.message}
            </li>
          ))}
        </ul>
      ) : (
        <p className="t-admin-meta">{t('processesAdmin.report.noErrors')}</p>
      )}
      {report.errorsTruncated && <p className="t-admin-notice--error">{t('processesAdmin.report.truncated')}</p>}
      {report.file ? <DownloadLink process={process} /> : <p className="t-admin-meta">{t('processesAdmin.report.noFile')}</p>}
    </div>
  );
}
