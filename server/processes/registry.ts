/**
 * The process types of an app's domains (`processes` in each manifest), collected once: a type
 * two domains declare, or one not named like `exportMembers`, refuses to start the app (as
 * `collectJobs` does for jobs).
 */
import type { AppContext } from '../context';
import type { Domain } from '../domain';
import { PROCESS_TYPE, type ProcessDefinition } from './definition';

export interface RegisteredProcess extends ProcessDefinition<unknown> {
  /** The domain that declared it. */
  domain: string;
}

export function collectProcesses(domains: readonly Domain[]): Map<string, RegisteredProcess> {
  const types = new Map<string, RegisteredProcess>();
  for (const domain of domains)
    for (const definition of domain.processes ?? []) {
      const where = `domain ${domain.name}: process type "${String(definition?.type)}"`;
      if (typeof definition?.type !== 'string' || !PROCESS_TYPE.test(definition.type)) throw new Error(`${where} must be a camelCase name (${PROCESS_TYPE})`);
      const taken = types.get(definition.type);
      if (taken) throw new Error(`${where} is also declared by domain ${taken.domain}`);
      if (!definition.permission || typeof definition.permission.action !== 'string' || typeof definition.permission.subject !== 'string')
        throw new Error(`${where} must name the permission that starts it ({ action, subject })`);
      if (!definition.payloadSchema || typeof definition.payloadSchema !== 'object' || Array.isArray(definition.payloadSchema))
        throw new Error(`${where} must give its payloadSchema (a JSON Schema object)`);
      if (typeof definition.parse !== 'function' || typeof definition.run !== 'function') throw new Error(`${where} must have parse and run functions`);
      if (definition.kind !== undefined && !(Number.isInteger(definition.kind) && definition.kind > 0))
        throw new Error(`${where}: kind must be a positive whole number, got ${definition.kind}`);
      types.set(definition.type, { ...(definition as ProcessDefinition<unknown>), domain: domain.name });
    }
  return types;
}

const byApp = new WeakMap<AppContext, Map<string, RegisteredProcess>>();

/** The app's process types, collected at its first use. */
export function processTypesOf(ctx: AppContext): Map<string, RegisteredProcess> {
  let types = byApp.get(ctx);
  if (!types) byApp.set(ctx, (types = collectProcesses(ctx.domains)));
  return types;
}
