/**
 * The area `tools`, two tabs: the processes (exports, imports, indexing: ProcessesTab.tsx) and the
 * background jobs (the jobs domain's `GET admin/jobs`): running, failed and dead ones, newest
 * first, with their attempts and last error; failed and dead ones can be retried
 * (`POST admin/jobs/{id}/retry`); a job's details open in a panel.
 */
import type { DateSettings } from '../../../engine/core/date-display';
import { whenText } from '../../core/When';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { createJobsApi, type AdminJob, type AdminJobsPage, type JobState, type JobsApi } from '../../core/jobs-api';
import { Tabs, TabPanel } from '../../core/Tabs';
import { useAdminFrame } from '../../frame/frame-context';
import { usePanelStack } from '../../frame/panel-stack';
import type { Translate } from '../../frame/types';
import { ProcessesTab } from './ProcessesTab';
import '../../core/area.css';
import './jobs.css';

const SHOWN: readonly JobState[] = ['running', 'failed', 'dead'];
const RETRIABLE = new Set<JobState>(['failed', 'dead']);

type Listing = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; items: AdminJob[]; next?: string; loadingMore?: boolean };

const when = (value: number | null, dates: DateSettings | undefined) => (value === null || value === undefined ? '' : whenText(value, dates));

type ToolsTab = 'processes' | 'jobs';
/** The jobs first: the dashboard's failing-jobs tile leads here. */
const TOOLS_TABS: readonly ToolsTab[] = ['jobs', 'processes'];

/** `?tab=processes` opens the processes (a link from elsewhere may ask for them). */
const initialTab = (): ToolsTab => (typeof location !== 'undefined' && new URLSearchParams(location.search).get('tab') === 'processes' ? 'processes' : 'jobs');

export default function ToolsArea() {
  const { t } = useAdminFrame();
  const titleId = useId();
  const [tab, setTab] = useState<ToolsTab>(initialTab);
  return (
    <div className="t-jobs t-admin-area">
      <h1 id={titleId} className="ts-page-title">
        {t('adminAreas.areas.tools.title')}
      </h1>
      <Tabs<ToolsTab>
        tabs={TOOLS_TABS}
        current={tab}
        onChange={setTab}
        label={t('processesAdmin.tabs.label')}
        idPrefix="t-tools"
        labelOf={(x) => t(`processesAdmin.tabs.${x}`)}
      />
      <TabPanel tab="processes" current={tab} idPrefix="t-tools">
        {tab === 'processes' && <ProcessesTab />}
      </TabPanel>
      <TabPanel tab="jobs" current={tab} idPrefix="t-tools">
        {tab === 'jobs' && <JobsTab />}
      </TabPanel>
    </div>
  );
}

function JobsTab() {
  const { services, t } = useAdminFrame();
  const jobs = useMemo(() => createJobsApi(services.request), [services.request]);
  const jobsTitleId = useId();
  const [state, setState] = useState<JobState>('failed');
  const [listing, setListing] = useState<Listing>({ status: 'loading' });
  const [counts, setCounts] = useState<AdminJobsPage['counts']>();
  const [notice, setNotice] = useState<{ text: string; kind: 'status' | 'error' }>();
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    setListing({ status: 'loading' });
    jobs.list(state).then(
      (page) => {
        if (!live) return;
        setListing({ status: 'ready', items: page.items, next: page.next });
        setCounts(page.counts);
      },
      (error: { message: string }) => live && setListing({ status: 'error', message: error.message }),
    );
    return () => {
      live = false;
    };
  }, [jobs, state, round]);

  const more = async () => {
    if (listing.status !== 'ready' || !listing.next) return;
    setListing({ ...listing, loadingMore: true });
    try {
      const page = await jobs.list(state, { before: listing.next });
      setListing({ status: 'ready', items: [...listing.items, ...page.items.filter((j) => !listing.items.some((k) => k.id === j.id))], next: page.next });
      setCounts(page.counts);
    } catch (error) {
      setListing({ ...listing, loadingMore: false });
      setNotice({ text: t('adminAreas.jobs.loadError', { message: (error as { message: string }).message }), kind: 'error' });
    }
  };
  const retried = useCallback(
    (job: AdminJob) => {
      setNotice({ text: t('adminAreas.jobs.retried', { name: job.name }), kind: 'status' });
      setRound((n) => n + 1);
    },
    [t],
  );
  // Another state's list is loading from the same render on: the previous one's jobs never show under its name.
  const choose = (next: JobState) => {
    setListing({ status: 'loading' });
    setState(next);
  };
  const failedRetry = useCallback((message: string) => setNotice({ text: t('adminAreas.jobs.retryError', { message }), kind: 'error' }), [t]);

  const label = (s: JobState) =>
    counts
      ? t('adminAreas.jobs.tabCount', { state: t(`adminAreas.jobs.states.${s}`), count: counts[s as keyof typeof counts] })
      : t(`adminAreas.jobs.states.${s}`);
  return (
    <div>
      <section aria-labelledby={jobsTitleId}>
        <h2 id={jobsTitleId}>{t('adminAreas.jobs.title')}</h2>
        <p className="t-jobs__intro">{t('adminAreas.jobs.intro')}</p>
        <Tabs<JobState> tabs={SHOWN} current={state} onChange={choose} label={t('adminAreas.jobs.states.label')} idPrefix="t-jobs" labelOf={label} />
        {notice && (
          <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`t-jobs__notice t-jobs__notice--${notice.kind}`}>
            {notice.text}
          </p>
        )}
        <TabPanel tab={state} current={state} idPrefix="t-jobs">
          <JobList listing={listing} state={state} jobs={jobs} onRetried={retried} onRetryFailed={failedRetry} onMore={() => void more()} />
        </TabPanel>
      </section>
    </div>
  );
}

interface JobListProps {
  listing: Listing;
  state: JobState;
  jobs: JobsApi;
  onRetried(job: AdminJob): void;
  onRetryFailed(message: string): void;
  onMore(): void;
}

function JobList({ listing, state, jobs, onRetried, onRetryFailed, onMore }: JobListProps) {
  const { t, services } = useAdminFrame();
  const panels = usePanelStack();
  if (listing.status === 'loading') return <p role="status">{t('adminAreas.jobs.loading')}</p>;
  if (listing.status === 'error')
    return (
      <p role="alert" className="t-jobs__notice--error">
        {t('adminAreas.jobs.loadError', { message: listing.message })}
      </p>
    );
  if (!listing.items.length) return <p className="t-jobs__empty">{t(`adminAreas.jobs.empty.${state}`)}</p>;
  const retry = async (job: AdminJob) => {
    try {
      onRetried(await jobs.retry(job.id));
    } catch (error) {
      onRetryFailed((error as { message: string }).message);
    }
  };
  return (
    <>
      <ul className="t-admin-cards t-jobs__list" aria-label={t(`adminAreas.jobs.states.${state}`)}>
        {listing.items.map((job) => (
          <li key={job.id} className="t-admin-card">
            <div className="t-admin-card__head">
              <span className="t-jobs__name">{job.name}</span>
              <span className={`t-jobs__state t-jobs__state--${job.state}`}>{t(`adminAreas.jobs.states.${job.state}`)}</span>
            </div>
            <p className="t-jobs__meta">
              {t('adminAreas.jobs.attempts', { attempts: job.attempts, max: job.maxAttempts })} ·{' '}
              {t('adminAreas.jobs.updated', { when: when(job.updatedAt, services.dates) })}
            </p>
            {job.lastError && <pre className="t-jobs__error">{job.lastError}</pre>}
            <div className="t-jobs__actions">
              <button
                type="button"
                className="ts-button"
                aria-haspopup="dialog"
                onClick={() =>
                  panels.open({
                    title: t('adminAreas.jobs.details', { name: job.name }),
                    render: () => <JobDetails job={job} t={t} dates={services.dates} />,
                  })
                }
              >
                {t('adminAreas.jobs.showDetails', { name: job.name })}
              </button>
              {RETRIABLE.has(job.state) && (
                <button type="button" className="ts-button ts-button--primary" onClick={() => void retry(job)}>
                  {t('adminAreas.jobs.retry', { name: job.name })}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {listing.next && (
        <button type="button" className="ts-button t-jobs__more" disabled={listing.loadingMore} aria-busy={listing.loadingMore || undefined} onClick={onMore}>
          {t('adminAreas.jobs.more')}
        </button>
      )}
    </>
  );
}

function JobDetails({ job, t, dates }: { job: AdminJob; t: Translate; dates: DateSettings | undefined }) {
  const rows: [string, string][] = [
    ['id', String(job.id)],
    ['state', t(`adminAreas.jobs.states.${job.state}`)],
    ['attempts', `${job.attempts} / ${job.maxAttempts}`],
    ['runAt', when(job.runAt, dates)],
    ['createdAt', when(job.createdAt, dates)],
    ['updatedAt', when(job.updatedAt, dates)],
    ['finishedAt', when(job.finishedAt, dates)],
  ];
  return (
    <div className="t-jobs__details">
      <dl>
        {rows.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`adminAreas.jobs.fields.${key}`)}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
      <h3>{t('adminAreas.jobs.fields.lastError')}</h3>
      {job.lastError ? (
        <pre className="t-jobs__error" tabIndex={0}>
          {job.lastError}
        </pre>
      ) : (
        <p>{t('adminAreas.jobs.noError')}</p>
      )}
    </div>
  );
}
