/**
 * One definition's entities (route viewEntities): title, slug and created, searched (GET
 * entities?definitionId=&q=&page=, limit 10); a title opens the entity; "New entity" shows to those
 * who may create one (canCreateEntity), "Edit definition" to those who may open its tabs.
 */
import { useCallback, useState } from 'react';
import { Link } from 'wouter';
import { adminHref } from '../../../engine/core/admin-areas';
import { canCreateEntity } from '../../../engine/core/entities';
import { ScrollRegion } from '../../core/ScrollRegion';
import { LoadedStates, useLoaded } from '../../core/use-loaded';
import { When } from '../../core/When';
import { useAdminFrame } from '../../frame/frame-context';
import type { EntitiesApi } from './entities-api';
import { mayOpen, Pager, SearchFilter, useDebounced, useHolder } from './shared';

const LIMIT = 10;

export function EntityList({ api, definitionId }: { api: EntitiesApi; definitionId: string }) {
  const { services, t } = useAdminFrame();
  const holder = useHolder();
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebounced(text);
  const definition = useLoaded(useCallback(() => api.definition(definitionId), [api, definitionId]));
  const entities = useLoaded(useCallback(() => api.searchEntities(definitionId, q, page, LIMIT), [api, definitionId, q, page]));
  if (definition.status !== 'ready') return <LoadedStates loaded={definition} keyPrefix="adminAreas.entities.definition" isEmpty={() => false} />;
  const def = definition.value;
  return (
    <>
      <h2 className="t-membership-title">{def.name}</h2>
      <div className="t-membership-toolbar">
        <SearchFilter
          label={t('adminAreas.entities.list.search')}
          text={text}
          onText={(value) => {
            setText(value);
            setPage(1);
          }}
        />
        <div className="t-admin-actions">
          {mayOpen(holder, 'editEntityDefinition', { definitionId, tab: 'fields' }) && (
            <Link className="ts-button" href={adminHref('editEntityDefinition', { definitionId, tab: 'fields' })}>
              {t('adminAreas.entities.definitions.edit')}
            </Link>
          )}
          {canCreateEntity(holder, def) && (
            <Link className="ts-button ts-button--primary" href={adminHref('newEntity', { definitionId })}>
              {t('adminAreas.entities.list.create')}
            </Link>
          )}
        </div>
      </div>
      <LoadedStates loaded={entities} keyPrefix="adminAreas.entities.list" isEmpty={(found) => !found.items.length} />
      {entities.status === 'ready' && entities.value.items.length > 0 && (
        <>
          <ScrollRegion label={t('adminAreas.entities.list.caption', { name: def.name })}>
            <table className="t-admin-table">
              <caption>{t('adminAreas.entities.list.caption', { name: def.name })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('adminAreas.entities.list.columns.title')}</th>
                  <th scope="col">{t('adminAreas.entities.list.columns.slug')}</th>
                  <th scope="col">{t('adminAreas.entities.list.columns.created')}</th>
                </tr>
              </thead>
              <tbody>
                {entities.value.items.map((e) => (
                  <tr key={e.id}>
                    <th scope="row">
                      <Link href={adminHref('editEntity', { definitionId, entityId: e.id })}>{e.title}</Link>
                    </th>
                    <td>{e.slug ?? '–'}</td>
                    <td>{e.createdAt && Number.isFinite(Date.parse(e.createdAt)) ? <When ms={Date.parse(e.createdAt)} dates={services.dates} /> : '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pager label={t('adminAreas.entities.list.pages')} page={entities.value.page} total={entities.value.total} limit={LIMIT} onPage={setPage} />
        </>
      )}
    </>
  );
}
