/**
 * A tolerant reader of RSS 2.0, RSS 1.0 (RDF) and Atom feeds that takes only what the feed check
 * needs: each item's title and link. Not a general XML parser: no entities beyond the five XML ones
 * and numeric references, CDATA sections read as text.
 */
export interface FeedItem {
  title: string;
  link: string;
}

const decode = (text: string): string =>
  text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Math.min(parseInt(dec, 10), 0x10ffff)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

const elementText = (xml: string, name: string): string | undefined => {
  const match = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`, 'i').exec(xml);
  return match ? decode(match[1]) : undefined;
};

/** An Atom link: the rel="alternate" one (or one without rel), else the first with an href. */
const atomLink = (xml: string): string | undefined => {
  const links = [...xml.matchAll(/<link\b([^>]*?)\/?>/gi)].map((m) => m[1]);
  const href = (attrs: string) => /\bhref\s*=\s*("([^"]*)"|'([^']*)')/i.exec(attrs);
  const chosen =
    links.find((a) => href(a) && !/\brel\s*=/.test(a)) ?? links.find((a) => /\brel\s*=\s*["']alternate["']/i.test(a) && href(a)) ?? links.find(href);
  const m = chosen ? href(chosen) : null;
  return m ? decode(m[2] ?? m[3] ?? '') : undefined;
};

/** The items of a feed, or null when the text is no RSS or Atom feed. */
export function parseFeed(xml: string): FeedItem[] | null {
  const body = xml.replace(/<!--[\s\S]*?-->/g, '');
  const atom = /<feed\b[^>]*>/i.test(body);
  if (!atom && !/<(rss|rdf:RDF)\b/i.test(body)) return null;
  const blocks = [...body.matchAll(atom ? /<entry\b[^>]*>([\s\S]*?)<\/entry>/gi : /<item\b[^>]*>([\s\S]*?)<\/item>/gi)].map((m) => m[1]);
  return blocks.map((block) => ({
    title: elementText(block, 'title') ?? '',
    link: (atom ? atomLink(block) : (elementText(block, 'link') ?? atomLink(block))) ?? '',
  }));
}
