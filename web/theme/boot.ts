/**
 * Runs before the style sheets and the app (a classic script in index.html's head, built to
 * /app/theme-boot.js): applies the last colour scheme, so the first paint has the right theme. A
 * file rather than an inline script, so the Content-Security-Policy forbids inline script.
 */
import { THEME_SCHEME_KEY } from './theme';

try {
  const scheme = localStorage.getItem(THEME_SCHEME_KEY);
  if (scheme === 'dark' || scheme === 'light') {
    document.documentElement.dataset.theme = scheme;
    document.documentElement.style.colorScheme = scheme;
  }
} catch {
  // Storage unavailable (private mode, blocked): the app applies the scheme when it starts.
}
