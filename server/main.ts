// Interim server until the API server lands: validates the registry at start and serves the
// built app under /app.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRegistry } from '../registry/loader';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const appDir = path.join(root, 'dist/app');
loadRegistry(path.join(root, 'registry'));

const types: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.json': 'application/json', '.map': 'application/json' };
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (!url.pathname.startsWith('/app')) {
    res.writeHead(302, { location: '/app/' }).end();
    return;
  }
  const rel = path.normalize(decodeURIComponent(url.pathname.slice('/app'.length))).replace(/^(\.\.[/\\])+/, '');
  let file = path.join(appDir, rel);
  if (!file.startsWith(appDir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(appDir, 'index.html');
  res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
});
const port = Number(process.env.PORT ?? 3000);
server.listen(port, () => console.log(`Tessera is running: open http://localhost:${port}/app/`));
