/**
 * The area `exports` (community §3 exportStatus): start a members export, as CSV or XLSX, of
 * everyone or of the members of some lists, and download the finished ones through their signed
 * link while it lasts (it is signed again at each read of the list). Exports run as processes of
 * the tools area (`exportMembers`); this screen shows only those.
 */
import { useId, useMemo, useState } from 'react';
import { DownloadLink, ProcessesMore, ProcessListingStates, ProcessProgress, ProcessStartedBy, ProcessStatePill, useProcesses } from '../../core/ProcessParts';
import { createProcessesApi, startProcess } from '../../core/processes-api';
import { useListChoices } from '../../core/PayloadForm';
import { useAdminFrame } from '../../frame/frame-context';

const TYPE = 'exportMembers';
const FORMATS = ['csv', 'xlsx'] as const;

export default function ExportsArea() {
  const { services, t } = useAdminFrame();
  const api = useMemo(() => createProcessesApi(services.request), [services.request]);
  const { listing, replace, more } = useProcesses(api, TYPE);
  const titleId = useId();
  const formTitleId = useId();
  const listTitleId = useId();
  const [format, setFormat] = useState<(typeof FORMATS)[number]>('csv');
  const lists = useListChoices();
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; kind: 'status' | 'error' }>();

  const start = async () => {
    setBusy(true);
    setNotice(undefined);
    try {
      const outcome = await startProcess(api, t, TYPE, chosen.length ? { format, listIds: chosen } : { format });
      if (outcome.started && outcome.process) replace(outcome.process);
      setNotice({ text: outcome.text, kind: outcome.started ? 'status' : 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="t-admin-area t-process">
      <h1 id={titleId} className="ts-page-title">
        {t('processesAdmin.exports.title')}
      </h1>
      <p className="t-admin-intro">{t('processesAdmin.exports.intro')}</p>
      <section aria-labelledby={formTitleId}>
        <h2 id={formTitleId}>{t('processesAdmin.exports.newTitle')}</h2>
        <form
          className="t-process__form"
          onSubmit={(e) => {
            e.preventDefault();
            void start();
          }}
        >
          <fieldset>
            <legend>{t('processesAdmin.exports.format')}</legend>
            {FORMATS.map((f) => (
              <label key={f}>
                <input type="radio" name="t-export-format" value={f} checked={format === f} onChange={() => setFormat(f)} />
                {t(`processesAdmin.exports.${f}`)}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>{t('processesAdmin.exports.lists')}</legend>
            <p className="t-admin-meta">{t('processesAdmin.exports.allMembers')}</p>
            {lists.map((list) => (
              <label key={list.id}>
                <input
                  type="checkbox"
                  checked={chosen.includes(list.id)}
                  onChange={(e) => setChosen(e.target.checked ? [...chosen, list.id] : chosen.filter((x) => x !== list.id))}
                />
                {list.label}
              </label>
            ))}
          </fieldset>
          <div className="t-admin-actions">
            <button type="submit" className="ts-button ts-button--primary" disabled={busy} aria-busy={busy || undefined}>
              {busy ? t('processesAdmin.exports.starting') : t('processesAdmin.exports.start')}
            </button>
          </div>
          <p role={notice?.kind === 'error' ? 'alert' : 'status'} className={`t-admin-notice--${notice?.kind ?? 'status'}`}>
            {notice?.text ?? ''}
          </p>
        </form>
      </section>
      <section aria-labelledby={listTitleId}>
        <h2 id={listTitleId}>{t('processesAdmin.exports.finishedTitle')}</h2>
        <ProcessListingStates listing={listing} keyPrefix="processesAdmin.exports" />
        {listing.status === 'ready' && listing.items.length > 0 && (
          <ul className="t-admin-cards" aria-labelledby={listTitleId}>
            {listing.items.map((process) => (
              <li key={process.processId} className="t-admin-card">
                <div className="t-admin-card__head">
                  <span className="t-process__name">{process.report?.file?.name ?? String(process.payload.format ?? '').toUpperCase()}</span>
                  <ProcessStatePill process={process} />
                </div>
                <ProcessStartedBy process={process} />
                {process.state === 'complete' ? <DownloadLink process={process} /> : <ProcessProgress process={process} />}
                {process.error && <p className="t-admin-notice--error">{t('processesAdmin.list.error', { message: process.error })}</p>}
              </li>
            ))}
          </ul>
        )}
        <ProcessesMore listing={listing} more={more} />
      </section>
    </div>
  );
}
