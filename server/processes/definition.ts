/**
 * The process contract, where the domains that declare process types import it from: it lives in
 * the core (server/process-definition.ts) because the domain seam (server/domain.ts) names it.
 */
export * from '../process-definition';
