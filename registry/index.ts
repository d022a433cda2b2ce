export * from './types';
export { validateRegistryFiles, describeAjvErrors } from './validate';
export { createSchemaAjv, SCHEMA_AJV_OPTIONS } from './ajv';
