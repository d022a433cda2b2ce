/** The full registry (options schemas and ui hints), which only the admin needs: it lives in the admin chunk. */
import type { RuntimeRegistryData } from '../../engine';
import full from '../../registry/generated/registry.json' with { type: 'json' };

export const fullRegistry = full as unknown as RuntimeRegistryData;
