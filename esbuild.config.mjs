// Builds the member app (web/, code-split: every block, admin and heavy library in its own lazy
// chunk) into dist/app and the server into dist/server. Run through tsx so it can import the
// TypeScript registry step: `npm run build`, or `npm run dev` to watch and rebuild.
import * as esbuild from 'esbuild';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildRegistryArtifacts, writeArtifacts } from './scripts/registry-artifacts.ts';
import { RegistryError } from './registry/types.ts';
import { initialFiles } from './scripts/initial-files.ts';
import { SERVER_NODE_FLAGS } from './scripts/server-flags.mjs';
import { minify } from 'terser';

const root = path.dirname(fileURLToPath(import.meta.url));
const watch = process.argv.includes('--watch');
const dev = watch || process.env.NODE_ENV === 'development';

/** Validates the registry and regenerates the block index; on failure names every bad file and pointer. */
function generate() {
  try {
    const artifacts = buildRegistryArtifacts(root);
    writeArtifacts(root, artifacts);
    return true;
  } catch (error) {
    if (error instanceof RegistryError) {
      console.error(error.message);
      return false;
    }
    throw error;
  }
}

/** Writes dist/app/index.html pointing at the hashed entry chunk and style sheet. */
const htmlPlugin = {
  name: 'tessera-html',
  setup(build) {
    build.onEnd((result) => {
      if (!result.metafile) return;
      const outputs = Object.entries(result.metafile.outputs);
      const entry = outputs.find(([, o]) => o.entryPoint === 'web/main.tsx');
      if (!entry) return;
      const rel = (p) => '/app/' + path.relative('dist/app', p).split(path.sep).join('/');
      const css = entry[1].cssBundle ? `<link rel="stylesheet" href="${rel(entry[1].cssBundle)}">` : '';
      const template = fs.readFileSync(path.join(root, 'web/index.html'), 'utf8');
      const html = template.replace('<!--styles-->', css).replace('<!--entry-->', `<script type="module" src="${rel(entry[0])}"></script>`);
      fs.writeFileSync(path.join(root, 'dist/app/index.html'), html);
      fs.writeFileSync(path.join(root, 'dist/app/meta.json'), JSON.stringify({ ...result.metafile, tesseraMode: dev ? 'development' : 'production' }));
    });
  },
};

/**
 * esbuild puts every style sheet an entry reaches, through dynamic imports too, into the entry's
 * CSS file. The admin's style sheets (and Leaflet's, for the userMap block) must stay in their lazy
 * chunks, so they become modules that add a <style> element when the chunk loads.
 */
const lazyStylesPlugin = {
  name: 'tessera-lazy-styles',
  setup(build) {
    build.onLoad({ filter: /([\\/]admin[\\/].*|[\\/]leaflet[\\/]dist[\\/]leaflet)\.css$/ }, async (args) => {
      const css = await fs.promises.readFile(args.path, 'utf8');
      const id = JSON.stringify(`tessera-style-${path.relative(root, args.path).split(path.sep).join('-')}`);
      return {
        loader: 'js',
        contents: `if (typeof document !== 'undefined' && !document.getElementById(${id})) { const s = document.createElement('style'); s.id = ${id}; s.textContent = ${JSON.stringify(css)}; document.head.append(s); }`,
      };
    });
  },
};

/**
 * esbuild splits by the set of entries (the build's and every dynamic import) that reach a module
 * through static imports: code the member chunk shares with the admin, settings, block and field
 * chunks lands in one small chunk per distinct set (dozens of files on the home page, each
 * gzipped without the others' context). So every dynamic import of our own code gets the member chunk as a static import
 * too (a wrapper module that imports it, then re-exports the target): what the member chunk
 * reaches then has the same set everywhere and stays in that chunk, and the code main.tsx shares
 * with it in one more. The wrapped chunks load after the member chunk anyway (main.tsx starts it
 * with start-up; a lazy chunk that comes first merely waits for it).
 */
const MEMBER_CHUNK = path.join(root, 'web/member-chunk.ts');
const LAZY_ENTRY = '?lazy-entry';
const lazyEntriesPlugin = {
  name: 'tessera-lazy-entries',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind !== 'dynamic-import' || args.pluginData?.lazyEntry) return undefined;
      const target = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: { lazyEntry: true } });
      if (target.errors.length > 0 || target.path === MEMBER_CHUNK) return target;
      return { path: target.path, suffix: LAZY_ENTRY };
    });
    build.onLoad({ filter: /.*/ }, async (args) => {
      if (args.suffix !== LAZY_ENTRY) return undefined;
      const source = await fs.promises.readFile(args.path, 'utf8');
      const target = JSON.stringify(args.path);
      // At a line's start, or after a statement on the same line (ajv's standalone validators).
      const hasDefault = /(?:^|;)\s*export default |^export \{[^}]*\bas default\b/m.test(source);
      return {
        loader: 'js',
        resolveDir: path.dirname(args.path),
        contents: `import ${JSON.stringify(MEMBER_CHUNK)};\nexport * from ${target};\n${hasDefault ? `export { default } from ${target};\n` : ''}`,
      };
    });
  },
};

const webOptions = {
  absWorkingDir: root,
  // Every block type still gets its lazy chunk (the block index import()s each); the index itself
  // is in the member chunk's code, with the page renderer that reads it.
  entryPoints: ['web/main.tsx'],
  outdir: 'dist/app',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022'],
  jsx: 'automatic',
  minify: !dev,
  sourcemap: true,
  metafile: true,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'assets/[name]-[hash]',
  // Absolute asset URLs: pages live at /app/<module>/<page>, so a relative ./assets/... would miss.
  publicPath: '/app',
  define: { 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production') },
  loader: { '.svg': 'file', '.png': 'file', '.woff2': 'file' },
  logLevel: 'info',
  plugins: [lazyEntriesPlugin, lazyStylesPlugin, htmlPlugin],
};

/**
 * A second minify pass (terser, production only) over the files every member page loads: the
 * entry's and the member chunk's, with what they import statically. terser's compressor (several
 * passes of inlining, dead-code and expression rewriting) shrinks esbuild's output further, which
 * we could not match with code of our own; the lazy chunks (admin, editors, blocks) are left as
 * esbuild wrote them: rarely loaded, and where terser would spend most of the build's time.
 * Each file keeps its name: esbuild's content hash still names exactly one content, since terser
 * (pinned, same options) turns the same input into the same output. The source map is rebuilt from
 * esbuild's, so it still points at the sources.
 */
async function minifyMemberFiles(metafile) {
  const files = new Set([...initialFiles(metafile), ...initialFiles(metafile, 'web/member-chunk.ts')].filter((f) => f.endsWith('.js')));
  await Promise.all(
    [...files].map(async (file) => {
      const map = `${file}.map`;
      const result = await minify(await fs.promises.readFile(file, 'utf8'), {
        module: true,
        compress: { passes: 2 },
        sourceMap: { content: await fs.promises.readFile(map, 'utf8'), url: path.basename(map), includeSources: true },
      });
      await Promise.all([fs.promises.writeFile(file, result.code), fs.promises.writeFile(map, result.map)]);
    }),
  );
}

/**
 * The service worker must sit at a fixed address (/app/service-worker.js): no hash, one classic
 * script. It precaches index.html and the member's initial files, so the app starts offline.
 */
/** A classic script at a fixed address next to index.html (no hash, no module). */
const classicScript = (entryPoints) => ({
  absWorkingDir: root,
  entryPoints,
  outdir: 'dist/app',
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: ['es2022'],
  minify: !dev,
  logLevel: 'info',
});
const serviceWorkerOptions = (precache) => ({
  ...classicScript({ 'service-worker': 'web/pwa/service-worker.ts' }),
  sourcemap: true,
  // A new version per build, so a deploy replaces the old cache.
  define: { __SW_VERSION__: JSON.stringify(Date.now().toString(36)), __SW_PRECACHE__: JSON.stringify(precache) },
});
/** The theme boot script (web/theme/boot.ts): index.html runs it before the first paint. */
const THEME_BOOT_URL = '/app/theme-boot.js';
const themeBootOptions = classicScript({ 'theme-boot': 'web/theme/boot.ts' });

const appUrl = (file) => '/app/' + path.relative('dist/app', file).split(path.sep).join('/');

/** The product's icon, next to index.html (the manifest is served from the settings: server/settings/web-app-routes.ts). */
function writeStaticAppFiles() {
  fs.mkdirSync(path.join(root, 'dist/app'), { recursive: true });
  fs.rmSync(path.join(root, 'dist/app/manifest.webmanifest'), { force: true });
  fs.copyFileSync(path.join(root, 'web/assets/logo.svg'), path.join(root, 'dist/app/icon.svg'));
}

const serverOptions = {
  absWorkingDir: root,
  entryPoints: ['server/main.ts'],
  outdir: 'dist/server',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: ['node20'],
  packages: 'external',
  sourcemap: true,
  logLevel: 'info',
};

if (!generate()) process.exit(1);
fs.rmSync(path.join(root, 'dist/app'), { recursive: true, force: true });

writeStaticAppFiles();

if (watch) {
  const web = await esbuild.context(webOptions);
  // Development: the worker is not registered (main.tsx registers it in production only).
  const worker = await esbuild.context(serviceWorkerOptions([]));
  const server = await esbuild.context(serverOptions);
  const themeBoot = await esbuild.context(themeBootOptions);
  await Promise.all([web.watch(), worker.watch(), server.watch(), themeBoot.watch()]);
  // Registry entries, component and admin area folders change the generated indexes: regenerate on change.
  for (const dir of ['registry/blocks', 'registry/fields', 'registry/rules', 'registry/operators', 'blocks', 'admin/areas']) {
    fs.watch(path.join(root, dir), { recursive: true }, (_event, file) => {
      if (file && !String(file).includes('generated')) generate();
    });
  }
  console.log('watching for changes');
  // `npm run dev` serves too: node restarts the server whenever its bundle is rebuilt.
  if (!process.argv.includes('--no-serve')) {
    await Promise.all([web.rebuild(), server.rebuild()]);
    const child = spawn(process.execPath, ['--watch-path=dist/server', ...SERVER_NODE_FLAGS, 'dist/server/main.js'], {
      cwd: root,
      stdio: 'inherit',
      env: process.env,
    });
    const stop = () => child.kill('SIGTERM');
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  }
} else {
  const buildWebThenWorker = async () => {
    const web = await esbuild.build(webOptions);
    if (!dev) await minifyMemberFiles(web.metafile);
    await esbuild.build(serviceWorkerOptions([THEME_BOOT_URL, ...initialFiles(web.metafile).map(appUrl)]));
  };
  await Promise.all([buildWebThenWorker(), esbuild.build(serverOptions), esbuild.build(themeBootOptions)]);
}
