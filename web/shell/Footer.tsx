/** The footnote footer (hidden on mobile by CSS): configured links and the logo fallback chain. */
import { useAtomValue } from 'jotai';
import defaultLogo from '../assets/logo.svg';
import { useT } from '../i18n/use-t';
import { footerLinks, footerLogoSrc } from './footer-rules';
import { useApi } from './services';
import { sessionAtom, settingsAtom } from './shell-state';

export function Footer() {
  const t = useT();
  const settings = useAtomValue(settingsAtom);
  const session = useAtomValue(sessionAtom);
  const api = useApi();
  const links = footerLinks(settings.footer?.links);
  return (
    <footer className="ts-footer" aria-label={t('shell.footer.label')}>
      <img
        className="ts-footer__logo"
        src={footerLogoSrc(api.baseURL, settings.footer?.logoId, session?.activeBrand, session?.user.imageAccessToken, defaultLogo)}
        alt={t('shell.footer.logoAlt')}
      />
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
