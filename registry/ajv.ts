/**
 * The one ajv configuration for the schemas inside registry entries (block options, field values
 * and opts, rule params, operator values). The server validates with it, and the build compiles
 * each block type's options with it into the standalone validators the admin and the member's
 * browser run, so a value gets the same answer everywhere: strict (a misspelt keyword such as
 * `maxLenght` is an error, not a silent no-op) and with every ajv-formats format (`uri`, `email`...).
 */
import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import { SCHEMA_AJV_OPTIONS } from './ajv-options';

export { SCHEMA_AJV_OPTIONS };

/** `extra` adds code-generation options only (the build's standalone output); validation stays the same. */
export function createSchemaAjv(extra: Pick<Options, 'code' | 'logger'> = {}): Ajv {
  const ajv = new Ajv({ ...SCHEMA_AJV_OPTIONS, ...extra });
  addFormats(ajv);
  return ajv;
}
