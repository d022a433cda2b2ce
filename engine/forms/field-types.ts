/** Field types as the form needs them (accepted rules, progress, display-only), from the generated runtime registry. */
import { runtimeRegistry } from '../../registry/generated/runtime';
import type { RuntimeRegistryData } from '../core/registry';

export const registryFieldTypes: RuntimeRegistryData['fields'] = runtimeRegistry.fields;
