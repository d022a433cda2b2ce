/** URL checks for blocks that link or embed: only http(s) with a host, never javascript: or data:. */
export type UrlCheck = { ok: true; url: URL } | { ok: false; problem: 'empty' | 'invalid' | 'protocol' | 'host' };

export function checkExternalUrl(value: unknown, { httpsOnly = false }: { httpsOnly?: boolean } = {}): UrlCheck {
  if (typeof value !== 'string' || !value.trim()) return { ok: false, problem: 'empty' };
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  if (url.protocol !== 'https:' && (httpsOnly || url.protocol !== 'http:')) return { ok: false, problem: 'protocol' };
  if (!url.hostname) return { ok: false, problem: 'host' };
  return { ok: true, url };
}

/**
 * What an embedded frame (the iFrame block) may show: https addresses with a host. The server's
 * Content-Security-Policy allows exactly these sources in `frame-src`, so the rule is stated once.
 */
export const EMBED_FRAME_SOURCES = ['https:'] as const;

export function checkEmbedUrl(value: unknown): UrlCheck {
  return checkExternalUrl(value, { httpsOnly: true });
}

export type AppPathCheck = { ok: true; path: string } | { ok: false; problem: string };

const APP_ORIGIN = 'https://app.invalid';

/**
 * An in-app path (actionButton and clickable routes): it must start with one "/" and resolve on
 * our own origin. Browsers read "\" as "/" and drop tabs and newlines, so `/\evil.example/p` or
 * `/\t/evil.example` would leave the site; resolving against a base and comparing origins catches
 * every such spelling.
 */
export function checkAppPath(value: unknown): AppPathCheck {
  if (typeof value !== 'string' || !value.startsWith('/'))
    return { ok: false, problem: `path must start with a single "/", got ${JSON.stringify(value ?? '')}` };
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value) || value.startsWith('//')) return { ok: false, problem: `path ${JSON.stringify(value)} would leave the site` };
  let resolved: URL;
  try {
    resolved = new URL(value, APP_ORIGIN);
  } catch {
    return { ok: false, problem: `path ${JSON.stringify(value)} is not a valid address` };
  }
  if (resolved.origin !== APP_ORIGIN) return { ok: false, problem: `path ${JSON.stringify(value)} would leave the site` };
  return { ok: true, path: value };
}
