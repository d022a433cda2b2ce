/**
 * Fetching a feed a user named (spec core 7.4 feed check, rule feed_valid) without letting the
 * server be used against its own network: http(s) only, every host name resolved and every address
 * checked before connecting (the checked address is the one connected to, so a second DNS answer
 * cannot swap it), at most three redirects each checked the same way, a short time-out and a size cap.
 * `trusted` addresses (config FEED_TRUSTED_ADDRESSES: an intranet's feed server, a test's local one)
 * are let through although private. Feeds are read one at a time per process, in slices of a few
 * ms with the event loop let in between: the reader is linear (feed-parse.ts), and no check, nor a
 * queue of them, holds the loop for long.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import { isPublicAddress } from './address-filter';
import { readFeedInSlices, type FeedItem } from './feed-parse';

export const FEED_TIMEOUT_MS = 5000;
export const FEED_MAX_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 3;

/** The URL itself is not one the server will fetch: a 400 for the caller. */
export class FeedUrlRefused extends Error {
  override name = 'FeedUrlRefused';
}

/** errno of the feed check: 0 items read; 1 not reachable (network, time-out, HTTP status); 2 not a feed; 3 too large. */
export type FeedErrno = 0 | 1 | 2 | 3;
export interface FeedCheck {
  items: FeedItem[];
  errno: FeedErrno;
}

class FeedFailure extends Error {
  constructor(
    readonly errno: Exclude<FeedErrno, 0>,
    message: string,
  ) {
    super(message);
  }
}

/** A URL the server may fetch, or FeedUrlRefused saying why not (scheme, credentials, literal private address). */
export function feedUrl(text: string, trusted: ReadonlySet<string> = NONE): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new FeedUrlRefused(`"${text}" is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FeedUrlRefused(`only http and https feeds can be checked, not ${url.protocol}`);
  if (url.username || url.password) throw new FeedUrlRefused('a feed URL may not carry a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !isPublicAddress(host) && !trusted.has(host))
    throw new FeedUrlRefused(`${host} is a private, loopback or link-local address; the server does not fetch from it`);
  return url;
}

const NONE: ReadonlySet<string> = new Set();

/** Resolves like dns.lookup but refuses any non-public address: the connection only ever goes to a checked address. */
const publicLookup =
  (trusted: ReadonlySet<string>): LookupFunction =>
  (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as dns.LookupAddress[];
      const refused = list.find((a) => !isPublicAddress(a.address) && !trusted.has(a.address));
      if (refused || !list.length)
        return callback(
          new FeedUrlRefused(
            `${hostname} resolves to ${refused?.address ?? 'no address'}, a private, loopback or link-local address; the server does not fetch from it`,
          ),
          '',
          4,
        );
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };

function getOnce(url: URL, deadline: number, trusted: ReadonlySet<string>): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(
      url,
      { lookup: publicLookup(trusted), headers: { accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml;q=0.9, */*;q=0.1' } },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          return resolve({ status, location: res.headers.location, body: '' });
        }
        const declared = Number(res.headers['content-length']);
        if (declared > FEED_MAX_BYTES) {
          req.destroy();
          return reject(new FeedFailure(3, `the feed is larger than ${FEED_MAX_BYTES} bytes`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > FEED_MAX_BYTES) {
            req.destroy();
            reject(new FeedFailure(3, `the feed is larger than ${FEED_MAX_BYTES} bytes`));
          } else chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (e) => reject(new FeedFailure(1, e.message)));
        // Cut off (deadline, size) without an error event: settled all the same (a no-op after 'end').
        res.on('close', () => reject(new FeedFailure(1, 'the connection closed before the feed was read')));
      },
    );
    // An overall deadline, not an idle time-out: a server dripping bytes cannot hold the check open.
    const timer = setTimeout(() => req.destroy(new FeedFailure(1, `no answer within ${FEED_TIMEOUT_MS} ms`)), Math.max(1, deadline - Date.now()));
    req.on('close', () => clearTimeout(timer));
    req.on('error', (e) => reject(e instanceof FeedUrlRefused || e instanceof FeedFailure ? e : new FeedFailure(1, e.message)));
  });
}

let reading: Promise<unknown> = Promise.resolve();

/** Reads one feed after those queued before it, in short slices with the event loop let in between (I/O of other requests first). */
function readFeed(body: string): Promise<FeedItem[] | null> {
  const read = reading.then(() => readFeedInSlices(body));
  reading = read.catch(() => undefined);
  return read;
}

export interface FeedCheckOptions {
  timeoutMs?: number;
  /** Private addresses the check may connect to all the same (FEED_TRUSTED_ADDRESSES). */
  trusted?: ReadonlySet<string>;
}

/** Fetches and reads the feed; FeedUrlRefused for a URL or address the server will not fetch, errno for the rest. */
export async function checkFeed(text: string, options: FeedCheckOptions = {}): Promise<FeedCheck & { message?: string }> {
  const trusted = options.trusted ?? NONE;
  let url = feedUrl(text, trusted);
  const deadline = Date.now() + (options.timeoutMs ?? FEED_TIMEOUT_MS);
  try {
    for (let hop = 0; ; hop++) {
      const answer = await getOnce(url, deadline, trusted);
      if (answer.location !== undefined) {
        if (hop >= MAX_REDIRECTS) throw new FeedFailure(1, `more than ${MAX_REDIRECTS} redirects`);
        url = feedUrl(new URL(answer.location, url).href, trusted);
        continue;
      }
      if (answer.status < 200 || answer.status >= 300) throw new FeedFailure(1, `the feed answered HTTP ${answer.status}`);
      const items = await readFeed(answer.body);
      if (!items) throw new FeedFailure(2, 'the answer is no RSS or Atom feed');
      return { items, errno: 0 };
    }
  } catch (e) {
    if (e instanceof FeedFailure) return { items: [], errno: e.errno, message: e.message };
    throw e;
  }
}
