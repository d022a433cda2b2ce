import { beforeEach, describe, expect, it } from 'vitest';
import {
  applyScheme,
  brandThemeHref,
  ensureBrandStylesheet,
  previewBrandId,
  resetPreviewBrand,
  resolveScheme,
  setPreviewBrand,
  themeAvailability,
  THEME_SCHEME_KEY,
} from '../../web/theme/theme';

beforeEach(() => localStorage.clear());

describe('theme (spec 4.2)', () => {
  it('defaults to light, follows the stored choice when enabled, and the settings mode when locked', () => {
    expect(themeAvailability({}, 'dark')).toEqual({ selectable: false, mode: 'light' });
    expect(themeAvailability({ themeModeEnabled: true }, null)).toEqual({ selectable: true, mode: 'light' });
    expect(themeAvailability({ themeModeEnabled: true }, 'dark')).toEqual({ selectable: true, mode: 'dark' });
    expect(themeAvailability({ themeModeEnabled: true }, 'purple')).toEqual({ selectable: true, mode: 'light' });
    expect(themeAvailability({ themeModeEnabled: true, theme: { mode: 'auto', lockKey: 'k' } }, 'dark')).toEqual({ selectable: false, mode: 'auto' });
  });
  it('resolves auto from the system preference and stores the applied scheme for the no-flash script', () => {
    expect(resolveScheme('auto', true)).toBe('dark');
    expect(resolveScheme('auto', false)).toBe('light');
    expect(resolveScheme('dark', false)).toBe('dark');
    applyScheme(document, 'dark', localStorage);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_SCHEME_KEY)).toBe('dark');
  });
  it('previews a numeric brand only, and resets the preview', () => {
    expect(() => setPreviewBrand(localStorage, 'abc')).toThrow('Brand id must be a number, got "abc".');
    expect(previewBrandId(localStorage)).toBeNull();
    setPreviewBrand(localStorage, 12);
    expect(previewBrandId(localStorage)).toBe('12');
    expect(brandThemeHref('/api/v1', previewBrandId(localStorage))).toBe('/api/v1/service/brands/12/theme.css');
    resetPreviewBrand(localStorage);
    expect(brandThemeHref('/api/v1', previewBrandId(localStorage))).toBe('/api/v1/service/brands/active/theme.css');
  });
  it('keeps one brand style sheet link and repoints it', async () => {
    const first = ensureBrandStylesheet(document, '/api/v1/service/brands/active/theme.css');
    document.getElementById('tessera-brand-theme')!.dispatchEvent(new Event('load'));
    await first;
    const second = ensureBrandStylesheet(document, '/api/v1/service/brands/3/theme.css');
    document.getElementById('tessera-brand-theme')!.dispatchEvent(new Event('error'));
    await second;
    const links = document.querySelectorAll('link#tessera-brand-theme');
    expect(links).toHaveLength(1);
    expect(links[0].getAttribute('href')).toBe('/api/v1/service/brands/3/theme.css');
  });
});
