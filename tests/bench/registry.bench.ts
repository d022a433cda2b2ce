import { readRegistryFiles } from '../../registry/loader';
import { validateRegistryFiles } from '../../registry/validate';
import { defineBenches, line, measure, quick } from './harness';

// Validating the whole registry runs at every build and server start: keep it cheap.
// Baseline: reading and parsing the same files without validation. Both sides interleaved run by
// run on this process's CPU time (harness `measure`), so load from other work does not land on one
// side only; three warm-up runs, as the validator's first calls are several times slower (JIT,
// compiled schemas). Reading and parsing takes a few ms: 20 of them per run, as CPU time read
// over a few ms is as coarse as the figure itself.
export default defineBenches([
  {
    name: 'registry.load',
    async run() {
      const { files } = readRegistryFiles();
      const r = await measure(
        { ours: () => validateRegistryFiles(readRegistryFiles().files), baseline: () => readRegistryFiles() },
        { warmup: quick ? 1 : 3, batch: { ours: 1, baseline: 20 } },
      );
      return [line('registry.load', { size: files.length, baseline: 'read and parse only' }, r.ours, r.baseline)];
    },
  },
]);
