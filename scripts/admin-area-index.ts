/**
 * `admin/areas/index.generated.ts`: area -> lazy import() of `admin/areas/<area>/index.tsx`, one
 * chunk each, so an area is a folder and nothing else. Every area of the catalogue
 * (engine/core/admin-areas.ts) must have its folder, and every folder must be an area of it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_AREAS } from '../engine/core/admin-areas';
import type { RegistryProblem } from '../registry/types';

export const ADMIN_AREA_INDEX = 'admin/areas/index.generated.ts';

export function adminAreaIndex(root: string, header: string): { text: string; problems: RegistryProblem[] } {
  const dir = path.join(root, 'admin/areas');
  const folders = fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
  const areas = ADMIN_AREAS.map((a) => a.area as string);
  const problems: RegistryProblem[] = [
    ...folders
      .filter((f) => !areas.includes(f))
      .map((f) => ({ file: `admin/areas/${f}/`, pointer: '', message: 'not an admin area of engine/core/admin-areas.ts (names must match exactly)' })),
    ...areas
      .filter((a) => !fs.existsSync(path.join(dir, a, 'index.tsx')))
      .map((a) => ({
        file: `admin/areas/${a}/index.tsx`,
        pointer: '',
        message: `the admin area "${a}" has no screen: add the folder (until its issue lands, its index.tsx exports arrivesWith(...))`,
      })),
  ];
  const lines = areas.map((a) => `  ${a}: () => import('./${a}/index.tsx'),`);
  const text =
    `${header}import type { AdminAreaName } from '../../engine/core/admin-areas';\nimport type { AdminAreaModule } from '../frame/types';\n\n` +
    `export const adminAreaLoaders: Record<AdminAreaName, () => Promise<AdminAreaModule>> = {\n${lines.join('\n')}\n};\n`;
  return { text, problems };
}
