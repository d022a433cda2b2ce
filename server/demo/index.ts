/**
 * The demo community, "Riverside Makers" (`npm start`'s living demo; docs/demo.md): the site's
 * modules, pages, blocks and forms, settings and brands, user lists, accounts with profiles and
 * translations, all data in this folder's JSON. Each community domain seeds its own part of the
 * demo from its own folder; this one is the site they live on.
 */
import path from 'node:path';
import { defineDomain } from '../domain';
import { seedDemo } from './seed';

export default defineDomain({
  name: 'demo',
  seed: { run: (ctx) => seedDemo(ctx.store, ctx.validator, path.join(ctx.config.root, 'server/demo')).then(() => undefined) },
});
