/**
 * Import members (community §3 createAccounts): choose a CSV file and a data mapping, see the dry
 * run of the file's first rows at once (the rows with what is wrong in each), then start the
 * import, the process `importMembers` (POST admin/process/importMembers/start), whose report the
 * processes screen shows.
 */
import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import { MEMBERS_IMPORT_MAX_BYTES } from '../../../engine/core/data-mappings';
import type { DataMappingSearchResponse, MembersImportUploadResponse } from '../../../schemas/model/api/mappings';
import { toAdminApiError } from '../../core/http-api';
import { createProcessesApi, startProcess } from '../../core/processes-api';
import { LoadedStates, useLoaded } from '../../core/use-loaded';
import { useAdminFrame } from '../../frame/frame-context';
import type { MappingsApi } from './api';

const MAX_MB = MEMBERS_IMPORT_MAX_BYTES / 1024 / 1024;

export function ImportTab({ api }: { api: MappingsApi }) {
  const { t, services } = useAdminFrame();
  const processes = useMemo(() => createProcessesApi(services.request), [services.request]);
  const id = useId();
  const mappings = useLoaded<DataMappingSearchResponse>(useCallback(() => api.allMappings(), [api]));
  const [mappingId, setMappingId] = useState('');
  const [file, setFile] = useState<File>();
  const [checking, setChecking] = useState(false);
  const [preview, setPreview] = useState<MembersImportUploadResponse>();
  const [failure, setFailure] = useState<string>();
  const [starting, setStarting] = useState(false);
  const [started, setStarted] = useState<{ ok: boolean; message: string }>();
  const chosenMapping = mappingId || (mappings.status === 'ready' ? (mappings.value.items[0]?.id ?? '') : '');

  const check = async (e: FormEvent) => {
    e.preventDefault();
    setPreview(undefined);
    setStarted(undefined);
    setFailure(undefined);
    if (!file) return setFailure(t('mappingsAdmin.import.noFile'));
    if (file.size > MEMBERS_IMPORT_MAX_BYTES) return setFailure(t('mappingsAdmin.import.tooLarge', { max: MAX_MB }));
    setChecking(true);
    try {
      setPreview(await api.upload(file, chosenMapping));
    } catch (error) {
      setFailure(toAdminApiError(error).message);
    } finally {
      setChecking(false);
    }
  };

  const start = async () => {
    if (!preview) return;
    setStarting(true);
    try {
      const outcome = await startProcess(processes, t, 'importMembers', { uploadId: preview.uploadId, mappingId: chosenMapping, dryRun: false });
      setStarted({ ok: outcome.started, message: outcome.text });
    } finally {
      setStarting(false);
    }
  };

  const errorsOf = (row: number) => preview?.dryRun?.errors.filter((e) => e.row === row) ?? [];
  const summary = preview?.dryRun?.summary;

  return (
    <section>
      <p className="t-admin-intro">{t('mappingsAdmin.import.intro', { max: MAX_MB })}</p>
      <LoadedStates loaded={mappings} keyPrefix="mappingsAdmin.import.mappings" isEmpty={(v) => !v.items.length} />
      {mappings.status === 'ready' && mappings.value.items.length > 0 && (
        <form className="t-mappings__import" onSubmit={(e) => void check(e)}>
          <div className="t-mappings__field">
            <label htmlFor={`${id}-mapping`}>{t('mappingsAdmin.import.mapping')}</label>
            <select id={`${id}-mapping`} value={chosenMapping} onChange={(e) => setMappingId(e.target.value)}>
              {mappings.value.items.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.title}
                </option>
              ))}
            </select>
          </div>
          <div className="t-mappings__field">
            <label htmlFor={`${id}-file`}>{t('mappingsAdmin.import.file')}</label>
            <input id={`${id}-file`} type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0])} />
          </div>
          <div className="t-admin-actions">
            <button type="submit" className="ts-button ts-button--primary" disabled={checking} aria-busy={checking || undefined}>
              {checking ? t('mappingsAdmin.import.checking') : t('mappingsAdmin.import.check')}
            </button>
          </div>
        </form>
      )}
      {failure !== undefined && (
        <p role="alert" className="t-admin-notice--error">
          {t('mappingsAdmin.import.failed', { message: failure })}
        </p>
      )}
      {preview && (
        <div className="t-mappings__preview">
          <h2>{t('mappingsAdmin.import.previewTitle', { name: preview.name })}</h2>
          <p role="status">
            {t('mappingsAdmin.import.summary', {
              total: preview.totalRows,
              shown: preview.rows.length,
              create: Number(summary?.create ?? 0),
              update: Number(summary?.update ?? 0),
              skip: Number(summary?.skip ?? 0),
            })}
          </p>
          <div className="t-admin-table-scroll">
            <table className="t-admin-table">
              <caption>{t('mappingsAdmin.import.rowsCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('mappingsAdmin.import.row')}</th>
                  {preview.header.map((h, i) => (
                    <th key={i} scope="col">
                      {h}
                    </th>
                  ))}
                  <th scope="col">{t('mappingsAdmin.import.problems')}</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((r) => {
                  const errors = errorsOf(r.row);
                  return (
                    <tr key={r.row} className={errors.length ? 't-mappings__row--error' : undefined}>
                      <th scope="row">{r.row}</th>
                      {preview.header.map((_, i) => (
                        <td key={i}>{r.cells[i] ?? ''}</td>
                      ))}
                      <td>
                        {errors.length ? (
                          <ul>
                            {errors.map((e, i) => (
                              <li key={i}>{e.message}</li>
                            ))}
                          </ul>
                        ) : (
                          t('mappingsAdmin.import.rowOk')
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div className="t-admin-actions">
            <button type="button" className="ts-button ts-button--primary" disabled={starting} aria-busy={starting || undefined} onClick={() => void start()}>
              {t('mappingsAdmin.import.start', { total: preview.totalRows })}
            </button>
          </div>
          {started && (
            <p role={started.ok ? 'status' : 'alert'} className={started.ok ? 't-admin-notice--status' : 't-admin-notice--error'}>
              {started.message}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
