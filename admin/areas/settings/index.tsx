/**
 * The area `settings` (core §6, §7.2, §7.3; community §6): general settings, brands and their
 * theme (`settings/brand/:brandId` opens one), global CSS, audit logs and secrets, as tabs. Staff
 * who may read settings but not update them see every tab read-only.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { can, SUBJECTS } from '../../../engine/core/permissions';
import { Tabs, TabPanel } from '../../core/Tabs';
import { useAdminFrame } from '../../frame/frame-context';
import type { AdminAreaProps } from '../../frame/types';
import { AuditTab } from './AuditTab';
import { BrandsTab } from './BrandsTab';
import { GeneralTab } from './GeneralTab';
import { GlobalCssTab } from './GlobalCssTab';
import { LanguagesTab, TranslationsTab } from './languages';
import { SecretsTab } from './SecretsTab';
import { createSettingsApi, type SettingsApi } from './settings-api';
import '../../core/area.css';
import './settings.css';

export interface SettingsTabProps {
  api: SettingsApi;
  /** May change settings (update on settings); else the tab is read-only. */
  writable: boolean;
  /** The brand the route opened (`settings/brand/:brandId`). */
  brandId?: string;
}

interface SettingsTabEntry {
  id: string;
  /** Only admins (secrets). */
  adminOnly?: boolean;
  render(props: SettingsTabProps): ReactNode;
}

/** The tabs in order, one entry each. */
const TABS: readonly SettingsTabEntry[] = [
  { id: 'general', render: (p) => <GeneralTab {...p} /> },
  { id: 'brands', render: (p) => <BrandsTab {...p} /> },
  { id: 'languages', render: () => <LanguagesTab /> },
  { id: 'translations', render: () => <TranslationsTab /> },
  { id: 'globalCss', render: (p) => <GlobalCssTab {...p} /> },
  { id: 'audit', render: (p) => <AuditTab {...p} /> },
  { id: 'secrets', adminOnly: true, render: (p) => <SecretsTab {...p} /> },
];

export default function SettingsArea({ match }: AdminAreaProps) {
  const { services, t } = useAdminFrame();
  const api = useMemo(() => createSettingsApi(services.request), [services.request]);
  const brandId = match.route.name === 'editBrand' ? match.params.brandId : undefined;
  const tabs = TABS.filter((x) => !x.adminOnly || services.holder?.isAdmin);
  const ids = tabs.map((x) => x.id);
  const [tab, setTab] = useState(brandId ? 'brands' : 'general');
  const writable = can(services.holder, 'update', SUBJECTS.settings);
  return (
    <div className="t-admin-area t-settings">
      <h1 className="ts-page-title">{t('adminAreas.areas.settings.title')}</h1>
      {!writable && <p className="t-admin-intro">{t('settingsAdmin.readOnly')}</p>}
      <Tabs
        tabs={ids}
        current={tab}
        onChange={setTab}
        label={t('settingsAdmin.tabs.label')}
        idPrefix="t-settings"
        labelOf={(x) => t(`settingsAdmin.tabs.${x}`)}
      />
      {tabs.map((x) => (
        <TabPanel key={x.id} tab={x.id} current={tab} idPrefix="t-settings">
          {tab === x.id && x.render({ api, writable, brandId })}
        </TabPanel>
      ))}
    </div>
  );
}
