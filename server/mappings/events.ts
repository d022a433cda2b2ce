/**
 * Community §3 Event definition, built from what the code declares (no list kept by hand): every
 * notification event (engine/core/notifications.ts) with the parameters its email template gets
 * (server/email's NOTIFICATION_PARAMS), and every process type of every running domain's manifest
 * (`processes`, server/processes/definition.ts) with its payload's properties.
 */
import { NOTIFICATION_EVENT_INFO, NOTIFICATION_EVENTS } from '../../engine/core/notifications';
import type { JsonValue } from '../../schemas/model/common';
import type { EventDefinition } from '../../schemas/model/api/mappings';
import type { AppContext } from '../context';
import { NOTIFICATION_PARAMS } from '../email/built-in';

const propertiesOf = (schema: Record<string, JsonValue>): string[] => {
  const properties = schema.properties;
  return properties && typeof properties === 'object' && !Array.isArray(properties) ? Object.keys(properties) : [];
};

export function eventDefinitions(ctx: Pick<AppContext, 'domains'>): EventDefinition[] {
  const notifications = NOTIFICATION_EVENTS.map((event): EventDefinition => {
    const info = NOTIFICATION_EVENT_INFO[event];
    return {
      hook: `notification.${event}`,
      source: 'notification',
      domain: 'notifications',
      definition: { handlerData: { contextFields: [...NOTIFICATION_PARAMS] }, type: info.type, typeId: info.typeId, admin: info.admin },
    };
  });
  const processes = ctx.domains.flatMap((domain) =>
    (domain.processes ?? []).map((p): EventDefinition => ({
      hook: `process.${p.type}`,
      source: 'process',
      domain: domain.name,
      definition: { handlerData: { contextFields: propertiesOf(p.payloadSchema) }, ...(p.kind !== undefined ? { kind: p.kind } : {}) },
    })),
  );
  return [...notifications, ...processes.sort((a, b) => a.hook.localeCompare(b.hook))];
}
