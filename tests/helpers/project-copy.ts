/**
 * A throw-away copy of the project (sources only, node_modules linked) for tests that must change
 * the registry or the blocks folder and run the real build, as an integrator would.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../scripts/paths';

const COPIED = ['schemas', 'registry', 'engine', 'blocks', 'admin', 'web', 'server', 'scripts', 'esbuild.config.mjs', 'tsconfig.json', 'package.json'];
// The database folder (DATA_DIR, ./data) is at the root, never copied; engine/data/ is source.
const SKIPPED = new Set(['node_modules', 'dist', 'generated', 'index.generated.ts']);

export interface ProjectCopy {
  dir: string;
  write(rel: string, text: string): void;
  remove(rel: string): void;
  /** Runs the real build (`tsx esbuild.config.mjs`) in the copy. */
  build(): { status: number | null; output: string };
  dispose(): void;
}

export function copyProject(): ProjectCopy {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-copy-'));
  for (const item of COPIED) {
    const from = path.join(projectRoot, item);
    if (fs.existsSync(from)) fs.cpSync(from, path.join(dir, item), { recursive: true, filter: (src) => !SKIPPED.has(path.basename(src)) });
  }
  fs.symlinkSync(path.join(projectRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return {
    dir,
    write(rel, text) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    },
    remove(rel) {
      fs.rmSync(path.join(dir, rel), { recursive: true, force: true });
    },
    build() {
      const r = spawnSync(path.join(dir, 'node_modules/.bin/tsx'), ['esbuild.config.mjs'], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, NODE_ENV: 'production' },
      });
      return { status: r.status, output: `${r.stdout}\n${r.stderr}` };
    },
    dispose() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
