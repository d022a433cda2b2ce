/** Footer links and the logo fallback chain (spec 1): footer logo, else active brand logo, else the default image. */
import { LOGO_THUMB_SIZE } from '../../engine/core/constants';
import { mediaUrl } from '../../engine/core/media';
import type { Brand, FooterLinks, Id } from '../../schemas/model';

/** A brand image's media URL (spec 3 Media URLs) at the logo thumbnail size; without the media token, the default image. */
export const imageUrl = (apiBase: string, id: Id | undefined, token: string | undefined, defaultSrc: string, width = LOGO_THUMB_SIZE) =>
  mediaUrl({ kind: 'image', id, token, thumb: true, width, base: apiBase, placeholder: defaultSrc }) ?? defaultSrc;

/** The community's name for the header and footer: settings.siteName, else the product's. */
export const siteDisplayName = (siteName: unknown): string => (typeof siteName === 'string' && siteName.trim() ? siteName.trim() : 'Tessera');

export function footerLogoSrc(apiBase: string, footerLogoId: Id | undefined, brand: Brand | undefined, token: string | undefined, defaultSrc: string): string {
  return imageUrl(apiBase, footerLogoId ?? brand?.settings?.logoId, token, defaultSrc);
}

export interface FooterLink {
  key: string;
  /** i18n key for the fixed links; custom links carry their own label. */
  labelKey?: string;
  label?: string;
  href: string;
}

const FIXED: (keyof Omit<FooterLinks, 'custom1' | 'custom2'>)[] = ['privacyPolicy', 'terms', 'cookiePolicy', 'helpPage', 'accessibilityPolicy'];

/** The configured footer links in their fixed order, then the two custom links; unset ones are left out. */
export function footerLinks(links: FooterLinks | undefined): FooterLink[] {
  if (!links) return [];
  const out: FooterLink[] = [];
  for (const key of FIXED) if (links[key]) out.push({ key, labelKey: `shell.footer.${key}`, href: links[key]! });
  for (const key of ['custom1', 'custom2'] as const) {
    const c = links[key];
    if (c?.url && c.label) out.push({ key, label: c.label, href: c.url });
  }
  return out;
}
