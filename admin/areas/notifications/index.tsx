/**
 * The area `notifications` (community §2): the signed-in admin's own admin notifications (type
 * `admin`: new applications, entities members create, abuse reports), newest first with the
 * server's cursor, marked seen on open and read one by one or all shown; and the admin
 * preferences, one switch per admin event and channel, each saved at once.
 */
import { useMemo, useState } from 'react';
import { Tabs, TabPanel } from '../../core/Tabs';
import { createNotificationsApi } from '../../core/notifications-api';
import { useAdminFrame } from '../../frame/frame-context';
import { AdminInbox } from './AdminInbox';
import { AdminPreferences } from './AdminPreferences';
import '../../core/area.css';
import './notifications.css';

const TABS = ['notifications', 'preferences'] as const;
type Tab = (typeof TABS)[number];

export default function NotificationsArea() {
  const { services, t } = useAdminFrame();
  const api = useMemo(() => createNotificationsApi(services.request), [services.request]);
  const [tab, setTab] = useState<Tab>('notifications');
  return (
    <div className="t-admin-area t-admin-notifications">
      <h1 className="ts-page-title">{t('adminAreas.areas.notifications.title')}</h1>
      <Tabs<Tab>
        tabs={TABS}
        current={tab}
        onChange={setTab}
        label={t('adminAreas.inbox.tabs.label')}
        idPrefix="t-inbox"
        labelOf={(x) => t(`adminAreas.inbox.tabs.${x}`)}
      />
      <TabPanel tab="notifications" current={tab} idPrefix="t-inbox">
        <AdminInbox api={api} />
      </TabPanel>
      <TabPanel tab="preferences" current={tab} idPrefix="t-inbox">
        {tab === 'preferences' && <AdminPreferences api={api} />}
      </TabPanel>
    </div>
  );
}
