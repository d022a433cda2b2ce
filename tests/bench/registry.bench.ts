import { readRegistryFiles } from '../../registry/loader';
import { validateRegistryFiles } from '../../registry/validate';
import { defineBenches, medianMs, round } from './harness';

// Validating the whole registry runs at every build and server start: keep it cheap.
// Baseline: reading and parsing the same files without validation.
export default defineBenches([
  {
    name: 'registry.load',
    async run() {
      const { files } = readRegistryFiles();
      const baselineMs = await medianMs(() => readRegistryFiles(), { iterations: 10 });
      const ms = await medianMs(() => validateRegistryFiles(readRegistryFiles().files), { iterations: 10 });
      return [{ bench: 'registry.load', size: files.length, ms, baselineMs, ratio: round(ms / baselineMs, 2) }];
    },
  },
]);
