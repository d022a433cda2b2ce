/**
 * Response headers every answer carries, set in one onSend hook so every route (and any added
 * later, such as the file store) inherits them:
 * - `X-Content-Type-Options: nosniff` on every response: a browser never guesses a type.
 * - The app's Content-Security-Policy on every HTML answer (the shell's index.html, /login).
 * - Stored files (uploads) go out through `storedFileHeaders`: only raster images inline; SVG,
 *   HTML and anything else as an attachment, all under a sandboxing policy, so an uploaded
 *   document can never run script on our origin.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { EMBED_FRAME_SOURCES } from '../../engine/core/url-check';

/**
 * The app's policy. script-src is 'self' only: no inline script, no eval. style-src allows inline
 * styles on purpose: React and floating-ui set style attributes, the admin's lazy style sheets and
 * the rich-text editor add <style> elements, and index.html and /login carry small <style>
 * blocks; CSS cannot run script, and stored CSS values are checked on the way in. frame-src is
 * what the iFrame block accepts (EMBED_FRAME_SOURCES). Images may come from https media hosts.
 */
export const APP_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' https:",
  // 'self': the composer's responsive preview frames the app's own page (admin/preview).
  `frame-src ${EMBED_FRAME_SOURCES.join(' ')} 'self'`,
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** For stored files: nothing may load or run, even if a browser were to render the file. */
export const STORED_FILE_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Raster images a browser only ever draws: safe to show inline. Everything else is downloaded. */
const INLINE_SAFE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/x-icon', 'image/vnd.microsoft.icon']);

/**
 * Headers for serving a stored (uploaded) file. SVG and HTML are active documents: served as an
 * attachment, under a sandboxing policy, they cannot run script from our origin (an <img> or
 * <link rel=icon> still shows an SVG: Content-Disposition applies to navigation only).
 */
export function storedFileHeaders(contentType: string, filename = 'file'): Record<string, string> {
  const type = contentType.split(';')[0].trim().toLowerCase();
  const safeName = filename.replace(/[^A-Za-z0-9._-]/g, '_') || 'file';
  return {
    'content-type': INLINE_SAFE_TYPES.has(type) ? type : type.startsWith('image/svg') ? 'image/svg+xml' : 'application/octet-stream',
    'content-disposition': `${INLINE_SAFE_TYPES.has(type) ? 'inline' : 'attachment'}; filename="${safeName}"`,
    'content-security-policy': STORED_FILE_CONTENT_SECURITY_POLICY,
  };
}

/** Sends a stored file with storedFileHeaders. */
export function sendStoredFile(reply: FastifyReply, contentType: string, body: Buffer, filename?: string): FastifyReply {
  return reply.headers(storedFileHeaders(contentType, filename)).send(body);
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) reply.header('content-security-policy', APP_CONTENT_SECURITY_POLICY);
    return payload;
  });
}
