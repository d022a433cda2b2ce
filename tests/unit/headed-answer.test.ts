/**
 * Answers made of a shared head (compressed once, flushed) and their own tail (stored blocks):
 * the bytes sent must be a complete brotli or gzip stream of the whole JSON, whatever the tail.
 */
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { headedAnswer, sendJsonAnswer, sharedHead } from '../../server/http/compression';

function sent(encoding: string, head: string, tail: string): { body: Buffer; contentEncoding?: string } {
  const out: { body: Buffer; contentEncoding?: string } = { body: Buffer.alloc(0) };
  const reply = {
    type: () => reply,
    header: (name: string, value: string) => {
      if (name === 'content-encoding') out.contentEncoding = value;
      return reply;
    },
    send: (body: Buffer | string) => {
      out.body = Buffer.from(body);
      return reply;
    },
  };
  sendJsonAnswer(
    { headers: { 'accept-encoding': encoding } } as unknown as FastifyRequest,
    reply as unknown as FastifyReply,
    headedAnswer(sharedHead(head), tail),
  );
  return out;
}

const decode = (encoding: string, body: Buffer) => (encoding === 'br' ? zlib.brotliDecompressSync(body) : zlib.gunzipSync(body)).toString('utf8');

const head = `{"settings":${JSON.stringify({ text: 'shared '.repeat(800), accents: 'héllo wörld ✓'.repeat(50) })}`;
const cases: [string, string, string][] = [
  ['a short tail', head, `,"user":${JSON.stringify({ jwt: 'x.y.z', lists: ['makers'] })}}`],
  ['an empty tail', `${head}}`, ''],
  ['a tail longer than one stored block (64 KB)', head, `,"big":${JSON.stringify('é'.repeat(40_000) + 'a'.repeat(20_000))}}`],
];

describe.each(['br', 'gzip'])('headed answers in %s', (encoding) => {
  it.each(cases)('%s decodes to head + tail', (_what, start, tail) => {
    const { body, contentEncoding } = sent(encoding, start, tail);
    expect(contentEncoding).toBe(encoding);
    expect(decode(encoding, body)).toBe(start + tail);
  });

  it('reuses the head compressed once: two answers with different tails', () => {
    const shared = sharedHead(head);
    const a = headedAnswer(shared, ',"n":1}');
    const b = headedAnswer(shared, ',"n":2}');
    for (const [answer, n] of [
      [a, 1],
      [b, 2],
    ] as const) {
      const out: Buffer[] = [];
      const reply = { type: () => reply, header: () => reply, send: (x: Buffer) => (out.push(x), reply) };
      sendJsonAnswer({ headers: { 'accept-encoding': encoding } } as unknown as FastifyRequest, reply as unknown as FastifyReply, answer);
      expect(JSON.parse(decode(encoding, out[0])).n).toBe(n);
    }
    expect(Object.keys(shared.flushed)).toEqual([encoding]);
  });
});
