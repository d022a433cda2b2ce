import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from './paths';

/** The files a browser loads before the app runs: an entry's output, its static imports (transitively) and its CSS, from an esbuild metafile. */
export interface BuildMeta {
  outputs: Record<string, { entryPoint?: string; imports: { path: string; kind: string }[]; cssBundle?: string; inputs?: Record<string, unknown> }>;
}

export function initialFiles(meta: BuildMeta, entry = 'web/main.tsx'): string[] {
  const start = Object.keys(meta.outputs).find((k) => meta.outputs[k].entryPoint === entry);
  if (!start) throw new Error(`No output for entry ${entry} in the build metafile`);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const out = meta.outputs[file];
    if (out?.cssBundle) seen.add(out.cssBundle);
    for (const imp of out?.imports ?? []) if (imp.kind === 'import-statement') visit(imp.path);
  };
  visit(start);
  return [...seen];
}

/**
 * The production build's metafile (dist/app/meta.json), building first when it is missing or was
 * written by `npm run dev` (unminified): bundle figures are only meaningful for what members get.
 */
export function readProductionMeta(): BuildMeta {
  const metaPath = path.join(projectRoot, 'dist/app/meta.json');
  const read = () => (fs.existsSync(metaPath) ? (JSON.parse(fs.readFileSync(metaPath, 'utf8')) as BuildMeta & { tesseraMode?: string }) : undefined);
  let meta = read();
  if (meta?.tesseraMode !== 'production') {
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: projectRoot, stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } });
    meta = read();
  }
  if (!meta) throw new Error('npm run build wrote no dist/app/meta.json');
  return meta;
}
