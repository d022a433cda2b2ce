/**
 * Demo seeds, one per domain (server/domain.ts `seed`): each applied once per database, recorded by
 * a `seed` marker named after its domain, so a domain merged later seeds a database that already
 * holds the others. Seeds are idempotent: two processes starting at once may both run one.
 */
import type { AppContext } from './context';
import type { Domain } from './domain';

export async function runSeeds(ctx: AppContext, domains: readonly Domain[]): Promise<string[]> {
  const ran: string[] = [];
  for (const domain of domains) {
    const seed = domain.seed;
    if (!seed) continue;
    const markers = [domain.name, ...(seed.doneWhen ? [seed.doneWhen] : [])];
    if ((await ctx.store.getMany('seed', markers)).length) continue;
    await seed.run(ctx);
    try {
      await ctx.store.transaction(async (tx) => {
        if (!(await tx.get('seed', domain.name))) await tx.put('seed', domain.name, { seededAt: Date.now() });
      });
    } catch (error) {
      // Another process recorded the same marker a moment ago.
      if (!(await ctx.store.get('seed', domain.name))) throw error;
    }
    ran.push(domain.name);
  }
  return ran;
}
