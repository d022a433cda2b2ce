/**
 * The image pipeline (sharp): every uploaded raster image is decoded and re-encoded, so EXIF
 * orientation is applied, metadata (location, camera) is dropped and a crafted file never reaches
 * a browser as sent. Thumbnails are made from the stored image at an allowed width, cropped to a
 * ratio around the focal point when asked.
 */
import sharp from 'sharp';
import { cropToRatio, type FocalPoint, type ResolvedImageOptions } from '../../engine/core/files';

/** Decoding bombs: refuse images beyond this many pixels before decoding them (about 100 megapixels). */
const MAX_INPUT_PIXELS = 100_000_000;

export interface EncodedImage {
  data: Buffer;
  mime: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

export class ImageRejected extends Error {}

/** Decodes `input` (a file path or bytes), orients, fits inside the options' box, strips metadata, encodes. */
export async function normaliseImage(input: string | Buffer, options: ResolvedImageOptions): Promise<EncodedImage> {
  try {
    let pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({ width: options.width, height: options.height, fit: 'inside', withoutEnlargement: true });
    pipeline =
      options.type === 'png'
        ? pipeline.png({ compressionLevel: 9 })
        : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: Math.max(1, Math.round(options.quality * 100)), mozjpeg: true });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, mime: options.type === 'png' ? 'image/png' : 'image/jpeg', width: info.width, height: info.height };
  } catch (error) {
    throw new ImageRejected(`the image could not be decoded: ${(error as Error).message}`);
  }
}

export interface ThumbnailRequest {
  width: number;
  /** width / height to crop to, around the focal point. */
  ratio?: number;
  focal: FocalPoint;
  /** Keep transparency (png sources stay png). */
  png: boolean;
}

/** A thumbnail of a stored image (already oriented by normaliseImage): never wider than the image itself. */
/** ImageRejected when the source cannot be drawn within the limits (an SVG declaring 100,000 x 100,000 px): the caller answers the placeholder. */
export async function makeThumbnail(source: Buffer, request: ThumbnailRequest): Promise<EncodedImage> {
  try {
    let image = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    if (request.ratio) {
      const { width, height } = await image.metadata();
      if (width && height) image = image.extract(cropToRatio(width, height, request.ratio, request.focal));
    }
    image = image.resize({ width: request.width, withoutEnlargement: true });
    const encoded = request.png ? image.png() : image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, mime: request.png ? 'image/png' : 'image/jpeg', width: info.width, height: info.height };
  } catch (error) {
    throw new ImageRejected(`no thumbnail can be made: ${(error as Error).message}`);
  }
}

/** A plain grey image answered instead of a file when the media token is missing or wrong (spec 8). */
let placeholder: Promise<Buffer> | undefined;
export function placeholderImage(): Promise<Buffer> {
  placeholder ??= sharp({ create: { width: 1, height: 1, channels: 3, background: '#c8c8c8' } })
    .png()
    .toBuffer();
  return placeholder;
}
