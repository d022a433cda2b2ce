/**
 * Prints one line per vitest project at the end of a run: its files, their summed time (tests and
 * hooks, then import and set-up) and the wall-clock span from its first file's start to its last
 * file's end. Projects share one run and one pool, so the span, not the sum, is what a project
 * adds to `npm test` when it runs alone; the sum says where the work is. Added beside the default
 * reporter (vitest.config.ts), whose output stays as it is.
 */
import type { Reporter, TestModule } from 'vitest/node';

interface ProjectTimes {
  files: number;
  tests: number;
  imports: number;
  start: number;
  end: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default class ProjectDurationsReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly ended = new Map<string, number>();

  onTestModuleQueued(module: TestModule): void {
    this.started.set(module.moduleId, performance.now());
  }

  onTestModuleEnd(module: TestModule): void {
    this.ended.set(module.moduleId, performance.now());
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const projects = new Map<string, ProjectTimes>();
    for (const module of modules) {
      const name = module.project.name || 'default';
      const times = projects.get(name) ?? { files: 0, tests: 0, imports: 0, start: Infinity, end: 0 };
      const d = module.diagnostic();
      times.files += 1;
      times.tests += d.duration;
      times.imports += d.collectDuration + d.setupDuration + d.environmentSetupDuration + d.prepareDuration;
      times.start = Math.min(times.start, this.started.get(module.moduleId) ?? Infinity);
      times.end = Math.max(times.end, this.ended.get(module.moduleId) ?? 0);
      projects.set(name, times);
    }
    if (!projects.size) return;
    const lines = [...projects].map(([name, t]) => {
      const span = Number.isFinite(t.start) && t.end >= t.start ? seconds(t.end - t.start) : 'n/a';
      return `  ${name.padEnd(10)} ${String(t.files).padStart(3)} files  wall ${span.padStart(8)}  tests ${seconds(t.tests).padStart(8)}  import ${seconds(t.imports).padStart(7)}`;
    });
    process.stdout.write(`\nDuration per project:\n${lines.join('\n')}\n`);
  }
}
