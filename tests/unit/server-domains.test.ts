/**
 * The domain seam (docs/architecture.md, "Adding a domain"): every folder under server/ is either
 * core infrastructure or a domain with its manifest (`index.ts`, a default `defineDomain`) in the
 * list (server/domains.ts); nothing outside a domain's folder names it but that list; a domain
 * reaches another through its exported functions, never its routes or its tables.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOMAINS } from '../../server/domains';

const serverDir = path.resolve(__dirname, '../../server');
/** Folders of the core: what every domain builds on. They import no domain. */
const CORE_FOLDERS = ['auth', 'http', 'html', 'jobs', 'storage'];

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return tsFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

const rel = (file: string) => path.relative(serverDir, file);
const folderOf = (file: string) => (rel(file).includes('/') ? rel(file).split('/')[0] : undefined);
const isRouteFile = (file: string) => /(^|\/)routes(\.ts$|\/)/.test(rel(file)) || file.endsWith('-routes.ts');
/** A domain's tables: reached through its exported functions only. */
const isTableFile = (file: string) => /(^|\/)(table|migrations)\.ts$|-table\.ts$/.test(rel(file));

function localImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import) '(\.{1,2}\/[^']+)'/g)].map((m) => {
    const target = path.resolve(path.dirname(file), m[1]);
    return fs.existsSync(`${target}.ts`) ? `${target}.ts` : path.join(target, 'index.ts');
  });
}

describe('server by domain', () => {
  const files = tsFiles(serverDir);
  const folders = fs
    .readdirSync(serverDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  const domainFolders = folders.filter((f) => !CORE_FOLDERS.includes(f));

  it('every folder is core or a listed domain with its manifest, and every listed domain is its folder', () => {
    expect(domainFolders.filter((f) => !fs.existsSync(path.join(serverDir, f, 'index.ts')))).toEqual([]);
    expect(DOMAINS.map((d) => d.name).sort()).toEqual([...domainFolders].sort());
  });

  it('nothing outside a domain names it but the list', () => {
    const outside = files.filter((f) => !domainFolders.includes(folderOf(f) ?? '') && rel(f) !== 'domains.ts');
    const crossings = outside.flatMap((file) =>
      localImports(file)
        .filter((t) => domainFolders.includes(folderOf(t) ?? ''))
        .map((t) => `${rel(file)} -> ${rel(t)}`),
    );
    expect(crossings).toEqual([]);
  });

  it('the list imports each domain by its manifest only', () => {
    const targets = localImports(path.join(serverDir, 'domains.ts')).filter((t) => domainFolders.includes(folderOf(t) ?? ''));
    expect(targets.filter((t) => !t.endsWith('/index.ts')).map(rel)).toEqual([]);
  });

  it('no domain reaches into another domain by its routes or its tables', () => {
    const crossings = files.flatMap((file) =>
      localImports(file)
        .filter((t) => folderOf(t) !== folderOf(file) && domainFolders.includes(folderOf(t) ?? '') && (isRouteFile(t) || isTableFile(t)))
        .map((t) => `${rel(file)} -> ${rel(t)}`),
    );
    expect(crossings).toEqual([]);
  });

  it('route files are registered by their own manifest only', () => {
    const importers = files.flatMap((file) =>
      localImports(file)
        .filter(isRouteFile)
        .filter((t) => isRouteFile(file) || rel(file) !== `${folderOf(t)}/index.ts`)
        .map((t) => `${rel(file)} -> ${rel(t)}`),
    );
    expect(importers).toEqual([]);
  });
});
