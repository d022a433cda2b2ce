/** The feed check's address filter, URL gate and tolerant RSS/Atom reader (server/rule-checks). */
import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../server/rule-checks/address-filter';
import { checkFeed, feedUrl, FeedUrlRefused } from '../../server/rule-checks/feed-fetch';
import { FEED_MAX_ITEMS, parseFeed } from '../../server/rule-checks/feed-parse';

describe('address filter', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'not-an-address',
    '',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '93.184.216.34', '2606:4700:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('feed URL gate', () => {
  it.each([
    ['ftp://example.com/feed', 'only http and https'],
    ['file:///etc/passwd', 'only http and https'],
    ['feed', 'is not an absolute URL'],
    ['http://user:pw@example.com/', 'user name or password'],
    ['http://127.0.0.1:4108/feed', '127.0.0.1 is a private, loopback or link-local address'],
    ['http://[::1]/feed', '::1 is a private'],
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254 is a private'],
  ])('refuses %s', (url, message) => {
    expect(() => feedUrl(url)).toThrow(FeedUrlRefused);
    expect(() => feedUrl(url)).toThrow(message);
  });
  it('a public address that does not answer is errno 1 (unreachable or cut at the deadline), not an error', async () => {
    // 192.0.2.1 (TEST-NET-1) is public but routes nowhere: either unreachable at once or cut at the deadline.
    const answer = await checkFeed('http://192.0.2.1/feed', { timeoutMs: 300 });
    expect(answer).toMatchObject({ items: [], errno: 1 });
  });
  it('refuses a host name that resolves to loopback before connecting', async () => {
    await expect(checkFeed('http://localhost:9/feed')).rejects.toThrow(/localhost resolves to .*private, loopback or link-local/);
  });
});

describe('feed reader', () => {
  it('reads RSS 2.0 items with CDATA and entities', () => {
    const xml = `<?xml version="1.0"?><rss version="2.0"><channel><title>Blog</title><link>https://b.example/</link>
      <item><title><![CDATA[First & best]]></title><link>https://b.example/1</link></item>
      <!-- <item><title>commented</title></item> -->
      <item><title>Caf&#233; &amp; more</title><link> https://b.example/2?a=1&amp;b=2 </link><description>x</description></item>
    </channel></rss>`;
    expect(parseFeed(xml)).toEqual([
      { title: 'First & best', link: 'https://b.example/1' },
      { title: 'Café & more', link: 'https://b.example/2?a=1&b=2' },
    ]);
  });
  it('reads Atom entries, preferring the alternate link', () => {
    const xml = `<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><link href="https://a.example/"/>
      <entry><title type="html">One</title><link rel="self" href="https://a.example/self"/><link rel="alternate" href="https://a.example/one"/></entry>
      <entry><title>Two</title><link href='https://a.example/two'/></entry></feed>`;
    expect(parseFeed(xml)).toEqual([
      { title: 'One', link: 'https://a.example/one' },
      { title: 'Two', link: 'https://a.example/two' },
    ]);
  });
  it('reads RSS 1.0 and an empty channel; anything else is no feed', () => {
    expect(parseFeed('<rdf:RDF><item><title>T</title><link>https://r.example/t</link></item></rdf:RDF>')).toEqual([
      { title: 'T', link: 'https://r.example/t' },
    ]);
    expect(parseFeed('<rss><channel><title>Empty</title></channel></rss>')).toEqual([]);
    expect(parseFeed('<!doctype html><html><body>hello</body></html>')).toBeNull();
    expect(parseFeed('')).toBeNull();
    expect(parseFeed('<rss><item><title>unclosed')).toEqual([]);
  });
  it('reads hostile shapes to an answer: unclosed items, comments, tags and CDATA end the reading; at most FEED_MAX_ITEMS items', () => {
    expect(parseFeed(`<rss>${'<item>'.repeat(1000)}`)).toEqual([]);
    expect(parseFeed('<rss><item><title>a</title></item><!-- <item><title>b</title></item>')).toEqual([{ title: 'a', link: '' }]);
    expect(parseFeed(`<feed><entry><title>x</title>${'<link '.repeat(1000)}</entry></feed>`)).toEqual([{ title: 'x', link: '' }]);
    expect(parseFeed('<rss><item><title><![CDATA[open</title></item></rss>')).toEqual([{ title: 'open', link: '' }]);
    expect(parseFeed('<RSS><ITEM><TITLE>Up</TITLE><LINK>https://u.example/</LINK></ITEM></RSS>')).toEqual([{ title: 'Up', link: 'https://u.example/' }]);
    expect(parseFeed(`<rss>${'<item><title>t</title></item>'.repeat(FEED_MAX_ITEMS + 10)}</rss>`)).toHaveLength(FEED_MAX_ITEMS);
  });
});
