/**
 * The domain seam (docs/architecture.md, "Adding a domain"): a domain is a folder under server/
 * and one manifest, `server/<domain>/index.ts`, exporting a `Domain`. The app (server/app.ts)
 * loops over the list in server/domains.ts and asks each manifest for what it brings; nothing
 * outside a domain's folder names it but that list. A domain reaches another through the other's
 * exported functions (`filesOf(ctx)`, `notify(...)`), never through its routes or its tables.
 */
import type { FastifyInstance } from 'fastify';
import type { Migration } from 'kysely';
import type { AppContext, SignedInUser } from './context';
import type { Socket } from 'socket.io';
import type { RoomScope } from './realtime';
import type { DocumentKindSpec } from './storage/documents';
import { JOB_NAME, type JobDefinition } from './jobs/definition';
import type { ProcessDefinition } from './process-definition';

export type Engine = 'sqlite' | 'postgres';

/** A domain's demo content: applied once per database (a `seed` marker per domain), so a domain merged later still seeds an existing database. */
export interface DomainSeed {
  /**
   * Names a marker this seed counts as done when present (the demo seeded before domains had
   * their own markers recorded one marker, `demo`, for everything it wrote).
   */
  doneWhen?: string;
  run(ctx: AppContext): Promise<void>;
}

/** A realtime room kind (server/realtime.ts): who may join `<kind>:<id>`. */
export interface DomainRoom {
  kind: string;
  /** Unknown ids answer false, like forbidden ones: a refusal never tells one from the other. */
  mayJoin(ctx: AppContext, accountId: string, id: string, scope?: RoomScope): Promise<boolean>;
}

export interface Domain {
  /** The folder name under server/: also its seed marker and the prefix of its migration names. */
  name: string;
  /** Document kinds it stores, each declared once (a `declare module` adds their types to `DocumentKinds`). */
  documents?: Readonly<Record<string, DocumentKindSpec>>;
  /**
   * Its tables: migration name -> migration. New names are timestamped, `20261201T1200_<domain>_<what>`,
   * and run in name order across every domain; a name that sorts before one already run still
   * runs (a domain merged later migrates an existing database). Never edit a released one.
   */
  migrations?(engine: Engine): Record<string, Migration>;
  /** Opens what the domain keeps for the life of the process (a file store, write hooks); runs after migrations, before seeds and routes. */
  open?(ctx: AppContext): void | Promise<void>;
  /** Its calls under /api/v1. */
  routes?(api: FastifyInstance, ctx: AppContext): void | Promise<void>;
  /** Pages outside the API (the stand-in login at /login). */
  siteRoutes?(app: FastifyInstance, ctx: AppContext): void | Promise<void>;
  /** Realtime room kinds: `<kind>:subscribe {id}` joins room `<kind>:<id>` when `mayJoin` says so. */
  rooms?: readonly DomainRoom[];
  /** Attaches its own listeners to each new socket (socket events beyond subscriptions: the composer's presence). */
  onConnection?(ctx: AppContext, socket: Socket): void;
  /** Permission subjects (engine/core/permissions SUBJECTS) whose grants it enforces. */
  permissionSubjects?: readonly string[];
  /** What it adds to the signed-in user's part of `GET init`. Keys must not collide with another domain's. */
  init?(ctx: AppContext, user: SignedInUser): Promise<Record<string, unknown>>;
  /** Demo content (`npm start`'s living demo), applied once per database. */
  seed?: DomainSeed;
  /**
   * Its background jobs (server/jobs): one-off ones it enqueues with `enqueue(ctx, name, payload)`
   * and scheduled ones (`every`), which run once per cluster. Names are unique across domains.
   */
  jobs?: readonly JobDefinition[];
  /**
   * Background processes an admin starts from /admin/tools (server/processes/definition.ts):
   * exports, imports, reindexing. Types are unique across domains; the processes domain runs them.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each definition types its own payload
  processes?: readonly ProcessDefinition<any>[];
  /** Runs once the server listens and realtime exists (timers, start-up sweeps). */
  start?(ctx: AppContext): void | Promise<void>;
  /** Stops what `open` and `start` began; domains close in reverse order. */
  close?(ctx: AppContext): void | Promise<void>;
}

/** Identity, typed: `export default defineDomain({ ... })` in a domain's index.ts. */
export const defineDomain = (domain: Domain): Domain => domain;

/** A timestamped migration name (new migrations); the legacy `000N_` names of before the seam stay as they are. */
export const MIGRATION_NAME = /^(\d{4}_[a-z0-9_]+|\d{8}T\d{4}_[a-z0-9_]+)$/;

/**
 * Every domain's migrations in one record, refusing a name two domains both use and a name that
 * is neither legacy nor timestamped (kysely runs them in name order).
 */
export function collectMigrations(domains: readonly Domain[], engine: Engine): Record<string, Migration> {
  const all: Record<string, Migration> = {};
  const owner = new Map<string, string>();
  for (const domain of domains) {
    for (const [name, migration] of Object.entries(domain.migrations?.(engine) ?? {})) {
      if (!MIGRATION_NAME.test(name))
        throw new Error(`domain ${domain.name}: migration "${name}" must be named YYYYMMDDTHHMM_${domain.name.replace(/-/g, '_')}_<what>`);
      const taken = owner.get(name);
      if (taken) throw new Error(`domain ${domain.name}: migration "${name}" is also declared by domain ${taken}`);
      owner.set(name, domain.name);
      all[name] = migration;
    }
  }
  return all;
}

/** Every job definition by name (the core's first), refusing a malformed name and a name declared twice. */
export function collectJobs(domains: readonly Domain[], core: readonly JobDefinition[] = []): Map<string, JobDefinition> {
  const jobs = new Map<string, JobDefinition>();
  const owner = new Map<string, string>();
  const sources: [string, readonly JobDefinition[]][] = [['core', core], ...domains.map((d) => [d.name, d.jobs ?? []] as [string, readonly JobDefinition[]])];
  for (const [source, definitions] of sources)
    for (const job of definitions) {
      if (!JOB_NAME.test(job.name)) throw new Error(`domain ${source}: job name "${job.name}" must read <domain>.<what>`);
      const taken = owner.get(job.name);
      if (taken) throw new Error(`domain ${source}: job "${job.name}" is also declared by ${taken === 'core' ? 'the core' : `domain ${taken}`}`);
      owner.set(job.name, source);
      jobs.set(job.name, job);
    }
  return jobs;
}

/** Document kinds by domain, refusing a kind two domains both declare. */
export function collectDocumentKinds(domains: readonly Domain[]): Map<string, DocumentKindSpec & { domain: string }> {
  const kinds = new Map<string, DocumentKindSpec & { domain: string }>();
  for (const domain of domains)
    for (const [kind, spec] of Object.entries(domain.documents ?? {})) {
      const taken = kinds.get(kind);
      if (taken) throw new Error(`domain ${domain.name}: document kind "${kind}" is also declared by domain ${taken.domain}`);
      kinds.set(kind, { ...spec, domain: domain.name });
    }
  return kinds;
}

/** Refuses a list with two domains of one name. */
export function checkDomains(domains: readonly Domain[]): void {
  const seen = new Set<string>();
  for (const d of domains) {
    if (!/^[a-z][a-z0-9-]*$/.test(d.name)) throw new Error(`domain name "${d.name}" must be a lower-case folder name`);
    if (seen.has(d.name)) throw new Error(`domain ${d.name} is listed twice`);
    seen.add(d.name);
  }
}
