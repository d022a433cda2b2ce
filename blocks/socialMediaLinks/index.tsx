import {
  SOCIAL_NETWORK_NAMES,
  socialHref,
  socialLinksOf,
  useEngine,
  useProfile,
  type BlockProps,
  type SocialLink,
  type SocialNetwork,
} from '../../engine/block-api';
import type { SocialMediaLinksOptions } from '../options.generated';

export type { SocialMediaLinksOptions };

/** One letter-mark per network: no icon font, no remote images. */
const MARKS: Record<SocialNetwork, string> = {
  facebook: 'f',
  x: 'X',
  linkedin: 'in',
  instagram: 'IG',
  youtube: 'YT',
  tiktok: 'TT',
  mastodon: 'M',
  website: 'www',
  email: '@',
};

/**
 * Links to a profile's or entity's social accounts (values of fields named after the networks:
 * `linkedin`, `x`, `website` ...) or to the addresses the admin entered. Unsafe addresses are left out.
 */
export default function SocialMediaLinks({ options }: BlockProps<SocialMediaLinksOptions>) {
  const { t, profile: viewed, entity } = useEngine();
  const profile = useProfile(options.source === 'profile' ? viewed?.accountId : undefined);
  let links: SocialLink[];
  if (options.source === 'custom')
    links = (options.links ?? []).flatMap((l) => {
      const href = socialHref(l.network, l.url);
      return href ? [{ network: l.network, href, label: l.label || SOCIAL_NETWORK_NAMES[l.network] }] : [];
    });
  else links = socialLinksOf(options.source === 'entity' ? entity?.data : profile?.data?.profile);
  if (!links.length) return null;
  const newTab = options.openInNewTab !== false;
  // A network's own name is a brand; the generic ones (website, email) are words of the member's language.
  const nameOf = (link: SocialLink) =>
    link.label === SOCIAL_NETWORK_NAMES[link.network] && (link.network === 'website' || link.network === 'email')
      ? t(`profiles.socialNetworks.${link.network}`)
      : link.label;
  return (
    <ul className={`t-social-links t-social-links--${options.iconSize ?? 'medium'}`} aria-label={t('profiles.socialLinks')}>
      {links.map((link, i) => (
        <li key={`${link.network}-${i}`}>
          <a
            className="t-social-links__link"
            href={link.href}
            {...(newTab && link.network !== 'email' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            <span aria-hidden="true">{MARKS[link.network]}</span>
            <span className="ts-visually-hidden">
              {newTab && link.network !== 'email' ? t('profiles.socialLinkNewTab', { name: nameOf(link) }) : nameOf(link)}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
