/**
 * bundle.admin: gzip size of the admin chunks (admin code, rjsf), which only an editing admin
 * downloads. Read from the member build's metafile (dist/app/meta.json) when the shell imports
 * admin lazily; until then admin/index.tsx is built the same way here (esbuild, code-split,
 * minified) with what the member bundle already holds (React, Jotai, floating-ui, the engine)
 * left out. Baseline, same process: the runtime-ajv validator chunk that precompiled validators
 * keep out of the admin chunk, and the admin bundle with rjsf's runtime validator (ajv) inlined.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { projectRoot } from '../../scripts/paths';
import { readProductionMeta } from '../../scripts/initial-files';
import { defineBenches } from './harness';

interface Metafile {
  outputs: Record<string, { inputs: Record<string, unknown>; entryPoint?: string; imports: { path: string; kind: string }[] }>;
}

const gz = (file: string) => gzipSync(fs.readFileSync(file), { level: 9 }).length;
const isAdminInput = (input: string) => input.startsWith('admin/') || input.includes('node_modules/@rjsf/');
/** The admin's static part the shell imports by design: edit-mode atoms, shortcuts, guard, permission checks. */
const isAdminStaticPart = (input: string) => input.startsWith('admin/edit-mode/') || input === 'admin/core/permissions.ts';

/** Leaves out what the member bundle already ships: React, Jotai, floating-ui and the engine. */
const memberExternals: esbuild.Plugin = {
  name: 'member-externals',
  setup(build) {
    build.onResolve({ filter: /^(react|react-dom|jotai|jotai-family|@floating-ui\/react)(\/.*)?$/ }, (args) => ({ path: args.path, external: true }));
    build.onResolve({ filter: /engine(\/index)?$|engine\/core/ }, (args) =>
      args.importer.includes(`${path.sep}admin${path.sep}`) ? { path: args.path, external: true } : undefined,
    );
  },
};

async function buildAdmin(entry: string, outdir: string): Promise<Metafile> {
  const result = await esbuild.build({
    absWorkingDir: projectRoot,
    entryPoints: [entry],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    jsx: 'automatic',
    minify: true,
    metafile: true,
    logLevel: 'silent',
    chunkNames: 'chunks/[name]-[hash]',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [memberExternals],
  });
  return result.metafile as Metafile;
}

/** Total gzip of the outputs reachable statically from the entry (what opening the admin loads). */
function staticClosure(meta: Metafile, outdir: string, entryOut: string): { bytes: number; files: string[] } {
  const seen = new Set<string>();
  const walk = (out: string) => {
    if (seen.has(out)) return;
    seen.add(out);
    for (const imp of meta.outputs[out]?.imports ?? []) if (imp.kind === 'import-statement' && meta.outputs[imp.path]) walk(imp.path);
  };
  walk(entryOut);
  const files = [...seen].filter((f) => f.endsWith('.js'));
  return { bytes: files.reduce((n, f) => n + gz(path.join(projectRoot, f)), 0), files: files.map((f) => path.relative(outdir, f)) };
}

export default defineBenches([
  {
    name: 'bundle.admin',
    async run() {
      const member = readProductionMeta() as unknown as Metafile;
      const memberAdminChunks = Object.entries(member.outputs).filter(
        ([out, o]) => out.endsWith('.js') && Object.keys(o.inputs).some((i) => isAdminInput(i) && !isAdminStaticPart(i)),
      );
      const memberEntry = Object.entries(member.outputs).find(([, o]) => o.entryPoint === 'web/main.tsx');
      const memberEntryHasAdmin = memberEntry
        ? Object.keys(memberEntry[1].inputs).some((i) => (isAdminInput(i) && !isAdminStaticPart(i)) || i.includes('node_modules/ajv'))
        : false;

      // Inside the project, so the baseline entry resolves node_modules.
      fs.mkdirSync(path.join(projectRoot, 'dist'), { recursive: true });
      const tmp = fs.mkdtempSync(path.join(projectRoot, 'dist', '.bench-admin-'));
      const outdir = path.relative(projectRoot, tmp);
      try {
        let gzipBytes: number;
        let source: string;
        let chunks: number;
        if (memberAdminChunks.length > 0) {
          gzipBytes = memberAdminChunks.reduce((n, [out]) => n + gz(path.join(projectRoot, out)), 0);
          source = 'dist/app/meta.json';
          chunks = memberAdminChunks.length;
        } else {
          const meta = await buildAdmin('admin/index.tsx', outdir);
          const entryOut = Object.keys(meta.outputs).find((o) => meta.outputs[o].entryPoint === 'admin/index.tsx')!;
          const closure = staticClosure(meta, outdir, entryOut);
          gzipBytes = closure.bytes;
          source = 'esbuild admin/index.tsx';
          chunks = closure.files.length;
        }
        // Baseline: the same admin with rjsf's runtime validator (ajv compiled in the browser) imported statically.
        const baselineEntry = path.join(outdir, 'runtime-ajv-entry.ts');
        const adminEntry = path
          .relative(path.dirname(path.join(projectRoot, baselineEntry)), path.join(projectRoot, 'admin/index.tsx'))
          .split(path.sep)
          .join('/');
        fs.writeFileSync(
          path.join(projectRoot, baselineEntry),
          `export * from './${adminEntry}';\nexport { default as runtimeValidator } from '@rjsf/validator-ajv8';\n`,
        );
        const baseMeta = await buildAdmin(baselineEntry, path.join(outdir, 'baseline'));
        const baseOut = Object.keys(baseMeta.outputs).find((o) => baseMeta.outputs[o].entryPoint === baselineEntry)!;
        const baselineGzipBytes = staticClosure(baseMeta, outdir, baseOut).bytes;
        return [
          {
            bench: 'bundle.admin',
            gzipBytes,
            chunks,
            source,
            baselineGzipBytes,
            ratio: Math.round((gzipBytes / baselineGzipBytes) * 100) / 100,
            memberEntryHasAdmin,
          },
        ];
      } finally {
        fs.rmSync(tmp, { recursive: true, force: true });
      }
    },
  },
]);
