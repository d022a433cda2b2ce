/**
 * Serves the built app (dist/app under /app, index.html for unknown paths) and a scripted API
 * under /api/v1 from one real HTTP server, so shell e2e tests run in Chromium before the real
 * API server exists.
 */
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../scripts/paths';
import { startJsonServer, type Handler, type JsonServer } from './json-server';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
};

export async function startAppWithApi(api: Record<string, Handler>): Promise<JsonServer> {
  const appDir = path.join(projectRoot, 'dist/app');
  if (!fs.existsSync(path.join(appDir, 'index.html'))) throw new Error('dist/app is missing: run `npm run build` first');
  return startJsonServer(api, (pathname) => {
    if (!pathname.startsWith('/app')) return null;
    const rel = path.normalize(decodeURIComponent(pathname.slice('/app'.length))).replace(/^(\.\.[/\\])+/, '');
    let file = path.join(appDir, rel);
    if (!file.startsWith(appDir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(appDir, 'index.html');
    return { type: TYPES[path.extname(file)] ?? 'application/octet-stream', body: fs.readFileSync(file) };
  });
}
