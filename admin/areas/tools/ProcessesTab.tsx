/**
 * The tools area's Processes tab: the processes the caller may see, newest first, each with its
 * state, progress (rows, MB) and, once finished, its report (summary, row errors, the file to
 * download) and "mark as read"; and the "Start a process" dialog, built from the startable types'
 * payload schemas, answering with the §8 success message or the server's reason.
 */
import { useId, useMemo, useState } from 'react';
import type { JsonValue } from '../../../schemas/model/common';
import { Dialog } from '../../core/Dialog';
import { DialogButtons } from '../../core/DialogButtons';
import { defaultPayload, PayloadForm, useListChoices } from '../../core/PayloadForm';
import {
  ProcessesMore,
  ProcessListingStates,
  ProcessProgress,
  ProcessReport,
  ProcessStartedBy,
  ProcessStatePill,
  typeName,
  useProcesses,
} from '../../core/ProcessParts';
import { createProcessesApi, startProcess, type AdminProcess, type ProcessTypeInfo, type ProcessesApi } from '../../core/processes-api';
import { useAdminFrame } from '../../frame/frame-context';

export function ProcessesTab() {
  const { services, t } = useAdminFrame();
  const api = useMemo(() => createProcessesApi(services.request), [services.request]);
  const { listing, more, replace } = useProcesses(api);
  const titleId = useId();
  const [starting, setStarting] = useState(false);
  const [notice, setNotice] = useState<{ text: string; kind: 'status' | 'error' }>();
  const [open, setOpen] = useState<Record<string, boolean>>({});

  const markRead = async (process: AdminProcess) => {
    try {
      replace(await api.reportRead(process.processId));
      setNotice({ text: t('processesAdmin.list.marked'), kind: 'status' });
    } catch (error) {
      setNotice({ text: t('processesAdmin.list.error', { message: (error as { message: string }).message }), kind: 'error' });
    }
  };

  return (
    <section aria-labelledby={titleId} className="t-process">
      <h2 id={titleId}>{t('processesAdmin.list.title')}</h2>
      <p className="t-admin-intro">{t('processesAdmin.list.intro')}</p>
      <div className="t-admin-actions">
        <button
          type="button"
          className="ts-button ts-button--primary"
          aria-haspopup="dialog"
          disabled={listing.status !== 'ready'}
          onClick={() => setStarting(true)}
        >
          {t('processesAdmin.start.open')}
        </button>
      </div>
      <p role={notice?.kind === 'error' ? 'alert' : 'status'} className={`t-admin-notice--${notice?.kind ?? 'status'}`}>
        {notice?.text ?? ''}
      </p>
      <ProcessListingStates listing={listing} keyPrefix="processesAdmin.list" />
      {listing.status === 'ready' && listing.items.length > 0 && (
        <ul className="t-admin-cards" aria-labelledby={titleId}>
          {listing.items.map((process) => {
            const finished = process.state === 'complete' || process.state === 'errored';
            const shown = !!open[process.processId];
            const reportId = `t-process-report-${process.processId}`;
            return (
              <li key={process.processId} className="t-admin-card">
                <div className="t-admin-card__head">
                  <span className="t-process__name">{typeName(t, process.type)}</span>
                  <ProcessStatePill process={process} />
                  {finished && !process.reportRead && <span className="t-admin-pill t-admin-pill--new">{t('processesAdmin.list.unread')}</span>}
                </div>
                <ProcessStartedBy process={process} />
                <ProcessProgress process={process} />
                {process.error && <p className="t-admin-notice--error">{t('processesAdmin.list.error', { message: process.error })}</p>}
                {finished && (
                  <div className="t-admin-actions">
                    {process.report && (
                      <button
                        type="button"
                        className="ts-button"
                        aria-expanded={shown}
                        aria-controls={reportId}
                        onClick={() => setOpen({ ...open, [process.processId]: !shown })}
                      >
                        {shown ? t('processesAdmin.list.hideReport') : t('processesAdmin.list.report')}
                      </button>
                    )}
                    {!process.reportRead && (
                      <button type="button" className="ts-button" onClick={() => void markRead(process)}>
                        {t('processesAdmin.list.markRead')}
                      </button>
                    )}
                  </div>
                )}
                {shown && (
                  <div id={reportId}>
                    <ProcessReport process={process} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ProcessesMore listing={listing} more={more} />
      {starting && listing.status === 'ready' && (
        <StartDialog
          api={api}
          types={listing.types}
          onClose={() => setStarting(false)}
          onStarted={(process, message) => {
            setStarting(false);
            replace(process);
            setNotice({ text: message, kind: 'status' });
          }}
        />
      )}
    </section>
  );
}

function StartDialog({
  api,
  types,
  onClose,
  onStarted,
}: {
  api: ProcessesApi;
  types: ProcessTypeInfo[];
  onClose(): void;
  onStarted(process: AdminProcess, message: string): void;
}) {
  const { t } = useAdminFrame();
  const typeId = useId();
  const [type, setType] = useState(types[0]?.type ?? '');
  const info = types.find((x) => x.type === type);
  const [payload, setPayload] = useState<Record<string, JsonValue>>(() => (info ? defaultPayload(info.payloadSchema) : {}));
  const lists = useListChoices();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const choose = (next: string) => {
    setType(next);
    const schema = types.find((x) => x.type === next)?.payloadSchema;
    setPayload(schema ? defaultPayload(schema) : {});
    setFailure(undefined);
  };
  const start = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const outcome = await startProcess(api, t, type, payload);
      if (outcome.started && outcome.process) onStarted(outcome.process, outcome.text);
      else setFailure(outcome.text);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={t('processesAdmin.start.title')}
      onClose={onClose}
      busy={busy}
      actions={
        <DialogButtons
          styled
          busy={busy}
          disabled={!info}
          onCancel={onClose}
          onConfirm={start}
          cancelLabel={t('processesAdmin.start.cancel')}
          confirmLabel={t('processesAdmin.start.start')}
        />
      }
    >
      {types.length === 0 ? (
        <p>{t('processesAdmin.start.none')}</p>
      ) : (
        <form
          className="t-process__form t-admin-area"
          onSubmit={(e) => {
            e.preventDefault();
            void start();
          }}
        >
          <div className="t-process__field">
            <label htmlFor={typeId}>{t('processesAdmin.start.type')}</label>
            <select id={typeId} value={type} onChange={(e) => choose(e.target.value)}>
              {types.map((x) => (
                <option key={x.type} value={x.type}>
                  {typeName(t, x.type)}
                </option>
              ))}
            </select>
          </div>
          {info && <PayloadForm schema={info.payloadSchema} value={payload} onChange={setPayload} lists={lists} />}
          {failure && (
            <p role="alert" className="t-admin-notice--error">
              {failure}
            </p>
          )}
        </form>
      )}
    </Dialog>
  );
}
