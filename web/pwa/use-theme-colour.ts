/**
 * The page's `<meta name="theme-color">` (the browser's title bar, and an installed app's) follows
 * the web app's theme colour of /admin/apps, live: index.html carries the default until the
 * settings arrive, and `settings:updated` changes it without a reload.
 */
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { WEB_APP_DEFAULTS } from '../../engine/core/web-app';
import { settingsAtom } from '../shell/shell-state';

export function useThemeColourMeta(): void {
  const colour = useAtomValue(settingsAtom).webApp?.themeColour ?? WEB_APP_DEFAULTS.themeColour;
  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'theme-color';
      document.head.append(meta);
    }
    meta.content = colour;
  }, [colour]);
}
