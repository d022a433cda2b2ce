/**
 * The area `entities` (community §2, §3, §6, §7 "Entities and definitions", §8; core §2.3, §6): the
 * entity definitions (./Definitions.tsx), one definition's entities (./EntityList.tsx, route
 * viewEntities), a definition's edit tabs (./DefinitionEditor.tsx, editEntityDefinition) and one
 * entity (./EntityEditor.tsx, editEntity and newEntity). Rules are engine/core/entities.ts; calls
 * ./entities-api.ts. Without an edit permission the panels are read-only (core §6).
 */
import { useMemo } from 'react';
import { Link } from 'wouter';
import { adminHref } from '../../../engine/core/admin-areas';
import { useAdminFrame } from '../../frame/frame-context';
import type { AdminAreaProps } from '../../frame/types';
import { DefinitionEditor } from './DefinitionEditor';
import { Definitions } from './Definitions';
import { createEntitiesApi } from './entities-api';
import { EntityEditor } from './EntityEditor';
import { EntityList } from './EntityList';
import '../../core/area.css';
import '../../core/membership/membership.css';
import './entities.css';

export default function EntitiesArea({ match }: AdminAreaProps) {
  const { services, t } = useAdminFrame();
  const api = useMemo(() => createEntitiesApi(services.request), [services.request]);
  const { definitionId, entityId, tab } = match.params;
  const name = match.route.name;
  return (
    <div className="t-admin-area t-entities">
      <h1 className="ts-page-title">{t('adminAreas.areas.entities.title')}</h1>
      {name === 'entities' ? (
        <Definitions api={api} />
      ) : (
        <>
          <Link
            href={name === 'viewEntities' || name === 'editEntityDefinition' ? adminHref('entities') : adminHref('viewEntities', { definitionId })}
            className="t-membership-back"
          >
            {t(name === 'viewEntities' || name === 'editEntityDefinition' ? 'adminAreas.entities.back' : 'adminAreas.entities.backToEntities')}
          </Link>
          {name === 'viewEntities' ? (
            <EntityList api={api} definitionId={definitionId} />
          ) : name === 'editEntityDefinition' ? (
            <DefinitionEditor api={api} definitionId={definitionId} tab={tab} />
          ) : (
            <EntityEditor key={entityId ?? 'new'} api={api} definitionId={definitionId} entityId={name === 'newEntity' ? undefined : entityId} />
          )}
        </>
      )}
    </div>
  );
}
