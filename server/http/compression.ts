/**
 * How the server compresses answers built per request (JSON of the API). On answers of a few KB
 * brotli's cost is mostly setting up its window, not the quality: quality 2 with a window sized
 * to the answer costs much less than quality 4 with the default 4 MB window, for a few
 * percent more bytes, and is still smaller than gzip's default.
 * @fastify/compress applies these to every answer; the hot reads (init, page) send a `JsonAnswer`
 * instead, whose compressed bytes are made once per encoding and kept with the memoised answer;
 * init answers share their head, compressed once for everyone who sees the same (`headedAnswer`).
 */
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const DYNAMIC_BROTLI_QUALITY = 2;
export const DYNAMIC_GZIP_LEVEL = 6;
/** Answers smaller than this go out uncompressed (the headers would eat most of the gain). */
export const COMPRESS_THRESHOLD_BYTES = 2048;

export type AnswerEncoding = 'br' | 'gzip';

/** A JSON answer and its compressed forms, filled in on first use of each encoding. */
export interface JsonAnswer {
  json: string;
  encoded?: Partial<Record<AnswerEncoding, Buffer>>;
  /** Set when the answer is a shared head and its own tail (`json` is both): see `headedAnswer`. */
  head?: SharedHead;
  tail?: Buffer;
}

export function jsonAnswer(json: string): JsonAnswer {
  return { json };
}

/**
 * The beginning many answers share (e.g. the init answers of everyone who sees the same
 * structure, page, settings and language), compressed once per encoding and flushed to a byte
 * boundary without ending the stream.
 */
export interface SharedHead {
  json: string;
  bytes: Buffer;
  flushed: Partial<Record<AnswerEncoding, Buffer>>;
  crc?: number;
}

export function sharedHead(json: string): SharedHead {
  return { json, bytes: Buffer.from(json), flushed: {} };
}

/**
 * An answer made of a shared head and its own (short) tail. Compressed, it is the head's bytes
 * compressed once, then the tail as stored (uncompressed) blocks, then the end of the stream: a
 * valid brotli stream (RFC 7932 9.2, uncompressed meta-blocks) or gzip member (RFC 1951 stored
 * blocks, RFC 1952 trailer) of the whole answer, a little larger than compressing it whole, made
 * without compressing the head again.
 */
export function headedAnswer(head: SharedHead, tail: string): JsonAnswer {
  return { json: head.json + tail, head, tail: Buffer.from(tail) };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** Largest uncompressed meta-block (brotli) / stored block (deflate) written here. */
const BR_STORED_MAX = 65_536;
const DEFLATE_STORED_MAX = 65_535;

function encodeHeaded(head: SharedHead, tail: Buffer, encoding: AnswerEncoding): Buffer {
  const parts: Buffer[] = [];
  if (encoding === 'br') {
    parts.push(
      (head.flushed.br ??= zlib.brotliCompressSync(head.bytes, {
        params: brotliParams(head.bytes.length),
        finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
      })),
    );
    for (let at = 0; at < tail.length; at += BR_STORED_MAX) {
      const chunk = tail.subarray(at, at + BR_STORED_MAX);
      // ISLAST 0, MNIBBLES 0 (4 nibbles), MLEN-1 in 16 bits, ISUNCOMPRESSED 1, padding to the byte.
      const bits = ((chunk.length - 1) << 3) | (1 << 19);
      parts.push(Buffer.from([bits & 0xff, (bits >> 8) & 0xff, bits >> 16]), chunk);
    }
    parts.push(Buffer.from([0b11])); // ISLAST 1, ISLASTEMPTY 1
    return Buffer.concat(parts);
  }
  parts.push(GZIP_HEADER, (head.flushed.gzip ??= zlib.deflateRawSync(head.bytes, { level: DYNAMIC_GZIP_LEVEL, finishFlush: zlib.constants.Z_SYNC_FLUSH })));
  if (!tail.length) parts.push(Buffer.from([1, 0, 0, 0xff, 0xff]));
  for (let at = 0; at < tail.length; at += DEFLATE_STORED_MAX) {
    const chunk = tail.subarray(at, at + DEFLATE_STORED_MAX);
    const final = at + DEFLATE_STORED_MAX >= tail.length ? 1 : 0;
    const n = chunk.length;
    // BFINAL, BTYPE 00 (stored), padding to the byte; LEN and its one's complement, little-endian.
    parts.push(Buffer.from([final, n & 0xff, n >> 8, ~n & 0xff, (~n >> 8) & 0xff]), chunk);
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zlib.crc32(tail, (head.crc ??= zlib.crc32(head.bytes))), 0);
  trailer.writeUInt32LE((head.bytes.length + tail.length) >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/** Brotli parameters for a dynamic answer of `bytes`: the window fits the answer (16 to 22 bits). */
export function brotliParams(bytes: number): Record<number, number> {
  const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_LGWIN, BROTLI_PARAM_SIZE_HINT, BROTLI_PARAM_MODE, BROTLI_MODE_TEXT } = zlib.constants;
  const window = Math.min(22, Math.max(16, Math.ceil(Math.log2(bytes + 1))));
  return {
    [BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
    [BROTLI_PARAM_LGWIN]: window,
    [BROTLI_PARAM_SIZE_HINT]: bytes,
    [BROTLI_PARAM_MODE]: BROTLI_MODE_TEXT,
  };
}

const GZIP_OPTIONS = { level: DYNAMIC_GZIP_LEVEL };

export function compress(body: Buffer | string, encoding: AnswerEncoding): Buffer {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return encoding === 'br' ? zlib.brotliCompressSync(bytes, { params: brotliParams(bytes.length) }) : zlib.gzipSync(bytes, GZIP_OPTIONS);
}

/**
 * The encoding to answer with for an `accept-encoding` header: brotli before gzip, either only
 * when accepted with a q-value above 0 (`*` accepts both); undefined for identity.
 */
export function acceptedEncoding(header: string | string[] | undefined): AnswerEncoding | undefined {
  if (!header) return undefined;
  let br = false;
  let gzip = false;
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)).find(Boolean);
    if (q && !(Number(q[1]) > 0)) continue;
    const coding = name.trim().toLowerCase();
    if (coding === 'br' || coding === '*') br = true;
    if (coding === 'gzip' || coding === 'x-gzip' || coding === '*') gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : undefined;
}

/** Sends a JSON answer in the encoding the request accepts, compressing it at most once per encoding. */
export function sendJsonAnswer(req: FastifyRequest, reply: FastifyReply, answer: JsonAnswer): FastifyReply {
  reply.type('application/json; charset=utf-8');
  const encoding = req.headers['x-no-compression'] === undefined ? acceptedEncoding(req.headers['accept-encoding']) : undefined;
  reply.header('vary', 'accept-encoding');
  const bytes = answer.head ? answer.head.bytes.length + answer.tail!.length : Buffer.byteLength(answer.json);
  if (!encoding || bytes < COMPRESS_THRESHOLD_BYTES) return reply.send(answer.json);
  const encoded = (answer.encoded ??= {});
  const body = (encoded[encoding] ??= answer.head ? encodeHeaded(answer.head, answer.tail!, encoding) : compress(answer.json, encoding));
  // A Content-Encoding already set tells @fastify/compress to leave the bytes alone.
  return reply.header('content-encoding', encoding).send(body);
}
