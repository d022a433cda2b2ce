import type { Options } from 'ajv';

/**
 * The ajv options of every registry schema (registry/ajv.ts adds every ajv-formats format). A
 * module of its own, free of ajv's code, so the admin's fallback validator can share it.
 */
export const SCHEMA_AJV_OPTIONS = { allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true } as const satisfies Options;
