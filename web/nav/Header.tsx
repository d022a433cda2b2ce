/** The header (spec 2.6, 2.7): skip link, top bar with logo, module tabs and user controls (hamburger and drawer on small screens), page row, offline banner. */
import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { Link } from 'wouter';
import defaultLogo from '../assets/logo.svg';
import { useT } from '../i18n/use-t';
import { imageUrl } from '../shell/footer-rules';
import { OfflineBanner } from '../shell/OfflineBanner';
import { useApi } from '../shell/services';
import { editModeAtom, localeAtom, sessionAtom } from '../shell/shell-state';
import { HEADER_ADMIN_SLOT_ID } from '../edit-mode/slots';
import { AdminBar, ViewAsBar } from '../shell/AdminBar';
import { SkipLink } from '../shell/SkipLink';
import { UserControls } from '../shell/UserControls';
import { MobileDrawer } from './MobileDrawer';
import { OverflowTabs } from './OverflowTabs';
import { useIsWide } from './use-media-query';
import { useModuleTabs, usePageRow } from './use-nav-items';

function Logo() {
  const t = useT();
  const api = useApi();
  const session = useAtomValue(sessionAtom);
  const logoId = session?.activeBrand?.settings?.logoId;
  return (
    <Link href="/" className="ts-logo">
      <img src={imageUrl(api.baseURL, logoId, session?.user.imageAccessToken, defaultLogo)} alt={t('nav.logoAlt')} height={32} />
    </Link>
  );
}

export function Header() {
  const t = useT();
  const wide = useIsWide();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const moduleTabs = useModuleTabs();
  const pageRow = usePageRow();
  const locale = useAtomValue(localeAtom);
  const editMode = useAtomValue(editModeAtom);
  const currentModule = moduleTabs.find((m) => m.current)?.key ?? '';
  const currentPage = pageRow.items.find((p) => p.current)?.key ?? '';
  const recalcKey = `${locale}|${editMode}|${currentModule}|${currentPage}|${moduleTabs.length}|${pageRow.items.length}`;
  return (
    <header className="ts-header">
      <SkipLink />
      <AdminBar />
      <ViewAsBar />
      <div className="ts-topbar">
        <Logo />
        {wide ? (
          <>
            <OverflowTabs items={moduleTabs} label={t('nav.modules')} wide recalcKey={recalcKey} />
            <UserControls />
          </>
        ) : (
          <button type="button" className="ts-hamburger" aria-label={t('nav.openMenu')} aria-expanded={drawerOpen} onClick={() => setDrawerOpen(true)}>
            <span aria-hidden="true">☰</span>
          </button>
        )}
      </div>
      {pageRow.show && pageRow.items.length > 0 && <OverflowTabs items={pageRow.items} label={t('nav.pages')} wide={wide} recalcKey={recalcKey} />}
      {/* In edit mode the admin (loaded lazily) portals its navigation editor here. */}
      {editMode && <div id={HEADER_ADMIN_SLOT_ID} className="ts-header-admin" />}
      <OfflineBanner />
      {!wide && <MobileDrawer open={drawerOpen} onClose={closeDrawer} />}
    </header>
  );
}
