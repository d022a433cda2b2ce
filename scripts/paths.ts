import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root, whichever script or test imports this. */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
