/** Audit logs (core §6, §7.5): search by type (audit/getLogTypes offered), subject and dates; newest first, "Load more" by keyset. */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { formatDayAndTime } from '../../../engine/core/date-display';
import type { AuditLogRow } from '../../../schemas/model/api/audit';
import { ScrollRegion } from '../../core/ScrollRegion';
import { useAdminFrame } from '../../frame/frame-context';
import type { SettingsTabProps } from '.';
import { messageOf, type AuditSearch } from './settings-api';

/** `yyyy-mm-dd` of a date input as epoch ms: the day's start, or its end for `to`. */
const dayMs = (value: string, end: boolean) => (value ? Date.parse(`${value}T00:00:00`) + (end ? 86_399_999 : 0) : undefined);

export function AuditTab({ api }: SettingsTabProps) {
  const { services, t } = useAdminFrame();
  const id = useId();
  const [types, setTypes] = useState<string[]>([]);
  const [form, setForm] = useState({ logType: '', subject: '', from: '', to: '' });
  const [search, setSearch] = useState<AuditSearch>({});
  const [rows, setRows] = useState<AuditLogRow[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [status, setStatus] = useState<{ loading: boolean; error?: string }>({ loading: true });

  useEffect(() => {
    api.logTypes().then(setTypes, () => setTypes([]));
  }, [api]);

  const load = useCallback(
    async (query: AuditSearch, append: boolean) => {
      setStatus({ loading: true });
      try {
        const page = await api.auditLogs(query);
        setRows((r) => (append ? [...r, ...page.rows] : page.rows));
        setNext(page.next);
        setStatus({ loading: false });
      } catch (error) {
        setStatus({ loading: false, error: messageOf(error) });
      }
    },
    [api],
  );
  useEffect(() => void load(search, false), [load, search]);

  function submit(e: FormEvent) {
    e.preventDefault();
    setSearch({
      logType: form.logType.trim() || undefined,
      subject: form.subject.trim() || undefined,
      from: dayMs(form.from, false),
      to: dayMs(form.to, true),
    });
  }
  const field = (k: keyof typeof form) => ({ value: form[k], onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value })) });

  return (
    <>
      <form className="t-settings-search" onSubmit={submit} role="search" aria-label={t('settingsAdmin.audit.search')}>
        <label htmlFor={`${id}-type`}>{t('settingsAdmin.audit.type')}</label>
        {/* Free text with the client's types offered: the log also holds what domains record themselves (settings.*, abuse.*). */}
        <input
          id={`${id}-type`}
          className="ts-input"
          list={`${id}-types`}
          maxLength={40}
          placeholder={t('settingsAdmin.audit.anyType')}
          {...field('logType')}
        />
        <datalist id={`${id}-types`}>
          {types.map((x) => (
            <option key={x} value={x} />
          ))}
        </datalist>
        <label htmlFor={`${id}-subject`}>{t('settingsAdmin.audit.subject')}</label>
        <input id={`${id}-subject`} className="ts-input" maxLength={200} {...field('subject')} />
        <label htmlFor={`${id}-from`}>{t('settingsAdmin.audit.from')}</label>
        <input id={`${id}-from`} type="date" className="ts-input" {...field('from')} />
        <label htmlFor={`${id}-to`}>{t('settingsAdmin.audit.to')}</label>
        <input id={`${id}-to`} type="date" className="ts-input" {...field('to')} />
        <button type="submit" className="ts-button ts-button--primary">
          {t('settingsAdmin.audit.searchButton')}
        </button>
      </form>
      {status.error && (
        <p role="alert" className="t-admin-notice--error">
          {t('settingsAdmin.audit.loadError', { message: status.error })}
        </p>
      )}
      {!status.loading && !status.error && rows.length === 0 && <p className="t-admin-empty">{t('settingsAdmin.audit.empty')}</p>}
      {rows.length > 0 && (
        <ScrollRegion label={t('settingsAdmin.audit.scroll')}>
          <table className="t-admin-table">
            <caption>{t('settingsAdmin.audit.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('settingsAdmin.audit.columns.time')}</th>
                <th scope="col">{t('settingsAdmin.audit.columns.type')}</th>
                <th scope="col">{t('settingsAdmin.audit.columns.subject')}</th>
                <th scope="col">{t('settingsAdmin.audit.columns.account')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.seq}>
                  <td>{formatDayAndTime(r.savedAt, services.dates)}</td>
                  <td>{r.logType}</td>
                  <td>{r.subject}</td>
                  <td>{r.accountId}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {status.loading && <p role="status">{t('settingsAdmin.audit.loading')}</p>}
      {next !== null && !status.loading && (
        <button type="button" className="ts-button" onClick={() => void load({ ...search, before: next }, true)}>
          {t('settingsAdmin.audit.more')}
        </button>
      )}
    </>
  );
}
