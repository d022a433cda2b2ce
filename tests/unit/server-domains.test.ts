/**
 * The server is arranged by domain (docs/architecture.md, Server): each `server/<domain>/` owns its
 * routes, and a domain reaches another through that domain's exported functions, never through
 * its routes. A route file is `routes.ts` or a file under a `routes/` folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(__dirname, '../../server');

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'demo' ? [] : tsFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

const isRouteFile = (file: string) => /(^|\/)routes(\.ts$|\/)/.test(path.relative(serverDir, file)) || file.endsWith('-routes.ts');

function localImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((m) => path.resolve(path.dirname(file), m[1]) + '.ts');
}

describe('server by domain', () => {
  const files = tsFiles(serverDir);
  const routeFiles = files.filter(isRouteFile);

  it('finds the route files of every domain', () => {
    const domains = new Set(routeFiles.map((f) => path.relative(serverDir, f).split('/')[0]));
    expect([...domains].sort()).toEqual(['audit', 'files', 'i18n', 'profiles', 'rule-checks', 'session', 'settings', 'social-accounts', 'staff', 'structure']);
  });

  it('no route file imports another route file', () => {
    const crossings = routeFiles.flatMap((file) =>
      localImports(file)
        .filter(isRouteFile)
        .map((target) => `${path.relative(serverDir, file)} -> ${path.relative(serverDir, target)}`),
    );
    expect(crossings).toEqual([]);
  });

  it('only the app registers route files', () => {
    const importers = files.filter((f) => !isRouteFile(f) && localImports(f).some(isRouteFile)).map((f) => path.relative(serverDir, f));
    expect(importers).toEqual(['app.ts']);
  });
});
