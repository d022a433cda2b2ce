import { describe, expect, it } from 'vitest';
import { brandTokens, contrast, legibleOn, parseRgb, textOn, type Rgb } from '../../web/theme/brand-tokens';

const white: Rgb = [255, 255, 255];
const dark: Rgb = [17, 20, 24];

describe('brand tokens: brand colours made legible', () => {
  it('parses the colours getComputedStyle reports, and hex', () => {
    expect(parseRgb('rgb(90, 24, 154)')).toEqual([90, 24, 154]);
    expect(parseRgb('rgba(90, 24, 154, 0.5)')).toEqual([90, 24, 154]);
    expect(parseRgb('#0f4c5c')).toEqual([15, 76, 92]);
    expect(parseRgb('#fff')).toEqual([255, 255, 255]);
    expect(parseRgb('rgba(0, 0, 0, 0)')).toBeNull();
    expect(parseRgb('oklch(0.5 0.1 200)')).toBeNull();
    expect(parseRgb('')).toBeNull();
  });

  it('picks white text on a dark header and dark text on a light one', () => {
    expect(textOn([15, 76, 92])).toEqual(white);
    expect(textOn([230, 241, 243])).toEqual(dark);
  });

  it('keeps an accent that reads and darkens or lightens one that does not, just enough', () => {
    expect(legibleOn([31, 95, 191], [white])).toEqual([31, 95, 191]);
    const orange: Rgb = [227, 100, 20];
    expect(contrast(orange, white)).toBeLessThan(4.5);
    const onLight = legibleOn(orange, [white, [246, 247, 249]]);
    expect(contrast(onLight, [246, 247, 249])).toBeGreaterThanOrEqual(4.5);
    expect(onLight[0]).toBeGreaterThan(onLight[2]); // still orange
    const blue: Rgb = [31, 95, 191];
    const onDark = legibleOn(blue, [[17, 20, 24]]);
    expect(contrast(onDark, [17, 20, 24])).toBeGreaterThanOrEqual(4.5);
    expect(onDark[2]).toBeGreaterThan(blue[2]);
  });

  it('derives every text token from the mapped colours of a scheme', () => {
    expect(brandTokens({ bg: white, surface: [246, 247, 249], primary: [255, 0, 110], headerBg: [90, 24, 154], pageRowBg: [243, 232, 255] })).toEqual({
      '--ts-primary': expect.stringMatching(/^#[0-9a-f]{6}$/),
      '--ts-primary-text': '#ffffff',
      '--ts-header-text': '#ffffff',
      '--ts-page-row-text': '#111418',
    });
  });
});
