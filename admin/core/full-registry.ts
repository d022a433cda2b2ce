/** The full registry (options schemas and ui hints), which only the admin needs: it lives in the admin chunk. */
export { fullRegistry } from '../../registry/generated/registry';
