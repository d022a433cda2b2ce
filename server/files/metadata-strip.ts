/**
 * Location and other metadata taken out of files the image pipeline does not re-encode (issue 36):
 * SVG `<metadata>` elements, MP4/QuickTime location atoms (`©xyz`, the `com.apple.quicktime.location.*`
 * keys), and text and EXIF chunks of the PNG images inside an ICO. Each rewrite keeps every byte
 * offset (a box or chunk becomes padding of the same length), so nothing that points into the file
 * moves. Linear scans only; a file too broken to walk is left as it is (it is served as sent).
 */
import fs from 'node:fs';
import { ICON_MIME, SVG_MIME } from '../../engine/core/files';

const MP4_MIMES = new Set(['video/mp4', 'video/quicktime', 'video/x-m4v', 'video/3gpp', 'video/3gpp2', 'audio/mp4', 'audio/x-m4a']);
/** A `moov` box larger than this is not read into memory (it never is, for a real file of our upload size). */
const MAX_MOOV_BYTES = 64 * 1024 * 1024;

/** Strips what the file's type allows, in place; true when the file changed. */
export async function stripFileMetadata(file: string, mime: string): Promise<boolean> {
  if (mime === SVG_MIME) {
    const text = await fs.promises.readFile(file, 'utf8');
    const stripped = stripSvgMetadata(text);
    if (stripped === text) return false;
    await fs.promises.writeFile(file, stripped);
    return true;
  }
  if (mime === ICON_MIME || mime === 'image/vnd.microsoft.icon') {
    const bytes = await fs.promises.readFile(file);
    if (!stripIcoMetadata(bytes)) return false;
    await fs.promises.writeFile(file, bytes);
    return true;
  }
  if (MP4_MIMES.has(mime)) return stripMp4File(file);
  return false;
}

async function stripMp4File(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r+');
  try {
    const total = (await handle.stat()).size;
    const head = Buffer.alloc(16);
    for (let at = 0; at + 8 <= total;) {
      await handle.read(head, 0, 16, at);
      let size = head.readUInt32BE(0);
      if (size === 1) size = Number(head.readBigUInt64BE(8));
      else if (size === 0) size = total - at;
      if (size < 8 || at + size > total) return false;
      if (head.toString('latin1', 4, 8) === 'moov') {
        if (size > MAX_MOOV_BYTES) return false;
        const moov = Buffer.alloc(size);
        await handle.read(moov, 0, size, at);
        if (!stripMp4Location(moov)) return false;
        await handle.write(moov, 0, size, at);
        return true;
      }
      at += size;
    }
    return false;
  } finally {
    await handle.close();
  }
}

/** The SVG text without `<metadata>` elements (any namespace prefix); an unclosed one takes the rest. */
export function stripSvgMetadata(svg: string): string {
  const lower = svg.toLowerCase();
  let out = '';
  let from = 0;
  const open = /<([a-z_][\w.-]*:)?metadata[\s/>]/g;
  for (let m = open.exec(lower); m; m = open.exec(lower)) {
    out += svg.slice(from, m.index);
    const tagEnd = lower.indexOf('>', m.index);
    if (tagEnd === -1) return out;
    if (lower.charAt(tagEnd - 1) === '/') from = tagEnd + 1;
    else {
      const closeTag = `</${m[1] ?? ''}metadata`;
      const close = lower.indexOf(closeTag, tagEnd);
      if (close === -1) return out;
      const closeEnd = lower.indexOf('>', close);
      if (closeEnd === -1) return out;
      from = closeEnd + 1;
    }
    open.lastIndex = from;
  }
  return out + svg.slice(from);
}

const CONTAINERS = new Set(['moov', 'udta', 'trak', 'mdia', 'minf', 'meta', 'ilst']);
const LOCATION_ATOMS = new Set(['\u00a9xyz', 'loci']);

/** Blanks a box into `free` padding of the same size. */
function blank(buf: Buffer, at: number, size: number, header: number): void {
  buf.write('free', at + 4, 'latin1');
  buf.fill(0, at + header, at + size);
}

/**
 * Blanks the location boxes inside an MP4/QuickTime `moov` box (given whole, from its header on):
 * udta `©xyz` and `loci`, and the ilst items whose `keys` entry names a location. True when any went.
 */
export function stripMp4Location(moov: Buffer): boolean {
  let changed = false;
  const walk = (start: number, end: number, locationKeys: Set<number>) => {
    let keys = locationKeys;
    for (let at = start; at + 8 <= end;) {
      let size = moov.readUInt32BE(at);
      const type = moov.toString('latin1', at + 4, at + 8);
      let header = 8;
      if (size === 1) {
        if (at + 16 > end) return;
        size = Number(moov.readBigUInt64BE(at + 8));
        header = 16;
      } else if (size === 0) size = end - at;
      if (size < header || at + size > end) return; // broken: leave the rest as it is
      if (LOCATION_ATOMS.has(type) || (keys.size && keys.has(moov.readUInt32BE(at + 4)))) {
        blank(moov, at, size, header);
        changed = true;
      } else if (type === 'keys') keys = locationKeyIndexes(moov, at + header, at + size);
      else if (CONTAINERS.has(type)) {
        // `meta` is a full box (4 bytes of version and flags) in MP4, a plain one in QuickTime.
        const inner = type === 'meta' && moov.readUInt32BE(at + header) === 0 ? header + 4 : header;
        walk(at + inner, at + size, keys);
      }
      at += size;
    }
  };
  walk(8, moov.length, new Set());
  return changed;
}

/** The 1-based indexes of `keys` entries naming a location (ilst items are typed by index). */
function locationKeyIndexes(buf: Buffer, start: number, end: number): Set<number> {
  const found = new Set<number>();
  if (start + 8 > end) return found;
  const count = buf.readUInt32BE(start + 4);
  let at = start + 8;
  for (let i = 1; i <= count && at + 8 <= end; i++) {
    const size = buf.readUInt32BE(at);
    if (size < 8 || at + size > end) break;
    if (/location/i.test(buf.toString('latin1', at + 8, at + size))) found.add(i);
    at += size;
  }
  return found;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_METADATA = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME']);
/** Ancillary, private, safe to copy: every decoder skips it. */
const PNG_PADDING = 'stRp';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Blanks EXIF and text chunks of the PNG images an ICO holds (BMP images carry none). True when any went. */
export function stripIcoMetadata(ico: Buffer): boolean {
  if (ico.length < 6 || ico.readUInt16LE(0) !== 0 || ico.readUInt16LE(2) !== 1) return false;
  let changed = false;
  const count = ico.readUInt16LE(4);
  for (let i = 0; i < count && 6 + 16 * (i + 1) <= ico.length; i++) {
    const entry = 6 + 16 * i;
    const size = ico.readUInt32LE(entry + 8);
    const offset = ico.readUInt32LE(entry + 12);
    if (offset + size > ico.length || !ico.subarray(offset, offset + 8).equals(PNG_SIGNATURE)) continue;
    for (let at = offset + 8; at + 12 <= offset + size;) {
      const length = ico.readUInt32BE(at);
      if (at + 12 + length > offset + size) break;
      if (PNG_METADATA.has(ico.toString('latin1', at + 4, at + 8))) {
        ico.write(PNG_PADDING, at + 4, 'latin1');
        ico.fill(0, at + 8, at + 8 + length);
        ico.writeUInt32BE(crc32(ico.subarray(at + 4, at + 8 + length)), at + 8 + length);
        changed = true;
      }
      at += 12 + length;
    }
  }
  return changed;
}
