/**
 * The media routes (spec core 3 Media URLs and 7.3): /api/v1/{image,video,audio,document}/{id}
 * and their cors variants, with token, thumb, width, ratio and timestamp. Without a valid media
 * token of a live session, or for a file its viewer may not see (the same `mayView` as downloads),
 * a placeholder answers, never the file (spec 8). Raster images show inline; SVG, HTML and
 * documents are attachments under a sandboxing policy, so nothing uploaded runs on our origin.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOGO_THUMB_SIZE } from '../../engine/core/constants';
import { THUMBNAIL_RATIOS, type FileKind } from '../../engine/core/files';
import { snapThumbWidth } from '../../engine/core/media';
import { permissionContext, sessionAccount, type AppContext } from '../context';
import { badRequest, notFound } from '../errors';
import { STORED_FILE_CONTENT_SECURITY_POLICY, storedFileHeaders } from '../http/security-headers';
import { ImageRejected, placeholderImage } from './images';
import { contentDisposition, mayView, type FilesDomain } from './uploads';
import { discard, type VariantRequest } from './store';
import type { FilesTable } from './table';

const KINDS: FileKind[] = ['image', 'video', 'audio', 'document'];
/** A token-bearing URL of an immutable file or variant: the browser keeps it for a year. */
const IMMUTABLE = 'private, max-age=31536000, immutable';
/** A ratio crop follows the file's focal point, which its owner can move: the browser asks again (a 304 while unchanged). */
const REVALIDATE = 'private, no-cache';

interface MediaQuery {
  token?: string;
  thumb?: string;
  width?: string;
  ratio?: string;
  timestamp?: string;
}

/** The variant a query asks for: `width` snaps up to an allowed width (or the full image when none is larger). */
export function variantOf(query: MediaQuery): VariantRequest {
  const variant: VariantRequest = {};
  const thumbWidth = query.thumb && query.thumb !== 'true' && query.thumb !== 'false' ? query.thumb : undefined;
  const raw = query.width ?? thumbWidth;
  if (raw !== undefined) {
    const n = Number(raw);
    if (!/^\d{1,5}$/.test(raw) || n <= 0) throw badRequest(`width must be a positive whole number of pixels, got "${raw}"`);
    variant.width = snapThumbWidth(n);
  } else if (query.thumb === 'true') variant.width = LOGO_THUMB_SIZE;
  if (query.ratio !== undefined) {
    const value = Object.hasOwn(THUMBNAIL_RATIOS, query.ratio) ? THUMBNAIL_RATIOS[query.ratio] : undefined;
    if (!value) throw badRequest(`ratio must be one of ${Object.keys(THUMBNAIL_RATIOS).join(', ')}, got "${query.ratio}"`);
    variant.ratio = { name: query.ratio, value };
  }
  return variant;
}

/** One `bytes=` range of a file of `size` bytes; undefined for none; 'unsatisfiable' for a range past the end. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return undefined; // several ranges or junk: the whole file, as RFC 9110 allows
  let start: number;
  let end: number;
  if (!match[1]) {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

function headersFor(file: FilesTable, mime: string, variant: boolean): Record<string, string> {
  if (variant)
    return {
      'content-type': mime,
      'content-disposition': contentDisposition('inline', file.name),
      'content-security-policy': STORED_FILE_CONTENT_SECURITY_POLICY,
    };
  if (file.kind === 'video' || file.kind === 'audio') {
    // Media elements need the real type; a media document cannot run script, and the policy forbids it anyway.
    return {
      'content-type': file.mime,
      'content-disposition': contentDisposition('inline', file.name),
      'content-security-policy': STORED_FILE_CONTENT_SECURITY_POLICY,
    };
  }
  const headers = storedFileHeaders(file.mime, file.name);
  return { ...headers, 'content-disposition': contentDisposition(headers['content-disposition'].startsWith('inline') ? 'inline' : 'attachment', file.name) };
}

export function mediaRoutes(app: FastifyInstance, ctx: AppContext, domain: FilesDomain): void {
  const { files, mediaTokens } = domain;

  /** Whether the token's session is live and its account may see the file; the permission context only when ownership and claim do not settle it. */
  async function mayViewFile(token: string | undefined, file: FilesTable): Promise<boolean> {
    const viewer = await mediaTokens.verify(token);
    if (!viewer) return false;
    const account = await sessionAccount(ctx.store, { ...viewer, serviceId: '', expiresAt: 0 });
    if (!account) return false;
    if (file.claimed || file.owner_id === account.accountId) return true;
    return mayView(await permissionContext(ctx, account), file);
  }

  async function placeholder(reply: FastifyReply): Promise<FastifyReply> {
    return reply
      .code(200)
      .headers({ 'content-type': 'image/png', 'cache-control': 'no-store' })
      .send(await placeholderImage());
  }

  async function serve(kind: FileKind, cors: boolean, req: FastifyRequest<{ Params: { id: string }; Querystring: MediaQuery }>, reply: FastifyReply) {
    if (cors) reply.headers({ 'access-control-allow-origin': '*', 'cross-origin-resource-policy': 'cross-origin' });
    else reply.header('cross-origin-resource-policy', 'same-origin');
    if (!(await mediaTokens.verify(req.query.token))) return placeholder(reply);
    const file = await files.get(req.params.id);
    if (!file || file.kind !== kind) throw notFound(`${kind} "${req.params.id}" does not exist`);
    if (!(await mayViewFile(req.query.token, file))) return placeholder(reply);
    const variant = kind === 'image' ? variantOf(req.query) : {};
    const isVariant = !!(variant.width || variant.ratio);
    const tag = files.variantOf(file, variant);
    const headers = {
      ...headersFor(file, tag.mime, !!tag.thumbnail),
      etag: tag.etag,
      'cache-control': variant.ratio ? REVALIDATE : IMMUTABLE,
      'accept-ranges': tag.thumbnail ? 'none' : 'bytes',
    };
    // The ETag is known from the row: a browser revalidating gets its 304 before any byte is read.
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(tag.etag)) return reply.code(304).headers(headers).send();
    let range: { start: number; end: number } | undefined;
    let unsatisfiable = false;
    let bytes: Awaited<ReturnType<typeof files.bytes>>;
    try {
      bytes = await files.bytes(file, variant, (size) => {
        const parsed = isVariant ? undefined : parseRange(req.headers.range, size);
        if (parsed === 'unsatisfiable') unsatisfiable = true;
        else range = parsed;
        return range;
      });
    } catch (error) {
      // A stored image no thumbnail can be drawn of (too many pixels declared): the placeholder, every time, not a 500.
      if (error instanceof ImageRejected) return placeholder(reply);
      throw error;
    }
    if (!bytes) throw notFound(`${kind} "${req.params.id}" has no stored bytes`);
    reply.headers(headers);
    if (unsatisfiable) {
      discard(bytes);
      return reply.code(416).header('content-range', `bytes */${bytes.total}`).send();
    }
    reply.header('content-length', String(bytes.size));
    if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${bytes.total}`);
    return reply.send(bytes.body);
  }

  for (const kind of KINDS) {
    app.get<{ Params: { id: string }; Querystring: MediaQuery }>(`/${kind}/:id`, (req, reply) => serve(kind, false, req, reply));
    app.get<{ Params: { id: string }; Querystring: MediaQuery }>(`/${kind}/cors/:id`, (req, reply) => serve(kind, true, req, reply));
  }
}
