/** The web app manifest (spec 1): start at root, standalone, background and theme colours. Written to dist/app/manifest.webmanifest by the build. */
export const MANIFEST_FILE = 'manifest.webmanifest';
export const THEME_COLOUR = '#3b5bdb';
export const BACKGROUND_COLOUR = '#ffffff';

export function webManifest(name = 'Tessera') {
  return {
    name,
    short_name: name,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: BACKGROUND_COLOUR,
    theme_color: THEME_COLOUR,
    icons: [{ src: '/app/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  } as const;
}
