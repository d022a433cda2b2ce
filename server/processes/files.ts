/**
 * A process's files and their download links. Files live under DATA_DIR/processes/<processId>/
 * (one folder per process, emptied at the start of each attempt, so a retried run never serves a
 * half-written file of an earlier one). A link is `admin/process/<id>/download?expires=&signature=`:
 * an HMAC over the process id and the expiry, with a key derived from the session secret for this
 * one purpose (as the media tokens of server/files), so it is never a session token. Links last
 * 15 minutes and are signed again at every read of the process.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { loadOrCreateSecret } from '../auth/tokens';
import type { AppContext } from '../context';

export const DOWNLOAD_LINK_MS = 15 * 60_000;
/** Process ids: client-made ones too (idempotent starts). */
export const PROCESS_ID = /^[A-Za-z0-9_-]{8,64}$/;
/** A file name a process may write: no folders, nothing hidden. */
export const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,119}$/;

const keys = new WeakMap<AppContext, Buffer>();

function keyOf(ctx: AppContext): Buffer {
  let key = keys.get(ctx);
  if (!key) keys.set(ctx, (key = crypto.createHmac('sha256', loadOrCreateSecret(ctx.config.dataDir)).update('tessera process download').digest()));
  return key;
}

const mac = (ctx: AppContext, processId: string, expires: number) =>
  crypto.createHmac('sha256', keyOf(ctx)).update(`${processId}.${expires}`).digest('base64url');

/** A link (relative to /api/v1) valid for 15 minutes from now. */
export function signDownload(ctx: AppContext, processId: string, now = Date.now()): { downloadUrl: string; expiresAt: number } {
  const expiresAt = now + DOWNLOAD_LINK_MS;
  return {
    downloadUrl: `admin/process/${encodeURIComponent(processId)}/download?expires=${expiresAt}&signature=${mac(ctx, processId, expiresAt)}`,
    expiresAt,
  };
}

/** Why a link is refused, or undefined when it holds (signature matches, not expired). */
export function checkDownload(ctx: AppContext, processId: string, expires: unknown, signature: unknown, now = Date.now()): string | undefined {
  if (typeof expires !== 'string' || !/^\d{1,15}$/.test(expires) || typeof signature !== 'string' || signature.length > 100)
    return 'the link needs its expires and signature';
  const expected = Buffer.from(mac(ctx, processId, Number(expires)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return 'the link is not one this server signed';
  if (Number(expires) <= now) return 'the link has expired: open the process again for a new one';
  return undefined;
}

export function processFolder(ctx: AppContext, processId: string): string {
  if (!PROCESS_ID.test(processId)) throw new Error(`"${processId}" is not a process id`);
  return path.join(ctx.config.dataDir, 'processes', processId);
}

export function processFilePath(ctx: AppContext, processId: string, name: string): string {
  if (!FILE_NAME.test(name)) throw new Error(`a process file name must match ${FILE_NAME}, got "${name}"`);
  return path.join(processFolder(ctx, processId), name);
}

/** A fresh, empty folder for an attempt. */
export async function emptyFolder(ctx: AppContext, processId: string): Promise<void> {
  const folder = processFolder(ctx, processId);
  await fs.promises.rm(folder, { recursive: true, force: true });
  await fs.promises.mkdir(folder, { recursive: true });
}
