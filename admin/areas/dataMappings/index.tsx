/**
 * The area `dataMappings` (community §2, §3 Data mapping, Rule set, Event definition; §7): the
 * data mappings (./MappingsTab.tsx: search, paging 10, delete; `dataMappings/:id` opens one in
 * ./MappingEditor.tsx, `new` a blank one), the members import (./ImportTab.tsx: a file, a mapping,
 * the dry run of its first rows, then the import process), the rule sets (./RuleSetsTab.tsx, in
 * the rules editor) and the event definitions (./EventsTab.tsx, read-only), as tabs. Staff who
 * may read mappings but not update them see every tab read-only.
 */
import { useMemo, useState } from 'react';
import { can, SUBJECTS } from '../../../engine/core/permissions';
import { Tabs, TabPanel } from '../../core/Tabs';
import { useAdminFrame } from '../../frame/frame-context';
import type { AdminAreaProps } from '../../frame/types';
import { createMappingsApi } from './api';
import { EventsTab } from './EventsTab';
import { ImportTab } from './ImportTab';
import { MappingEditor } from './MappingEditor';
import { MappingsTab } from './MappingsTab';
import { RuleSetsTab } from './RuleSetsTab';
import '../../core/area.css';
import './mappings.css';

const TABS = ['mappings', 'import', 'ruleSets', 'events'] as const;
type Tab = (typeof TABS)[number];

export default function DataMappingsArea({ match }: AdminAreaProps) {
  const { services, t } = useAdminFrame();
  const api = useMemo(() => createMappingsApi(services.request), [services.request]);
  const writable = can(services.holder, 'update', SUBJECTS.dataMappings);
  const [tab, setTab] = useState<Tab>('mappings');
  if (match.route.name === 'editMapping' && match.params.id) return <MappingEditor key={match.params.id} api={api} id={match.params.id} writable={writable} />;
  const tabs: readonly Tab[] = TABS.filter((x) => writable || x !== 'import');
  return (
    <div className="t-admin-area t-mappings">
      <h1 className="ts-page-title">{t('adminAreas.areas.dataMappings.title')}</h1>
      {!writable && <p className="t-admin-intro">{t('mappingsAdmin.readOnly')}</p>}
      <Tabs<Tab>
        tabs={tabs}
        current={tab}
        onChange={setTab}
        label={t('mappingsAdmin.tabs.label')}
        idPrefix="t-mappings"
        labelOf={(x) => t(`mappingsAdmin.tabs.${x}`)}
      />
      {tabs.map((x) => (
        <TabPanel key={x} tab={x} current={tab} idPrefix="t-mappings">
          {tab === 'mappings' && x === 'mappings' && <MappingsTab api={api} writable={writable} />}
          {tab === 'import' && x === 'import' && <ImportTab api={api} />}
          {tab === 'ruleSets' && x === 'ruleSets' && <RuleSetsTab api={api} writable={writable} />}
          {tab === 'events' && x === 'events' && <EventsTab api={api} />}
        </TabPanel>
      ))}
    </div>
  );
}
