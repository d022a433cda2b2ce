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
