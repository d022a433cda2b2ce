/** Field types as the form needs them (accepted rules, progress, display-only), from the generated runtime registry. */
import { runtimeFormRegistry } from '../../registry/generated/runtime-forms';
import type { RuntimeRegistryData } from '../core/registry';

export const registryFieldTypes: RuntimeRegistryData['fields'] = runtimeFormRegistry.fields;
