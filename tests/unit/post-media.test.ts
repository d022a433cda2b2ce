import { describe, expect, it } from 'vitest';
import { mediumAllowed, postMediaProblem } from '../../engine/core/communications';
import { mediumOfUrl } from '../../engine/react/communications/PostEditor';

describe('post media sources', () => {
  it('a URL added as a medium is a video, a drive document, or a plain web link', () => {
    expect(mediumOfUrl('https://youtu.be/abcdefghijk')).toEqual({ type: 'video', source: 'youtube', url: 'https://youtu.be/abcdefghijk' });
    expect(mediumOfUrl('https://drive.google.com/file/d/1')).toEqual({ type: 'document', source: 'googleDrive', url: 'https://drive.google.com/file/d/1' });
    expect(mediumOfUrl('https://example.org/notes')).toEqual({ type: 'link', source: 'web', url: 'https://example.org/notes' });
  });

  it('a web source is a link to any https address, never another type', () => {
    expect(postMediaProblem({ type: 'link', source: 'web', url: 'https://example.org/' }, 0)).toBeNull();
    expect(postMediaProblem({ type: 'link', source: 'web', url: 'http://example.org/' }, 0)).toBe('media 1: only https addresses');
    expect(postMediaProblem({ type: 'video', source: 'web', url: 'https://example.org/v.mp4' }, 1)).toBe('media 2: a web address is a link');
  });

  it('blocks whose sources predate the web source still take links; types still rule', () => {
    const before = ['local', 'youtube', 'googleDrive', 'oneDrive', 'vimeo'];
    expect(mediumAllowed({ type: 'link', source: 'web' }, ['image', 'link'], before)).toBe(true);
    expect(mediumAllowed({ type: 'link', source: 'web' }, ['image'], before)).toBe(false);
    expect(mediumAllowed({ type: 'video', source: 'vimeo' }, undefined, ['local'])).toBe(false);
    expect(mediumAllowed({ type: 'video', source: 'vimeo' }, undefined, undefined)).toBe(true);
  });
});
