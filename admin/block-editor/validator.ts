/**
 * The rjsf validator of a block type's options. It reuses the engine's precompiled ajv standalone
 * validator of the type (`blocks/_validators.generated/<type>.js`, passed in as
 * `blockOptionValidators`): no ajv compiler and no `new Function` in the browser (safe under a
 * strict Content Security Policy), compiled with the server's ajv configuration, formats included
 * (registry/ajv.ts). The registry validator refuses anyOf/oneOf/if/$ref in options schemas, so the
 * root validator is the only one rjsf asks for. A type without a generated validator falls back
 * to rjsf's runtime ajv validator with the same options, loaded in its own chunk only then.
 */
import { hashForSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { LazyModuleIndex } from '../../engine';
import { SCHEMA_AJV_OPTIONS } from '../../registry/ajv-options';

/** rjsf's form data type: a plain record (the recursive JsonObject type is too deep for rjsf's generics). */
export type OptionsData = Record<string, unknown>;
export type OptionsValidator = ValidatorType<OptionsData>;

const cache = new WeakMap<object, Promise<OptionsValidator>>();

export function loadOptionsValidator(type: string, schema: RJSFSchema, validators: LazyModuleIndex | undefined): Promise<OptionsValidator> {
  let found = cache.get(schema);
  if (!found) {
    const load = validators && Object.prototype.hasOwnProperty.call(validators, type) ? validators[type] : undefined;
    found = load
      ? load().then((mod) => {
          const fns: ValidatorFunctions = { [hashForSchema(schema)]: mod.default as ValidatorFunctions[string] };
          return createPrecompiledValidator(fns, schema) as OptionsValidator;
        })
      : import('@rjsf/validator-ajv8').then(({ customizeValidator }) => customizeValidator<OptionsData>({ ajvOptionsOverrides: SCHEMA_AJV_OPTIONS }));
    cache.set(schema, found);
  }
  return found;
}
