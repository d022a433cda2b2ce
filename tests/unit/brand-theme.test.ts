/** engine/core/brand-theme: the global CSS policy, the brand colour check and the contrast warnings. */
import { describe, expect, it } from 'vitest';
import { brandColourErrors, brandContrastWarnings, GLOBAL_CSS_MAX, globalCssProblem } from '../../engine/core/brand-theme';

describe('globalCssProblem', () => {
  it('accepts plain CSS, same-origin media and imports', () => {
    expect(globalCssProblem('')).toBeNull();
    expect(globalCssProblem('body { color: #111; }\n.a { background: url("/api/v1/files/download/x?w=100"); }')).toBeNull();
    expect(globalCssProblem('@import "/api/v1/service/brands/1/theme.css";')).toBeNull();
  });
  it.each([
    ['@import url(https://evil.example/a.css);', 'evil.example'],
    ['@import "//evil.example/a.css";', 'evil.example'],
    ['@import url(/api/v1/x) ; @import;', '@import must name'],
    ['a { b: expression(alert(1)) }', 'expression'],
    ['a { b: EXPRESSION (1) }', 'expression'],
    ['a { background: url(data:image/png;base64,AAA) }', 'data:image'],
    ['a { background: url(/app/icon.svg) }', '/app/icon.svg'],
    ['a { background: url(javascript:alert(1)) }', 'javascript'],
    ['a { background: url(/api/v1/x }', 'unclosed'],
    ['a { background: image-set("https://evil.example/a.png" 1x) }', 'image-set'],
    ['a { content: "</STYLE>" }', '</style'],
    ['a { background: \\75rl(https://evil.example) }', 'backslash'],
    ['/* @import */ a { background: url(https://evil.example) }', 'evil.example'],
  ])('refuses %s naming %s', (css, named) => {
    expect(globalCssProblem(css)).toContain(named);
  });
  it('caps the size', () => {
    expect(globalCssProblem('a'.repeat(GLOBAL_CSS_MAX + 1))).toContain(String(GLOBAL_CSS_MAX));
  });
});

describe('brand colours', () => {
  it('refuses what is not a hex colour, for the brand variables only', () => {
    expect(brandColourErrors([{ rule: ':root', values: { '--primary': '#abc', '--header-background': '#aabbcc', '--other': 'red' } }])).toEqual([]);
    expect(brandColourErrors([{ rule: ':root', values: { '--primary': 'red' } }])[0]).toContain('--primary');
  });
  it('warns where text or primary falls short of 4.5:1', () => {
    expect(brandContrastWarnings({ '--primary': '#1f5fbf', '--header-background': '#0f4c5c', '--primary-dark': '#9fc2ff' })).toEqual([]);
    const warnings = brandContrastWarnings({ '--primary': '#ffff00', '--primary-dark': '#202020', '--header-background': '#777777' });
    expect(warnings.map((w) => [w.variable, w.against])).toEqual([
      ['--header-background', 'text'],
      ['--primary', 'page'],
      ['--primary-dark', 'page'],
    ]);
    expect(warnings.every((w) => w.ratio < 4.5)).toBe(true);
  });
});
