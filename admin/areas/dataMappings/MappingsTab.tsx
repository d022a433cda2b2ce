/** The data mappings: searched by title, 10 a page (community §9), each opened to edit or deleted after a confirmation. */
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { adminHref } from '../../../engine/core/admin-areas';
import type { DataMapping, DataMappingSearchResponse } from '../../../schemas/model/api/mappings';
import { LoadedStates, useLoaded } from '../../core/use-loaded';
import { When } from '../../core/When';
import { useAdminFrame } from '../../frame/frame-context';
import type { MappingsApi } from './api';
import { DeleteDialog } from './parts';

export function MappingsTab({ api, writable }: { api: MappingsApi; writable: boolean }) {
  const { t, services } = useAdminFrame();
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [deleting, setDeleting] = useState<DataMapping>();
  // Only a changed search goes back to page 1: a page chosen meanwhile stays.
  useEffect(() => {
    const next = typed.trim();
    if (next === query) return;
    const timer = setTimeout(() => {
      setQuery(next);
      setPage(1);
    }, 250);
    return () => clearTimeout(timer);
  }, [typed, query]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- version reloads after a delete
  const load = useCallback(() => api.search(query, page), [api, query, page, version]);
  const loaded = useLoaded<DataMappingSearchResponse>(load);
  const pages = loaded.status === 'ready' ? Math.max(1, Math.ceil(loaded.value.total / loaded.value.limit)) : 1;

  return (
    <section className="t-mappings__list">
      <p className="t-admin-intro">{t('mappingsAdmin.list.intro')}</p>
      <div className="t-mappings__toolbar">
        <label htmlFor={searchId}>{t('mappingsAdmin.list.search')}</label>
        <input id={searchId} type="search" value={typed} maxLength={120} onChange={(e) => setTyped(e.target.value)} />
        {writable && (
          <Link className="ts-button ts-button--primary" href={adminHref('editMapping', { id: 'new' })}>
            {t('mappingsAdmin.list.add')}
          </Link>
        )}
      </div>
      <LoadedStates loaded={loaded} keyPrefix="mappingsAdmin.list" isEmpty={(v) => !v.items.length} />
      {loaded.status === 'ready' && loaded.value.items.length > 0 && (
        <>
          <div className="t-admin-table-scroll">
            <table className="t-admin-table">
              <caption>{t('mappingsAdmin.list.caption', { total: loaded.value.total })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('mappingsAdmin.list.columns.title')}</th>
                  <th scope="col">{t('mappingsAdmin.list.columns.columns')}</th>
                  <th scope="col">{t('mappingsAdmin.list.columns.match')}</th>
                  <th scope="col">{t('mappingsAdmin.list.columns.updated')}</th>
                  {writable && <th scope="col">{t('mappingsAdmin.list.columns.actions')}</th>}
                </tr>
              </thead>
              <tbody>
                {loaded.value.items.map((m) => (
                  <tr key={m.id}>
                    <th scope="row">
                      <Link href={adminHref('editMapping', { id: m.id })}>{m.title}</Link>
                    </th>
                    <td>{m.data.fields.length}</td>
                    <td>{m.data.match.column}</td>
                    <td>
                      <When ms={m.updatedAt} dates={services.dates} />
                    </td>
                    {writable && (
                      <td>
                        <button type="button" className="ts-button" aria-haspopup="dialog" onClick={() => setDeleting(m)}>
                          {t('mappingsAdmin.list.delete', { title: m.title })}
                        </button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="t-mappings__pages" aria-label={t('mappingsAdmin.list.pages')}>
            <button type="button" className="ts-button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {t('mappingsAdmin.list.previous')}
            </button>
            <span aria-live="polite">{t('mappingsAdmin.list.pageOf', { page, pages })}</span>
            <button type="button" className="ts-button" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              {t('mappingsAdmin.list.next')}
            </button>
          </nav>
        </>
      )}
      {deleting && (
        <DeleteDialog
          item={deleting}
          keyPrefix="mappingsAdmin.list"
          remove={api.remove}
          onClose={() => setDeleting(undefined)}
          onDeleted={() => setVersion((v) => v + 1)}
        />
      )}
    </section>
  );
}
