/** Multipart uploads over real HTTP, and test images made with sharp (the server's own decoder). */
import sharp from 'sharp';

export interface UploadPart {
  name?: string;
  filename: string;
  body: Buffer | string;
  type?: string;
}

export async function upload<T = unknown>(
  url: string,
  path: string,
  token: string | undefined,
  parts: UploadPart[],
): Promise<{ status: number; body: T; headers: Headers }> {
  const form = new FormData();
  for (const part of parts)
    form.append(
      part.name ?? 'file',
      new Blob([typeof part.body === 'string' ? part.body : new Uint8Array(part.body)], { type: part.type ?? 'application/octet-stream' }),
      part.filename,
    );
  const res = await fetch(`${url}/api/v1/${path}`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

/** A jpeg of the given size with a red left half and a blue right half, optionally with an EXIF orientation and a copyright line. */
export async function testJpeg(width: number, height: number, options: { orientation?: number } = {}): Promise<Buffer> {
  const left = await sharp({ create: { width: Math.floor(width / 2), height, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  let image = sharp({ create: { width, height, channels: 3, background: '#0000ff' } }).composite([{ input: left, left: 0, top: 0 }]);
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation }).withExifMerge({ IFD0: { Copyright: 'secret camera owner' } });
  return image.jpeg({ quality: 90 }).toBuffer();
}

export async function testPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

export async function fetchBytes(url: string, headers: Record<string, string> = {}): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const res = await fetch(url, { headers });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}
