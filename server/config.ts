/** Server configuration, read from the environment once at start. */
import net from 'node:net';
import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; the embedded SQLite file in dataDir when absent. */
  databaseUrl?: string;
  /** PostgreSQL schema to use (created when missing); `public` by default. Lets test runs stay isolated. */
  databaseSchema?: string;
  /** External central login service; the built-in stand-in at /login is off when set. */
  loginUrl?: string;
  /** How long a delete can be reverted, in ms. */
  revertWindowMs: number;
  /** Project root: schemas/, registry/ and server/demo/ are read from it. */
  root: string;
  /** Where the built app lives (index.html and chunks). */
  appDir: string;
  /** Registry folder validated at start. */
  registryDir: string;
  /** Seed the demo content on first start. */
  seedDemo: boolean;
  /** The environment the server started with: a domain reads its own settings from it (the files domain its FILES_S3_*). */
  env: Readonly<Record<string, string | undefined>>;
  /** Log requests (off by default: the benchmark and tests would drown in it). */
  logRequests: boolean;
  /** Background jobs: the longest sleep of a process's runner between two looks at the queue, in ms (JOBS_POLL_MS). */
  jobPollMs: number;
  /** Background jobs run at once per process (JOBS_CONCURRENCY). */
  jobConcurrency: number;
  /** Private addresses the feed check may fetch from all the same (FEED_TRUSTED_ADDRESSES, comma-separated IPs; none by default). */
  feedTrustedAddresses: ReadonlySet<string>;
  /**
   * Which proxies' X-Forwarded-For to believe (TRUST_PROXY): false (the peer's address is the
   * client's) or proxy addresses and CIDR ranges. Per-IP limits (sign-in) count the
   * client this gives, so behind a proxy it must be set or every member shares the proxy's budget.
   */
  trustProxy: false | string[];
  /** Where emails go (SMTP_URL, `smtp://user:pass@host:587` or `smtps://...`); unset, they are kept in the outbox only. */
  smtpUrl?: string;
  /** The From address of every email (EMAIL_FROM); the site's name is its display name. */
  emailFrom: string;
}

/** Default revert window: longer than the 30 s notification so a confirm dialog still succeeds. */
export const DEFAULT_REVERT_WINDOW_MS = 60_000;

export function configFromEnv(env: NodeJS.ProcessEnv, root: string): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const revertWindowMs = Number(env.REVERT_WINDOW_MS ?? DEFAULT_REVERT_WINDOW_MS);
  if (!Number.isFinite(revertWindowMs) || revertWindowMs <= 0)
    throw new Error(`REVERT_WINDOW_MS must be a positive number of ms, got "${env.REVERT_WINDOW_MS}"`);
  const jobPollMs = wholeNumber(env, 'JOBS_POLL_MS', 1000);
  const jobConcurrency = wholeNumber(env, 'JOBS_CONCURRENCY', 4);
  const schema = env.DATABASE_SCHEMA || undefined;
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\/[^\s]+$/.test(smtpUrl)) throw new Error('SMTP_URL must read smtp://host:port or smtps://user:password@host:port');
  const emailFrom = env.EMAIL_FROM || 'no-reply@localhost';
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(emailFrom)) throw new Error(`EMAIL_FROM must be an email address, got "${emailFrom}"`);
  if (schema && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`DATABASE_SCHEMA must be a lower-case SQL identifier, got "${schema}"`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(root, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: schema,
    loginUrl: env.LOGIN_URL || undefined,
    revertWindowMs,
    root,
    appDir: path.join(root, 'dist/app'),
    registryDir: env.REGISTRY_DIR ? path.resolve(env.REGISTRY_DIR) : path.join(root, 'registry'),
    seedDemo: env.SEED_DEMO !== 'false',
    logRequests: env.LOG_REQUESTS === 'true',
    jobPollMs,
    jobConcurrency,
    feedTrustedAddresses: addressList(env, 'FEED_TRUSTED_ADDRESSES'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    smtpUrl,
    emailFrom,
    env: { ...env },
  };
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 3_600_000) throw new Error(`${name} must be a whole number from 1 up, got "${raw}"`);
  return value;
}

function addressList(env: NodeJS.ProcessEnv, name: string): ReadonlySet<string> {
  const list = (env[name] ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const wrong = list.find((a) => !net.isIP(a));
  if (wrong) throw new Error(`${name} must list IP addresses separated by commas, got "${wrong}"`);
  return new Set(list);
}

/**
 * TRUST_PROXY: unset or `false`, or comma-separated proxy IPs and CIDR ranges. `true` (trust anyone)
 * and hop counts are refused: a client could then name its own address.
 */
function trustProxy(raw: string | undefined): false | string[] {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false') return false;
  const list = value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const wrong = list.find((entry) => {
    const [address, bits, extra] = entry.split('/');
    if (extra !== undefined || !net.isIP(address)) return true;
    if (bits === undefined) return false;
    const max = net.isIPv4(address) ? 32 : 128;
    return !/^\d+$/.test(bits) || Number(bits) > max;
  });
  if (wrong !== undefined || list.length === 0)
    throw new Error(`TRUST_PROXY must be false or proxy IPs and CIDR ranges separated by commas, got "${wrong ?? raw}"`);
  return list;
}
