/**
 * The DOMPurify fallback of engine/react/markup-sanitizer.ts (jsdom has no HTML Sanitizer API, so
 * this is the path browsers without it take) against the shared table of admin markup and XSS
 * payloads; tests/e2e/markup-sanitizer.test.ts runs the same table through Chromium's native API.
 */
import { describe, expect, it } from 'vitest';
import { loadFallbackMarkupSanitizer, nativeMarkupSanitizer } from '../../../engine/react/markup-sanitizer';
import { MARKUP_CASES } from '../../fixtures/markup-payloads';

describe('the fallback markup sanitiser (DOMPurify)', () => {
  it('is the one used where the browser has no HTML Sanitizer API', () => {
    expect(nativeMarkupSanitizer()).toBeUndefined();
  });
  it.each(MARKUP_CASES)('$name', async ({ html, safe }) => {
    const sanitize = await loadFallbackMarkupSanitizer();
    expect(sanitize(html)).toBe(safe);
  });
});
