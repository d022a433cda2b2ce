/**
 * bundle.member: gzip bytes of the entry chunk plus its static imports (from dist/app/meta.json),
 * JS and CSS. This is not what the first page downloads (its lazily loaded chunks are left out;
 * bundle.memberHome measures a real Chromium load), so no share of it is reported. Baseline:
 * react + react-dom alone, bundled and minified the same way.
 */
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { projectRoot } from '../../scripts/paths';
import { initialFiles, readProductionMeta } from '../../scripts/initial-files';
import { defineBenches } from './harness';

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(projectRoot, file)), { level: 9 }).length;

export default defineBenches([
  {
    name: 'bundle.member',
    async run() {
      const meta = readProductionMeta();
      const files = initialFiles(meta);
      const gzipBytes = files.reduce((sum, f) => sum + gzipSize(f), 0);
      const baseline = await esbuild.build({
        stdin: {
          contents:
            "import { createRoot } from 'react-dom/client'; import { createElement } from 'react'; createRoot(document.body).render(createElement('p'));",
          resolveDir: projectRoot,
        },
        bundle: true,
        minify: true,
        write: false,
        format: 'esm',
        define: { 'process.env.NODE_ENV': '"production"' },
      });
      const baselineGzipBytes = zlib.gzipSync(baseline.outputFiles[0].contents, { level: 9 }).length;
      return [{ bench: 'bundle.member', gzipBytes, files: files.length, baselineGzipBytes }];
    },
  },
]);
