/**
 * File rules shared by the server's file store and the app (spec core 3 File and Image options,
 * 5.2 Files, 9 upload constants; community 3 File, 5): what a detected type is accepted as, how
 * sizes are labelled, which image options apply, and the crop that keeps a focal point in view.
 * Pure: types are detected from content elsewhere (the server reads magic bytes).
 */
import {
  BYTE_LABEL_GIGABYTE_FROM,
  BYTE_LABEL_MEGABYTE_FROM,
  FOCAL_POINT_DEFAULT,
  IMAGE_UPLOAD_DEFAULT,
  IMAGE_UPLOAD_MAX,
  UPLOAD_ACCEPTED_TYPES,
} from './constants';
import type { Field, Id, JsonValue } from '../../schemas/model';

export type FileKind = 'image' | 'video' | 'audio' | 'document';

/** What content detection found: a mime type and its usual extension. */
export interface DetectedType {
  mime: string;
  ext: string;
}

export interface AcceptedFile {
  kind: FileKind;
  mime: string;
}

/** Raster formats the image pipeline decodes and re-encodes (what sharp's prebuilt binary reads). */
export const RASTER_IMAGE_MIMES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/tiff'] as const;
export const SVG_MIME = 'image/svg+xml';
/** Icons (favicons): browsers draw them, the image pipeline cannot decode them; kept as sent, like SVG. */
export const ICON_MIME = 'image/x-icon';
const ICON_MIMES = new Set([ICON_MIME, 'image/vnd.microsoft.icon']);

/** Whether thumbnails can be made of a stored image of this type (raster and SVG; not icons). */
export function canMakeThumbnails(mime: string): boolean {
  return (RASTER_IMAGE_MIMES as readonly string[]).includes(mime) || mime === SVG_MIME;
}

/** Audio extensions of spec 9 as content detection names them (mpeg is mp3). */
const AUDIO_EXTENSIONS: Record<string, string> = { flac: 'flac', ogg: 'ogg', aac: 'aac', wav: 'wav', mpeg: 'mp3', m4a: 'm4a' };
const ACCEPTED_AUDIO = new Set(UPLOAD_ACCEPTED_TYPES.audio.map((name) => AUDIO_EXTENSIONS[name]));
/** Legacy Office files are one container format (CFB); the name's extension says which. */
const LEGACY_OFFICE: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};
const ACCEPTED_DOCUMENTS = new Set<string>(UPLOAD_ACCEPTED_TYPES.documents.filter((ext) => !(ext in LEGACY_OFFICE)));

/** Lower-case extension of a file name, or ''. */
export function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(name);
  return match ? match[1].toLowerCase() : '';
}

/**
 * The kind a file is accepted as, from its detected content (never the client's name or type,
 * except to tell the three legacy Office formats apart once the content is known to be one),
 * or undefined when spec 9 does not accept it. `imagesOnly` is the image-only limit of 5.2.
 */
export function acceptedFile(detected: DetectedType | undefined, fileName: string, imagesOnly = false): AcceptedFile | undefined {
  if (!detected) return undefined;
  const { mime, ext } = detected;
  if ((RASTER_IMAGE_MIMES as readonly string[]).includes(mime) || mime === SVG_MIME) return { kind: 'image', mime };
  if (ICON_MIMES.has(mime)) return { kind: 'image', mime: ICON_MIME };
  if (imagesOnly) return undefined;
  if (mime.startsWith('video/')) return { kind: 'video', mime };
  if (ACCEPTED_AUDIO.has(ext)) return { kind: 'audio', mime };
  if (ACCEPTED_DOCUMENTS.has(ext)) return { kind: 'document', mime };
  if (ext === 'cfb') {
    const legacy = LEGACY_OFFICE[extensionOf(fileName)];
    if (legacy) return { kind: 'document', mime: legacy };
  }
  return undefined;
}

/** A size in bytes as the asset manager and the uploader show it: GB from 1 GiB, else MB (spec 9 byte labels). */
export function formatByteSize(bytes: number): { value: number; unit: 'MB' | 'GB' } {
  if (bytes >= BYTE_LABEL_GIGABYTE_FROM) return { value: Math.round((bytes / BYTE_LABEL_GIGABYTE_FROM) * 100) / 100, unit: 'GB' };
  const megabyte = BYTE_LABEL_MEGABYTE_FROM / 200;
  return { value: Math.round((bytes / megabyte) * 100) / 100, unit: 'MB' };
}

/** Image options of spec 3, as a field or a call gives them (all optional). */
export interface ImageOptions {
  width?: number;
  height?: number;
  /** 0..1; spec 9 default 1. */
  quality?: number;
  type?: 'jpeg' | 'png';
}

export interface ResolvedImageOptions {
  width: number;
  height: number;
  quality: number;
  type: 'jpeg' | 'png';
}

/** Options with the spec 9 defaults, clamped to the maximum upload size and a sane quality. */
export function resolveImageOptions(options: ImageOptions = {}, defaults: { width: number; height: number } = IMAGE_UPLOAD_MAX): ResolvedImageOptions {
  const dimension = (value: number | undefined, fallback: number, max: number) =>
    typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.min(Math.round(value), max) : fallback;
  const quality = typeof options.quality === 'number' && options.quality > 0 && options.quality <= 1 ? options.quality : IMAGE_UPLOAD_DEFAULT.quality;
  return {
    width: dimension(options.width, defaults.width, IMAGE_UPLOAD_MAX.width),
    height: dimension(options.height, defaults.height, IMAGE_UPLOAD_MAX.height),
    quality,
    type: options.type === 'png' ? 'png' : 'jpeg',
  };
}

export interface FocalPoint {
  /** Percent from the left, 0..100. */
  x: number;
  /** Percent from the top, 0..100. */
  y: number;
}

/** A stored focal point read tolerantly: anything but two numbers in 0..100 is the default 50/50. */
export function focalPointOf(value: unknown): FocalPoint {
  const v = value as { x?: unknown; y?: unknown } | null | undefined;
  const ok = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 100;
  return v && ok(v.x) && ok(v.y) ? { x: v.x, y: v.y } : { ...FOCAL_POINT_DEFAULT };
}

export interface CropRegion {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The largest region of `ratio` (width / height) inside a width x height image, placed so the
 * focal point is as near its centre as the edges allow.
 */
export function cropToRatio(width: number, height: number, ratio: number, focal: FocalPoint = FOCAL_POINT_DEFAULT): CropRegion {
  const cropWidth = Math.min(width, Math.round(height * ratio));
  const cropHeight = Math.min(height, Math.round(cropWidth / ratio));
  const centre = (size: number, crop: number, percent: number) => Math.min(Math.max(Math.round((size * percent) / 100 - crop / 2), 0), size - crop);
  return { left: centre(width, cropWidth, focal.x), top: centre(height, cropHeight, focal.y), width: cropWidth, height: cropHeight };
}

/** Ratios a media URL may crop a thumbnail to (spec 3 thumbnail aspect ratios), by their query name. */
export const THUMBNAIL_RATIOS: Record<string, number> = { '16:9': 16 / 9, '3:2': 3 / 2, '1:1': 1 };

/** The profile field holding a member's avatar (a file id); only the account owner changes it (spec core 1). */
export const AVATAR_FIELD = 'avatar';

/** Field types whose values are file ids (a list for files, one id or null for imageUploader). */
export const FILE_FIELD_TYPES: readonly string[] = ['files', 'imageUploader'];

/** The file ids one file field's value holds, read tolerantly (anything but non-empty strings is skipped). */
export function fileIdsOf(value: JsonValue | undefined): Id[] {
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v !== '');
}

/** The file ids a form's values hold in its files and imageUploader fields, by field name. */
export function formFileIds(
  fields: readonly (Field | undefined)[],
  values: Record<string, JsonValue | undefined>,
  nameOf: (field: Field) => string,
): Map<string, Id[]> {
  const ids = new Map<string, Id[]>();
  for (const field of fields) {
    if (!field || !FILE_FIELD_TYPES.includes(field.type)) continue;
    const name = nameOf(field);
    const held = fileIdsOf(values[name]);
    if (held.length) ids.set(name, held);
  }
  return ids;
}

export type UploadCategory = keyof typeof UPLOAD_ACCEPTED_TYPES;

/**
 * The accepted types of some upload categories (spec 9) as a file input's `accept` list and the
 * file_types rule read it: mime patterns for images and videos, extensions for the rest
 * (mpeg audio is named as its mime type too, since mp3 files carry no `.mpeg`).
 */
export function acceptListOf(categories: readonly UploadCategory[]): string[] {
  return categories.flatMap((category) =>
    (UPLOAD_ACCEPTED_TYPES[category] as readonly string[]).flatMap((type) =>
      type.includes('/') ? [type] : type === 'mpeg' ? ['audio/mpeg', '.mp3'] : [`.${type}`],
    ),
  );
}

/** The smaller of a configured limit and the server's (either may be absent), in bytes. */
export function effectiveMaxBytes(configured: number | undefined, server: number | undefined): number | undefined {
  const limits = [configured, server].filter((n): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0);
  return limits.length ? Math.min(...limits) : undefined;
}

/** A percentage kept in 0..100, whole. */
export const clampPercent = (n: number) => Math.min(100, Math.max(0, Math.round(n)));

/** The focal point where a click falls on a picture's box (percent of its width and height), or undefined for an empty box. */
export function focalPointAt(box: { left: number; top: number; width: number; height: number }, clientX: number, clientY: number): FocalPoint | undefined {
  if (!box.width || !box.height) return undefined;
  return { x: clampPercent(((clientX - box.left) / box.width) * 100), y: clampPercent(((clientY - box.top) / box.height) * 100) };
}

const FOCAL_KEYS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** The focal point an arrow key moves to (1 % a press, kept inside the picture), or undefined for any other key. */
export function focalPointAfterKey(point: FocalPoint, key: string): FocalPoint | undefined {
  const move = FOCAL_KEYS[key];
  return move ? { x: clampPercent(point.x + move[0]), y: clampPercent(point.y + move[1]) } : undefined;
}
