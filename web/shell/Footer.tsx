/** The footer: configured (legal) links and the logo fallback chain; compact on small screens, never hidden. */
import { useAtomValue } from 'jotai';
import logoMark from '../assets/logo-mark.svg';
import { useT } from '../i18n/use-t';
import { footerLinks, footerLogoSrc, siteDisplayName } from './footer-rules';
import { useApi } from './services';
import { sessionAtom, settingsAtom } from './shell-state';

export function Footer() {
  const t = useT();
  const settings = useAtomValue(settingsAtom);
  const session = useAtomValue(sessionAtom);
  const api = useApi();
  const links = footerLinks(settings.footer?.links);
  const logoSrc = footerLogoSrc(api.baseURL, settings.footer?.logoId, session?.activeBrand, session?.user.imageAccessToken, '');
  const name = siteDisplayName(settings.siteName);
  return (
    <footer className="ts-footer" aria-label={t('shell.footer.label')}>
      {logoSrc ? (
        <img className="ts-footer__logo" src={logoSrc} alt={t('shell.footer.logoAlt')} />
      ) : (
        // No footer or brand logo: the mark and the community's name as text, readable in both themes.
        <span className="ts-logo ts-footer__logo">
          <img src={logoMark} alt="" width={24} height={32} />
          <span className="ts-logo__name">{name}</span>
        </span>
      )}
      {links.length > 0 && (
        <ul className="ts-footer__links">
          {links.map((l) => (
            <li key={l.key}>
              <a href={l.href} target="_blank" rel="noopener noreferrer">
                {l.labelKey ? t(l.labelKey) : l.label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </footer>
  );
}
