/**
 * The area `notificationHistory` (community §2): what was sent to many (broadcasts and events
 * sent to lists), to how many, how many stored and opened, the emails sent; and the Outbox tab:
 * every email as it was sent (GET admin/email/outbox), each opened in a panel with its HTML in a
 * sandboxed frame and its text part.
 */
import { useMemo, useState } from 'react';
import { Tabs, TabPanel } from '../../core/Tabs';
import { createNotificationsApi } from '../../core/notifications-api';
import { useAdminFrame } from '../../frame/frame-context';
import { HistoryTable } from './HistoryTable';
import { Outbox } from './Outbox';
import '../../core/area.css';
import './history.css';

const TABS = ['sent', 'outbox'] as const;
type Tab = (typeof TABS)[number];

export default function NotificationHistoryArea() {
  const { services, t } = useAdminFrame();
  const api = useMemo(() => createNotificationsApi(services.request), [services.request]);
  const [tab, setTab] = useState<Tab>('sent');
  return (
    <div className="t-admin-area t-history">
      <h1 className="ts-page-title">{t('adminAreas.areas.notificationHistory.title')}</h1>
      <Tabs<Tab>
        tabs={TABS}
        current={tab}
        onChange={setTab}
        label={t('adminAreas.history.tabs.label')}
        idPrefix="t-history"
        labelOf={(x) => t(`adminAreas.history.tabs.${x}`)}
      />
      <TabPanel tab="sent" current={tab} idPrefix="t-history">
        {tab === 'sent' && <HistoryTable api={api} />}
      </TabPanel>
      <TabPanel tab="outbox" current={tab} idPrefix="t-history">
        {tab === 'outbox' && <Outbox api={api} />}
      </TabPanel>
    </div>
  );
}
