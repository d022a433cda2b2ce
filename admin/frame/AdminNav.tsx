/**
 * The admin navigation (community 2 and 4): the areas of `GET admin/sections`, grouped in
 * sections, collapsible; its expanded state is the user's profile meta `adminNavigation.expanded`
 * (expanded by default). The toggle changes at once and is saved behind it; a failed save puts it
 * back and says why.
 */
import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import type { AdminSectionsResponse } from '../../schemas/model/api/staff';
import { toAdminApiError } from '../core/http-api';
import { useAdminFrame } from './frame-context';

type Sections = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; sections: AdminSectionsResponse['sections'] };

export function AdminNav({ current }: { current?: string }) {
  const { services, t } = useAdminFrame();
  const { request } = services;
  const listId = useId();
  const [sections, setSections] = useState<Sections>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const [expanded, setExpanded] = useState(services.navExpanded !== false);
  const [saveError, setSaveError] = useState<string>();
  // The stored state arrives with the profile; follow it while the user has not toggled here.
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!touched) setExpanded(services.navExpanded !== false);
  }, [services.navExpanded, touched]);

  useEffect(() => {
    let live = true;
    request<AdminSectionsResponse>('GET', 'admin/sections').then(
      (answer) => live && setSections({ status: 'ready', sections: Array.isArray(answer?.sections) ? answer.sections : [] }),
      (error: unknown) => live && setSections({ status: 'error', message: toAdminApiError(error).message }),
    );
    return () => {
      live = false;
    };
  }, [request, round]);

  const toggle = () => {
    const next = !expanded;
    setTouched(true);
    setExpanded(next);
    setSaveError(undefined);
    services.saveNavExpanded(next).catch((error: unknown) => {
      setExpanded(!next);
      setSaveError(t('adminAreas.nav.saveError', { message: toAdminApiError(error).message }));
    });
  };

  return (
    <nav className={`t-admin-frame__nav${expanded ? '' : ' t-admin-frame__nav--collapsed'}`} aria-label={t('adminAreas.nav.label')}>
      {/* Named by aria-label: collapsed beside the screen, the button shows its icon only. */}
      <button
        type="button"
        className="t-admin-frame__toggle"
        aria-label={t('adminAreas.nav.toggle')}
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={toggle}
      >
        <span className="t-admin-frame__toggle-icon" aria-hidden="true" />
        <span className="t-admin-frame__toggle-text" aria-hidden="true">
          {t('adminAreas.nav.toggle')}
        </span>
      </button>
      {saveError && (
        <p role="alert" className="t-admin-frame__nav-error">
          {saveError}
        </p>
      )}
      <div id={listId} className="t-admin-frame__sections" hidden={!expanded}>
        {sections.status === 'loading' && <p role="status">{t('adminAreas.nav.loading')}</p>}
        {sections.status === 'error' && (
          <div role="alert" className="t-admin-frame__nav-error">
            <p>{t('adminAreas.nav.loadError', { message: sections.message })}</p>
            <button type="button" className="ts-button" onClick={() => setRound((n) => n + 1)}>
              {t('adminAreas.nav.retry')}
            </button>
          </div>
        )}
        {sections.status === 'ready' && sections.sections.map((section) => <NavSection key={section.section} section={section} current={current} />)}
      </div>
    </nav>
  );
}

function NavSection({ section, current }: { section: AdminSectionsResponse['sections'][number]; current?: string }) {
  const { t } = useAdminFrame();
  const headingId = useId();
  return (
    <section className="t-admin-frame__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(`adminAreas.sections.${section.section}`)}</h2>
      <ul>
        {section.areas.map((a) => (
          <li key={a.area}>
            <Link href={a.path} aria-current={a.area === current ? 'page' : undefined}>
              {t(`adminAreas.areas.${a.area}.title`)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
