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
