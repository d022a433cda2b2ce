/**
 * The session domain (spec core §7.1): accounts, sign-in (the stand-in login page unless LOGIN_URL
 * names a real service), tokens, init, the user's own account and logout.
 */
import { defineDomain } from '../domain';
import type { Account, LoginSecret } from '../model';
import { sweepExpiredLoginSecrets } from './login-secret-sweep';
import { presenceMigration } from './presence-table';
import { readStoredAccount } from './stored-people';
import { loginRoutes } from './login-routes';
import { sessionRoutes } from './routes';

declare module '../storage/documents' {
  interface DocumentKinds {
    account: Account;
    loginSecret: LoginSecret;
  }
}

/** Login secrets live minutes; a sweep a minute keeps the table small. */
const LOGIN_SECRET_SWEEP_MS = 60_000;

export default defineDomain({
  name: 'session',
  documents: {
    account: {
      cached: true,
      // Rights, privacy and sessions fail closed (stored-people.ts).
      reader: () => {
        // When this process first found an account's revoked-session list unreadable (milliseconds).
        const sessionsEnded = new Map<string, number>();
        const firstSeen = (id: string) => {
          if (!sessionsEnded.has(id)) sessionsEnded.set(id, Date.now());
          return sessionsEnded.get(id)!;
        };
        return (raw, id) =>
          readStoredAccount(raw, id, firstSeen) ?? { item: undefined, problems: ['the stored document is not a JSON object (read as absent)'] };
      },
    },
    loginSecret: {},
  },
  migrations: () => ({ '20261129T0910_session_presence': presenceMigration }),
  routes: sessionRoutes,
  siteRoutes(app, ctx) {
    if (!ctx.config.loginUrl) loginRoutes(app, ctx);
  },
  jobs: [{ name: 'session.sweepLoginSecrets', every: LOGIN_SECRET_SWEEP_MS, run: (ctx) => sweepExpiredLoginSecrets(ctx.store) }],
});
