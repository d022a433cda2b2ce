/**
 * A tolerant reader of RSS 2.0, RSS 1.0 (RDF) and Atom feeds that takes only what the feed check
 * needs: each item's title and link. Not a general XML parser: no entities beyond the five XML ones
 * and numeric references, CDATA sections read as text.
 *
 * Linear time on any input (a feed is text a stranger wrote): every search moves forward from where
 * the last one stopped and stays inside its item; an unclosed comment, item or tag ends the reading
 * instead of being looked for again from each later start; at most FEED_MAX_ITEMS items are read.
 * No regex runs over more than one tag's attributes (capped) or one element's text without
 * lookahead to a closing mark.
 */
export interface FeedItem {
  title: string;
  link: string;
}

/** The check needs a few items to say "this is a feed"; a longer feed is read up to here. */
export const FEED_MAX_ITEMS = 500;
/** Attributes of a link tag longer than this are no link we keep. */
const MAX_ATTRIBUTES = 4096;

/** CDATA sections as text (an unclosed one runs to the end), then the five XML entities and numeric references. */
function decode(text: string): string {
  let plain = '';
  let from = 0;
  for (let open = text.indexOf('<![CDATA['); open !== -1; open = text.indexOf('<![CDATA[', from)) {
    plain += text.slice(from, open);
    const close = text.indexOf(']]>', open + 9);
    if (close === -1) {
      plain += text.slice(open + 9);
      from = text.length;
      break;
    }
    plain += text.slice(open + 9, close);
    from = close + 3;
  }
  plain += text.slice(from);
  return plain
    .replace(/&#x([0-9a-f]{1,8});/gi, (_, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)))
    .replace(/&#(\d{1,8});/g, (_, dec: string) => String.fromCodePoint(Math.min(parseInt(dec, 10), 0x10ffff)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/** A text and its ASCII lower-case twin (same length, so positions agree), searched case-insensitively. */
class Scanner {
  private constructor(
    readonly text: string,
    readonly lower: string,
  ) {}

  static of(text: string): Scanner {
    // toLowerCase never shortens a character; only a few (İ) grow, and then ASCII alone is lowered.
    const lower = text.toLowerCase();
    return new Scanner(text, lower.length === text.length ? lower : text.replace(/[A-Z]+/g, (m) => m.toLowerCase()));
  }

  /** The part [from, to): later searches in it never look past `to`. */
  part(from: number, to: number): Scanner {
    return new Scanner(this.text.slice(from, to), this.lower.slice(from, to));
  }

  /** The next `<name` at or after `from` that is a whole tag name (followed by space, `>` or `/`), or -1. */
  openTag(name: string, from: number): number {
    const needle = `<${name}`;
    for (let at = this.lower.indexOf(needle, from); at !== -1; at = this.lower.indexOf(needle, at + 1)) {
      const next = this.lower.charAt(at + needle.length);
      if (next === '>' || next === '/' || /\s/.test(next)) return at;
    }
    return -1;
  }

  indexOf(needle: string, from: number): number {
    return this.lower.indexOf(needle, from);
  }
}

/** The text without comments; an unclosed comment hides the rest (as it would in XML). */
function withoutComments(xml: string): string {
  const parts: string[] = [];
  let from = 0;
  for (let open = xml.indexOf('<!--'); open !== -1; open = xml.indexOf('<!--', from)) {
    parts.push(xml.slice(from, open));
    const close = xml.indexOf('-->', open + 4);
    if (close === -1) return parts.join('');
    from = close + 3;
  }
  parts.push(xml.slice(from));
  return parts.join('');
}

/** The first `<name …>text</name>` of an item, decoded; undefined when there is none or it is unclosed. */
function elementText(s: Scanner, name: string): string | undefined {
  const open = s.openTag(name, 0);
  if (open === -1) return undefined;
  const tagEnd = s.indexOf('>', open);
  if (tagEnd === -1 || s.text.charAt(tagEnd - 1) === '/') return undefined;
  const close = s.indexOf(`</${name}>`, tagEnd + 1);
  return close === -1 ? undefined : decode(s.text.slice(tagEnd + 1, close));
}

const hrefOf = (attrs: string) => {
  const m = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(attrs);
  return m ? (m[1] ?? m[2]) : undefined;
};

/** An item's Atom link: the one without rel (or rel="alternate"), else the first with an href. */
function atomLink(s: Scanner): string | undefined {
  let plain: string | undefined;
  let alternate: string | undefined;
  let first: string | undefined;
  for (let at = s.openTag('link', 0); at !== -1 && plain === undefined;) {
    const end = s.indexOf('>', at);
    if (end === -1) break; // an unclosed tag: no later link can be read either
    const attrs = end - at <= MAX_ATTRIBUTES ? s.text.slice(at + 5, end) : '';
    const href = hrefOf(attrs);
    if (href !== undefined) {
      first ??= href;
      if (!/\brel\s*=/i.test(attrs)) plain = href;
      else if (/\brel\s*=\s*["']alternate["']/i.test(attrs)) alternate ??= href;
    }
    at = s.openTag('link', end);
  }
  const chosen = plain ?? alternate ?? first;
  return chosen === undefined ? undefined : decode(chosen);
}

/**
 * The reading itself, pausing (`yield`) between steps: parseFeed runs it straight through,
 * readFeedInSlices lets the event loop in whenever a slice of time is used up.
 */
function* reading(xml: string): Generator<void, FeedItem[] | null> {
  const text = withoutComments(xml);
  yield;
  const s = Scanner.of(text);
  yield;
  const atom = s.openTag('feed', 0) !== -1;
  if (!atom && s.openTag('rss', 0) === -1 && s.openTag('rdf:rdf', 0) === -1) return null;
  const name = atom ? 'entry' : 'item';
  const items: FeedItem[] = [];
  for (let at = s.openTag(name, 0); at !== -1 && items.length < FEED_MAX_ITEMS;) {
    yield;
    const start = s.indexOf('>', at);
    if (start === -1) break;
    const close = s.indexOf(`</${name}>`, start);
    if (close === -1) break; // unclosed: no later item is closed either
    const item = s.part(start + 1, close);
    items.push({ title: elementText(item, 'title') ?? '', link: (atom ? atomLink(item) : (elementText(item, 'link') ?? atomLink(item))) ?? '' });
    at = s.openTag(name, close + name.length + 3);
  }
  return items;
}

/** The items of a feed, or null when the text is no RSS or Atom feed. */
export function parseFeed(xml: string): FeedItem[] | null {
  const steps = reading(xml);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** As parseFeed, in slices of at most about `sliceMs` of work, each after the event loop had a turn (other requests' I/O first). */
export async function readFeedInSlices(xml: string, sliceMs = 5): Promise<FeedItem[] | null> {
  const steps = reading(xml);
  for (;;) {
    await new Promise((resolve) => setImmediate(resolve));
    const until = performance.now() + sliceMs;
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      if (performance.now() >= until) break;
    }
  }
}
