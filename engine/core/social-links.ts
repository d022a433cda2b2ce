/**
 * Social media links (the socialMediaLinks block): which networks there are, the profile or
 * entity field each is read from, and what an address may be. Stored values are user input:
 * only http(s) addresses with a host, and plain email addresses, become links.
 */
import { checkExternalUrl } from './url-check';

export const SOCIAL_NETWORKS = ['facebook', 'x', 'linkedin', 'instagram', 'youtube', 'tiktok', 'mastodon', 'website', 'email'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** The display name of each network (used in the accessible name when none is given). */
export const SOCIAL_NETWORK_NAMES: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  x: 'X',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  mastodon: 'Mastodon',
  website: 'Website',
  email: 'Email',
};

/** A plain address: no query, fragment, path or list, so a mailto: link carries nothing but the address. */
const EMAIL = /^[^\s@<>()"',;:\\?&=#/%]+@[^\s@<>()"',;:\\?&=#/%]+\.[^\s@<>()"',;:\\?&=#/%]+$/;

/** The href of one network's value, or undefined when the value is not a safe address. */
export function socialHref(network: SocialNetwork, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (network === 'email') {
    const address = text.replace(/^mailto:/i, '');
    return EMAIL.test(address) && address.length <= 320 ? `mailto:${address}` : undefined;
  }
  const check = checkExternalUrl(text);
  return check.ok ? check.url.href : undefined;
}

export interface SocialLink {
  network: SocialNetwork;
  href: string;
  label: string;
}

/** The links of a record of values keyed by network name (profile values, entity data), in network order. */
export function socialLinksOf(values: Record<string, unknown> | undefined): SocialLink[] {
  if (!values || typeof values !== 'object') return [];
  return SOCIAL_NETWORKS.flatMap((network) => {
    const href = Object.prototype.hasOwnProperty.call(values, network) ? socialHref(network, values[network]) : undefined;
    return href ? [{ network, href, label: SOCIAL_NETWORK_NAMES[network] }] : [];
  });
}
