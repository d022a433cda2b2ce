/** The event definitions (community §3): every hook notifications and processes offer, with the fields each provides. Read-only: the code declares them. */
import { useCallback } from 'react';
import type { EventDefinitionsResponse } from '../../../schemas/model/api/mappings';
import { LoadedStates, useLoaded } from '../../core/use-loaded';
import { useAdminFrame } from '../../frame/frame-context';
import type { MappingsApi } from './api';

export function EventsTab({ api }: { api: MappingsApi }) {
  const { t } = useAdminFrame();
  const loaded = useLoaded<EventDefinitionsResponse>(useCallback(() => api.events(), [api]));
  return (
    <section>
      <p className="t-admin-intro">{t('mappingsAdmin.events.intro')}</p>
      <LoadedStates loaded={loaded} keyPrefix="mappingsAdmin.events" isEmpty={(v) => !v.items.length} />
      {loaded.status === 'ready' && loaded.value.items.length > 0 && (
        <div className="t-admin-table-scroll">
          <table className="t-admin-table">
            <caption>{t('mappingsAdmin.events.caption', { total: loaded.value.items.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('mappingsAdmin.events.columns.hook')}</th>
                <th scope="col">{t('mappingsAdmin.events.columns.source')}</th>
                <th scope="col">{t('mappingsAdmin.events.columns.domain')}</th>
                <th scope="col">{t('mappingsAdmin.events.columns.fields')}</th>
              </tr>
            </thead>
            <tbody>
              {loaded.value.items.map((e) => (
                <tr key={e.hook}>
                  <th scope="row">
                    <code>{e.hook}</code>
                  </th>
                  <td>{t(`mappingsAdmin.events.sources.${e.source}`)}</td>
                  <td>{e.domain}</td>
                  <td>{e.definition.handlerData.contextFields.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
