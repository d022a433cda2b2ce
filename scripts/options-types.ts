/**
 * Block options types generated from the registry's options schemas (`blocks/options.generated.ts`):
 * the registry is the source of truth, and a component typed with its generated interface cannot
 * drift from its schema without `npm run typecheck` failing. Covers what options schemas may use
 * (the registry validator refuses anyOf/oneOf/$ref/if): type, enum, const, properties, required,
 * additionalProperties and items.
 */
import type { JsonSchema, JsonValue } from '../schemas/model';

type Schema = { [keyword: string]: JsonValue };

const isSchema = (value: JsonValue | undefined): value is Schema => !!value && typeof value === 'object' && !Array.isArray(value);

/** `callout` -> `CalloutOptions`. */
export function optionsTypeName(type: string): string {
  return `${type[0].toUpperCase()}${type.slice(1)}Options`;
}

function comment(schema: Schema, indent: string): string {
  const text = [schema.title, schema.description].filter((t): t is string => typeof t === 'string' && t.length > 0).join(': ');
  return text ? `${indent}/** ${text.replace(/\*\//g, '*\\/')} */\n` : '';
}

function objectType(schema: Schema, indent: string): string {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const inner = `${indent}  `;
  const lines = Object.entries(properties).map(([name, sub]) => {
    const key = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
    const sch = isSchema(sub) ? sub : {};
    return `${comment(sch, inner)}${inner}${key}${required.has(name) ? '' : '?'}: ${typeOf(sch, inner)};`;
  });
  const extra = schema.additionalProperties;
  if (extra !== false && extra !== undefined) lines.push(`${inner}[key: string]: ${isSchema(extra) ? typeOf(extra, inner) : 'JsonValue'} | undefined;`);
  if (!lines.length) return extra === false ? 'Record<string, never>' : 'JsonObject';
  return `{\n${lines.join('\n')}\n${indent}}`;
}

function typeOf(schema: Schema, indent: string): string {
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const types = Array.isArray(schema.type) ? schema.type : typeof schema.type === 'string' ? [schema.type] : [];
  if (!types.length) return 'JsonValue';
  return types
    .map((t) => {
      switch (t) {
        case 'string':
          return 'string';
        case 'number':
        case 'integer':
          return 'number';
        case 'boolean':
          return 'boolean';
        case 'null':
          return 'null';
        case 'array': {
          const item = isSchema(schema.items) ? typeOf(schema.items, indent) : 'JsonValue';
          return /[|{]/.test(item) ? `(${item})[]` : `${item}[]`;
        }
        case 'object':
          return objectType(schema, indent);
        default:
          return 'JsonValue';
      }
    })
    .join(' | ');
}

/** The TypeScript declaration of one block type's options. */
export function optionsInterface(type: string, schema: JsonSchema): string {
  const body = objectType(schema, '');
  const name = optionsTypeName(type);
  return body.startsWith('{') ? `export interface ${name} ${body}\n` : `export type ${name} = ${body};\n`;
}

/** The whole generated module for the given block types. */
export function optionsTypesModule(blocks: { type: string; options: JsonSchema }[], header: string): string {
  const decls = blocks.map((b) => `/** Options of the ${b.type} block (registry/blocks/${b.type}.json). */\n${optionsInterface(b.type, b.options)}`);
  const uses = (name: string) => decls.some((d) => new RegExp(`\\b${name}\\b`).test(d));
  const imported = ['JsonObject', 'JsonValue'].filter(uses);
  const imports = imported.length ? `import type { ${imported.join(', ')} } from '../schemas/model';\n\n` : '';
  return `${header}${imports}${decls.join('\n')}`;
}
