/** `npm run schemas`: writes schemas/json/*.schema.json and schemas/registry/*.schema.json. */
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from './paths';
import { generateSchemas } from './schema-generator';

const files = generateSchemas();
for (const [rel, text] of files) {
  const abs = path.join(projectRoot, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, text);
}
console.log(`wrote ${files.size} schemas`);
