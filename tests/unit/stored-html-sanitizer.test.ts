/**
 * The server's sanitiser of stored HTML (server/html/sanitize.ts, sanitize-html) against the same
 * table of payloads the browser's sanitisers run (tests/fixtures/markup-payloads.ts), so the server
 * and the browser cannot drift apart: the same result, except that the server also drops images
 * not from our own media route (`stored`).
 */
import { describe, expect, it } from 'vitest';
import { sanitizeStoredHtml } from '../../server/html/sanitize';
import { MARKUP_CASES } from '../fixtures/markup-payloads';

// sanitize-html writes void elements as `<br />`, the browser's serialiser as `<br>`: the same markup.
const asBrowserWrites = (html: string) => html.replaceAll(' />', '>');

describe('the stored HTML sanitiser (sanitize-html)', () => {
  it.each(MARKUP_CASES)('$name', ({ html, safe, stored }) => {
    expect(asBrowserWrites(sanitizeStoredHtml(html))).toBe(stored ?? safe);
  });
});
