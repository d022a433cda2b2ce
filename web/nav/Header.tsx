/** The header (spec 2.6, 2.7): skip link, top bar with logo, module tabs, notification bell, chat icon and user controls (hamburger and drawer on small screens), page row, offline banner. */
import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { Link } from 'wouter';
import logoMark from '../assets/logo-mark.svg';
import { useT } from '../i18n/use-t';
import { imageUrl, siteDisplayName } from '../shell/footer-rules';
import { OfflineBanner } from '../shell/OfflineBanner';
import { useApi } from '../shell/services';
import { editModeAtom, localeAtom, sessionAtom, settingsAtom } from '../shell/shell-state';
import { HEADER_ADMIN_SLOT_ID } from '../edit-mode/slots';
import { AdminBar, BrandPreviewBar, ViewAsBar } from '../shell/AdminBar';
import { SkipLink } from '../shell/SkipLink';
import { UserControls } from '../shell/UserControls';
import { HeaderNotifications } from '../notifications/HeaderNotifications';
import { MobileDrawer } from './MobileDrawer';
import { OverflowTabs } from './OverflowTabs';
import { useIsWide } from './use-media-query';
import { useModuleTabs, usePageRow } from './use-nav-items';

/**
 * The brand's logo image when it has one; else the mark with the community's name as text, so the
 * name follows the theme's text colour (an image's hard-coded wordmark vanished on the dark header).
 */
function Logo() {
  const t = useT();
  const api = useApi();
  const session = useAtomValue(sessionAtom);
  const logoId = session?.activeBrand?.settings?.logoId;
  const name = siteDisplayName(useAtomValue(settingsAtom).siteName);
  // Without the media token the URL would be the placeholder: show the name instead.
  const logoSrc = logoId ? imageUrl(api.baseURL, logoId, session?.user.imageAccessToken, '') : '';
  if (logoSrc)
    return (
      <Link href="/" className="ts-logo">
        <img src={logoSrc} alt={`${name}, ${t('nav.logoAlt')}`} height={32} />
      </Link>
    );
  return (
    <Link href="/" className="ts-logo" aria-label={`${name}, ${t('nav.logoAlt')}`}>
      <img src={logoMark} alt="" width={24} height={32} />
      <span className="ts-logo__name">{name}</span>
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
      <BrandPreviewBar />
      <div className="ts-topbar">
        <Logo />
        {wide ? (
          <>
            <OverflowTabs items={moduleTabs} label={t('nav.modules')} wide recalcKey={recalcKey} />
            <div className="ts-topbar__end">
              <HeaderNotifications />
              <UserControls />
            </div>
          </>
        ) : (
          // Small screens keep the account within reach: the avatar menu sits beside the hamburger.
          <div className="ts-topbar__end">
            <HeaderNotifications />
            <UserControls />
            <button type="button" className="ts-hamburger" aria-label={t('nav.openMenu')} aria-expanded={drawerOpen} onClick={() => setDrawerOpen(true)}>
              <span aria-hidden="true">☰</span>
            </button>
          </div>
        )}
      </div>
      {pageRow.show && pageRow.items.length > 0 && (
        <OverflowTabs items={pageRow.items} label={t('nav.pages')} wide={wide} recalcKey={recalcKey} className="ts-page-row" />
      )}
      {/* In edit mode the admin (loaded lazily) portals its navigation editor here. */}
      {editMode && <div id={HEADER_ADMIN_SLOT_ID} className="ts-header-admin" />}
      <OfflineBanner />
      {!wide && <MobileDrawer open={drawerOpen} onClose={closeDrawer} />}
    </header>
  );
}
