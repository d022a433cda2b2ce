/** `npm run generate`: validates the registry and writes the generated indexes. Exits 1 naming every problem. */
import { RegistryError } from '../registry/types';
import { buildRegistryArtifacts, writeArtifacts } from './registry-artifacts';
import { projectRoot } from './paths';

try {
  const artifacts = buildRegistryArtifacts(projectRoot);
  writeArtifacts(projectRoot, artifacts);
  console.log(`registry ok: ${artifacts.blockComponents.length} block components, ${artifacts.fieldComponents.length} field components`);
} catch (error) {
  if (error instanceof RegistryError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
