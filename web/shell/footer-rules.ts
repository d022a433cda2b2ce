/** Footer links and the logo fallback chain (spec 1): footer logo, else active brand logo, else the default image. */
import { LOGO_THUMB_SIZE } from '../../engine/core/constants';
import type { Brand, FooterLinks, Id } from '../../schemas/model';

export const imageUrl = (apiBase: string, id: Id, thumb = LOGO_THUMB_SIZE) => `${apiBase}/image/${encodeURIComponent(id)}?thumb=${thumb}`;

/** The community's name for the header and footer: settings.siteName, else the product's. */
export const siteDisplayName = (siteName: unknown): string => (typeof siteName === 'string' && siteName.trim() ? siteName.trim() : 'Tessera');

export function footerLogoSrc(apiBase: string, footerLogoId: Id | undefined, brand: Brand | undefined, defaultSrc: string): string {
  const id = footerLogoId ?? brand?.settings?.logoId;
  return id ? imageUrl(apiBase, id) : defaultSrc;
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
