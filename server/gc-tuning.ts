/**
 * V8 settings for a process that serves requests; main.ts imports this module first, so they
 * hold before anything else loads.
 *
 * Allocation-site pretenuring off. V8 watches which allocation sites' objects survive a young
 * collection and, past a threshold, allocates a site's objects straight in the old generation.
 * Under concurrent load a request's objects are often still in flight when a scavenge runs, so
 * V8 can take a site whose objects die with their request for a long-lived one, and the old
 * generation then fills with them: scavenges get several times longer, mark-compacts more
 * frequent. A fresh server process made that decision or not by chance (under load on the media
 * route, about half did) and kept it for its whole life, so its throughput was one of two levels
 * (the commit that added this file has the figures); with pretenuring off every process runs at
 * the faster one. Long-lived data here (the registry, the memos) is built once, so it loses at
 * most a copy or two in the young generation.
 */
import v8 from 'node:v8';

/** The flags, also given to the bench processes (scripts/bench.ts) so peers run under the same ones. */
export const SERVER_V8_FLAGS: readonly string[] = ['--no-allocation-site-pretenuring'];

v8.setFlagsFromString(SERVER_V8_FLAGS.join(' '));
