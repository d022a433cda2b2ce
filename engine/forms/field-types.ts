/** Field types as the form needs them (accepted rules, progress, display-only), from the generated runtime registry. */
import runtime from '../../registry/generated/runtime.json' with { type: 'json' };
import type { RuntimeRegistryData } from '../core/registry';

export const registryFieldTypes: RuntimeRegistryData['fields'] = (runtime as unknown as RuntimeRegistryData).fields;
