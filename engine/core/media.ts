/** Media URLs (spec core 3 'Media URLs'): /api/v1/{kind}/{id}, with cors, token, thumb, snapped width and timestamp. */
import { MEDIA_THUMB_WIDTHS } from './constants';
import { AVATAR_FIELD } from './files';

export type MediaKind = 'image' | 'video' | 'audio' | 'document';

export interface MediaUrlOptions {
  kind: MediaKind;
  id?: string | number | null;
  /** The user's image access token; without it there is no URL. */
  token?: string | null;
  /** The cors variant of the path, for canvases and cross-origin fetches. */
  cors?: boolean;
  thumb?: boolean;
  /** Requested display width; snaps up to the next allowed thumbnail width, or the full image. */
  width?: number;
  /** Crop to one of the thumbnail ratios (spec 3: 16:9, 3:2, 1:1) around the file's focal point. */
  ratio?: '16:9' | '3:2' | '1:1';
  /** Cache-busting timestamp. */
  timestamp?: number;
  /** Returned when there is no token or no id (undefined: nothing). */
  placeholder?: string;
  /** API base, `/api/v1` by default. */
  base?: string;
}

/** The smallest allowed width at or above `width`, or undefined for the full image. */
export function snapThumbWidth(width: number): number | undefined {
  if (!Number.isFinite(width) || width <= 0) return undefined;
  return MEDIA_THUMB_WIDTHS.find((allowed) => allowed >= width);
}

export function mediaUrl(options: MediaUrlOptions): string | undefined {
  const { kind, id, token } = options;
  if (id === undefined || id === null || id === '' || !token) return options.placeholder;
  const path = `${options.base ?? '/api/v1'}/${kind}/${options.cors ? 'cors/' : ''}${encodeURIComponent(String(id))}`;
  const query = new URLSearchParams({ token });
  if (options.thumb) query.set('thumb', 'true');
  if (options.width !== undefined) {
    const snapped = snapThumbWidth(options.width);
    if (snapped !== undefined) query.set('width', String(snapped));
  }
  if (options.ratio) query.set('ratio', options.ratio);
  if (options.timestamp !== undefined) query.set('timestamp', String(options.timestamp));
  return `${path}?${query.toString()}`;
}

/**
 * The favicon's address (spec 7.3: /api/v1/favicon/{timestamp}). The active brand's favicon id is
 * the timestamp: a new upload is a new id, so the browser asks again; without one the route answers
 * the product's icon.
 */
export function faviconUrl(faviconId: string | number | null | undefined, base = '/api/v1'): string {
  return `${base}/favicon/${faviconId === undefined || faviconId === null || faviconId === '' ? 'default' : encodeURIComponent(String(faviconId))}`;
}

/**
 * The media URL options of a member's avatar shown `px` wide: a square thumbnail cropped around
 * the focal point, at twice the size for sharp screens. Undefined when the profile values hold no
 * avatar (initials show instead).
 */
export function avatarMedia(values: Record<string, unknown> | undefined, px: number): MediaUrlOptions | undefined {
  const id = values?.[AVATAR_FIELD];
  return typeof id === 'string' && id ? { kind: 'image', id, thumb: true, width: px * 2, ratio: '1:1' } : undefined;
}

/** An image of our own media route as rich text stores it: `/api/v1/image/{id}`, no token (tokens expire). */
const STORED_IMAGE_SRC = /(<img\b[^>]*?\bsrc=")\/api\/v1\/image\/([0-9a-f-]{36})"/g;
/** The same image as shown, with the session's token and query (any origin prefix of `base`). */
const SHOWN_IMAGE_SRC = /(<img\b[^>]*?\bsrc=")[^"]*?\/api\/v1\/image\/([0-9a-f-]{36})\?[^"]*"/g;

/** The stored `src` of an uploaded image in rich text. */
export const storedImageSrc = (id: string) => `/api/v1/image/${id}`;

/** Rich text as shown: each stored own image gets a URL that works now (with the media token). */
export function showStoredImages(html: string, urlOf: (id: string) => string | undefined): string {
  return html.replace(STORED_IMAGE_SRC, (whole, start: string, id: string) => {
    const url = urlOf(id);
    return url ? `${start}${url.replace(/&/g, '&amp;')}"` : whole;
  });
}

/** Rich text as stored: shown own images go back to their token-free `src`. */
export function storeShownImages(html: string): string {
  return html.replace(SHOWN_IMAGE_SRC, (_whole, start: string, id: string) => `${start}${storedImageSrc(id)}"`);
}
