/**
 * The DOMPurify fallback of engine/react/markup-sanitizer.ts (jsdom has no HTML Sanitizer API, so
 * this is the path browsers without it take) against the shared table of admin markup and XSS
 * payloads; tests/e2e/markup-sanitizer.test.ts runs the same table through Chromium's native API.
 */
import { describe, expect, it } from 'vitest';
import { CHAT_MARKUP, loadFallbackMarkupSanitizer, nativeMarkupSanitizer } from '../../../engine/react/markup-sanitizer';
import { CHAT_MARKUP_CASES, MARKUP_CASES } from '../../fixtures/markup-payloads';

describe('the fallback markup sanitiser (DOMPurify)', () => {
  it('is the one used where the browser has no HTML Sanitizer API', () => {
    expect(nativeMarkupSanitizer()).toBeUndefined();
  });
  it.each(MARKUP_CASES)('$name', async ({ html, safe }) => {
    const sanitize = await loadFallbackMarkupSanitizer();
    expect(sanitize(html)).toBe(safe);
  });
});

describe('the fallback chat sanitiser (DOMPurify, the chat policy)', () => {
  it.each(CHAT_MARKUP_CASES)('$name', async ({ html, safe }) => {
    const sanitize = await loadFallbackMarkupSanitizer(CHAT_MARKUP);
    expect(sanitize(html)).toBe(safe);
  });
  it('leaves the stored-HTML policy as it was (one sanitiser per policy)', async () => {
    const stored = await loadFallbackMarkupSanitizer();
    expect(stored('<h2>h</h2><a href="https://example.org">l</a>')).toBe('<h2>h</h2><a href="https://example.org">l</a>');
  });
});
