export * from './types';
export { validateRegistryFiles, describeAjvErrors, createSchemaAjv } from './validate';
