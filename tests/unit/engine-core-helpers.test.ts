import { describe, expect, it } from 'vitest';
import {
  checkColumnWidths,
  checkExternalUrl,
  childrenByColumn,
  decideBlockAvailability,
  fillTemplatePlaceholders,
  formatProfileName,
  formatTabParam,
  initialsColourClass,
  initialsFontSizePx,
  mediaUrl,
  modalDismissAction,
  modalWidthPx,
  parseTabParam,
  selectedTabHash,
  profileInitials,
  resolveQrSettings,
  shouldAutoOpenModal,
  snapThumbWidth,
  templatePlaceholders,
  timestampToMs,
} from '../../engine/core';

describe('media URLs', () => {
  it('builds /api/v1/{kind}/{id} with token, cors, thumb, snapped width and timestamp', () => {
    expect(mediaUrl({ kind: 'image', id: 42, token: 'tok' })).toBe('/api/v1/image/42?token=tok');
    expect(mediaUrl({ kind: 'video', id: 'a b', token: 't', cors: true })).toBe('/api/v1/video/cors/a%20b?token=t');
    expect(mediaUrl({ kind: 'image', id: 1, token: 't', thumb: true, width: 301, timestamp: 99 })).toBe(
      '/api/v1/image/1?token=t&thumb=true&width=500&timestamp=99',
    );
    expect(mediaUrl({ kind: 'image', id: 1, token: 't', width: 2000 })).toBe('/api/v1/image/1?token=t');
  });
  it('gives the placeholder (or nothing) without a token or an id', () => {
    expect(mediaUrl({ kind: 'image', id: 1, token: '', placeholder: '/p.svg' })).toBe('/p.svg');
    expect(mediaUrl({ kind: 'document', id: null, token: 't' })).toBeUndefined();
  });
  it('snaps widths up to 56, 100, 250, 300, 500, 600, 900, 1920 or full', () => {
    expect([1, 56, 57, 250, 899, 901, 1920, 1921].map(snapThumbWidth)).toEqual([56, 56, 100, 250, 900, 1920, 1920, undefined]);
  });
});

describe('templates and timestamps', () => {
  it('recognises ${...} placeholders without braces or angle brackets', () => {
    expect(templatePlaceholders('Hi ${first} ${last} ${first} ${<b>} ${}')).toEqual(['first', 'last']);
    expect(fillTemplatePlaceholders('Hi ${first} ${unknown}', { first: 'Ada' })).toBe('Hi Ada ${unknown}');
  });
  it('reads 13 digits or more as milliseconds, fewer as seconds', () => {
    expect(timestampToMs(1700000000000)).toBe(1700000000000);
    expect(timestampToMs('1700000000')).toBe(1700000000000);
    expect(timestampToMs('abc')).toBeUndefined();
    expect(timestampToMs(Infinity)).toBeUndefined();
  });
});

describe('profile names and initials', () => {
  const ada = { first: 'ada', middle: 'king', last: 'Lovelace' };
  it('formats f F m M l L', () => {
    expect(formatProfileName(ada, 'F L')).toBe('ada Lovelace');
    expect(formatProfileName(ada, 'F m L')).toBe('ada K. Lovelace');
    expect(formatProfileName(ada, 'f l')).toBe('A. L.');
    expect(formatProfileName({ first: 'Ada', last: 'Lovelace' }, 'F M L')).toBe('Ada Lovelace');
  });
  it('sizes and colours initials', () => {
    expect(profileInitials(ada)).toBe('AL');
    expect(initialsFontSizePx(85)).toBeCloseTo(50);
    expect(initialsFontSizePx(320)).toBe(80);
    expect(initialsFontSizePx(160)).toBe(50);
    // Two letters stay inside the circle: under 100 px the spec's size is cut to fit (issue 35, item 7).
    for (const px of [40, 64, 85, 112, 320]) expect(2 * 0.95 * initialsFontSizePx(px, 2)).toBeLessThanOrEqual(px * 0.74 + 1e-9);
    expect(initialsFontSizePx(160, 2)).toBe(50);
    expect(initialsColourClass('1234')).toBe(4);
    expect(initialsColourClass('abc')).toBeGreaterThanOrEqual(0);
  });
});

describe('layout, availability, modals, tabs, QR, URLs', () => {
  it('groups children by column, col-0 by default', () => {
    expect(childrenByColumn(['a', 'b', 'c'], { 'col-1': ['b', 'zz'] })).toEqual([['a', 'c'], ['b']]);
    expect(childrenByColumn('junk', 5)).toEqual([[]]);
  });
  it('checks column widths: at most 12, summing to 12', () => {
    expect(checkColumnWidths([6, 6], 2)).toEqual({ ok: true, widths: [6, 6] });
    expect(checkColumnWidths([6, 5], 2)).toMatchObject({ ok: false, problem: 'sum' });
    expect(checkColumnWidths(Array(13).fill(1), 13)).toMatchObject({ ok: false, problem: 'tooMany' });
    expect(checkColumnWidths(undefined, 5)).toEqual({ ok: true, widths: [3, 3, 2, 2, 2] });
  });
  it('decides availability by required power-ups', () => {
    expect(decideBlockAvailability(['join'], undefined)).toMatchObject({ available: false, reason: 'missingData' });
    expect(decideBlockAvailability(['join'], { id: 'e', title: 't', powerUps: [] })).toMatchObject({
      available: false,
      reason: 'missingDefinition',
      missing: ['join'],
    });
    expect(decideBlockAvailability(['join'], { id: 'e', title: 't', powerUps: ['join'] })).toEqual({ available: true });
  });
  it('applies the modal rules', () => {
    expect(shouldAutoOpenModal({}, undefined)).toBe(true);
    expect(shouldAutoOpenModal({ noAutoOpen: true }, undefined)).toBe(false);
    expect(shouldAutoOpenModal({}, { shown: true })).toBe(false);
    expect(shouldAutoOpenModal({ showOnce: false }, { shown: true })).toBe(true);
    expect(shouldAutoOpenModal({ requiresAgreeing: true }, { shown: true, agreed: false })).toBe(true);
    expect(shouldAutoOpenModal({ requiresAgreeing: true }, { agreed: true })).toBe(false);
    expect([modalWidthPx(undefined), modalWidthPx({ size: 'large' }), modalWidthPx({ width: 420 })]).toEqual([700, 900, 420]);
    const facts = { editMode: false, hasPreviousTab: false, hasHistory: false, canLogout: true };
    expect(modalDismissAction({ requiresAgreeing: true }, facts)).toBe('logout');
    expect(modalDismissAction({ requiresAgreeing: true }, { ...facts, canLogout: false })).toBe('reopen');
    expect(modalDismissAction({ requiresAgreeing: true }, { ...facts, editMode: true })).toBe('close');
  });
  it('round-trips the tab parameter', () => {
    const sel = parseTabParam('b1_t2,bad pair,b2_t9');
    expect([...sel]).toEqual([
      ['b1', 't2'],
      ['b2', 't9'],
    ]);
    expect(formatTabParam(sel)).toBe('b1_t2,b2_t9');
    // A tab named alone (docs/demo.md's ?tab=textiles) selects it in the block that has it; a pair wins.
    expect(selectedTabHash('textiles', 'groups-tabs', ['woodwork', 'electronics', 'textiles'])).toBe('textiles');
    expect(selectedTabHash('textiles', 'other', ['a', 'b'])).toBeUndefined();
    expect(selectedTabHash('textiles,groups-tabs_electronics', 'groups-tabs', ['woodwork', 'electronics', 'textiles'])).toBe('electronics');
  });
  it('resolves QR settings with the defaults and capacities', () => {
    expect(resolveQrSettings({ value: 'x' })).toEqual({
      ok: true,
      settings: { value: 'x', level: 'L', background: '#ffffff', foreground: '#000000', size: 100 },
    });
    expect(resolveQrSettings({ value: 'x'.repeat(1001), level: 'Q' })).toEqual({ ok: false, problem: 'tooLong', capacity: 1000 });
  });
  it('accepts only http(s) URLs with a host', () => {
    expect(checkExternalUrl('https://a.example/x').ok).toBe(true);
    expect(checkExternalUrl('http://a.example', { httpsOnly: true })).toEqual({ ok: false, problem: 'protocol' });
    expect(checkExternalUrl('javascript:alert(1)')).toEqual({ ok: false, problem: 'protocol' });
  });
});
