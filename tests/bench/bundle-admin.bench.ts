/**
 * bundle.admin: gzip bytes an editing admin downloads when edit mode turns on, read from the
 * member build's metafile (dist/app/meta.json): the admin entry chunk (admin/index.tsx, which the
 * shell import()s) and every chunk it imports statically, shared chunks included, less what the
 * member page already loaded (web/main.tsx and the member chunk it imports at start, each with its
 * static imports). Chunks its chunks import() later (rjsf's runtime validator, the fallback for a
 * block without a precompiled validator; the rich-text editor) are left out and reported as
 * `lazyChunks` / `lazyGzipBytes`. Baseline, from the same build: the same download with the
 * fallback validator loaded up front too, as before the validators were precompiled.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { projectRoot } from '../../scripts/paths';
import { initialFiles, readProductionMeta, type BuildMeta } from '../../scripts/initial-files';
import { defineBenches } from './harness';

const gz = (file: string) => gzipSync(fs.readFileSync(path.join(projectRoot, file)), { level: 9 }).length;
const isAdminInput = (input: string) => input.startsWith('admin/') || input.includes('node_modules/@rjsf/');
/** The admin's static part the shell imports by design: edit-mode atoms, shortcuts, guard, permission checks. */
const isAdminStaticPart = (input: string) => input.startsWith('admin/edit-mode/') || input === 'admin/core/permissions.ts';

const outputOf = (meta: BuildMeta, entry: string) => {
  // The build's lazy-entries plugin wraps every dynamic import of our code (`<module>?lazy-entry`).
  const out = Object.keys(meta.outputs).find((o) => meta.outputs[o].entryPoint?.replace(/\?lazy-entry$/, '') === entry);
  if (!out) throw new Error(`no output for ${entry} in dist/app/meta.json: the admin must be a chunk of its own, loaded by import()`);
  return out;
};

/** Outputs reached from `out` through imports of the given kinds, with their CSS. */
function closure(meta: BuildMeta, out: string, kinds: string[] = ['import-statement']): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const o = meta.outputs[file];
    if (o?.cssBundle) seen.add(o.cssBundle);
    for (const imp of o?.imports ?? []) if (kinds.includes(imp.kind) && meta.outputs[imp.path]) walk(imp.path);
  };
  walk(out);
  return seen;
}

const bytesOf = (files: Iterable<string>) => [...files].reduce((n, f) => n + gz(f), 0);

export default defineBenches([
  {
    name: 'bundle.admin',
    run() {
      const meta = readProductionMeta();
      const memberLoaded = new Set([...initialFiles(meta), ...initialFiles(meta, 'web/member-chunk.ts')]);
      const adminOut = outputOf(meta, 'admin/index.tsx');
      const adminFiles = [...closure(meta, adminOut)].filter((f) => !memberLoaded.has(f));
      const counted = new Set(adminFiles);
      // What the admin's own chunks import() later (with their static imports), less what is loaded already.
      const lazyRoots = adminFiles.flatMap((f) => (meta.outputs[f]?.imports ?? []).filter((i) => i.kind === 'dynamic-import').map((i) => i.path));
      const lazyFrom = (roots: string[]) =>
        [...new Set(roots.flatMap((root) => [...closure(meta, root)]))].filter((f) => !memberLoaded.has(f) && !counted.has(f));
      const lazyFiles = lazyFrom(lazyRoots);
      // The fallback validator: rjsf's runtime ajv, for a block without a precompiled validator.
      const fallbackFiles = lazyFrom(lazyRoots.filter((root) => meta.outputs[root]?.entryPoint?.includes('@rjsf/validator-ajv8')));
      const gzipBytes = bytesOf(adminFiles);
      const baselineGzipBytes = gzipBytes + bytesOf(fallbackFiles);
      const memberEntryHasAdmin = initialFiles(meta).some((f) =>
        Object.keys(meta.outputs[f]?.inputs ?? {}).some((i) => (isAdminInput(i) && !isAdminStaticPart(i)) || i.includes('node_modules/ajv')),
      );
      const sharedChunks = adminFiles.filter((f) => !Object.keys(meta.outputs[f].inputs ?? {}).some(isAdminInput)).length;
      return [
        {
          bench: 'bundle.admin',
          gzipBytes,
          chunks: adminFiles.length,
          sharedChunks,
          lazyChunks: lazyFiles.length,
          lazyGzipBytes: bytesOf(lazyFiles),
          source: 'dist/app/meta.json',
          baseline: 'with the fallback validator up front',
          baselineGzipBytes,
          ratio: Math.round((gzipBytes / baselineGzipBytes) * 100) / 100,
          memberEntryHasAdmin,
        },
      ];
    },
  },
]);
