/**
 * The flags a serving Node process is launched with: on the command line, because V8 flags set
 * after start-up (v8.setFlagsFromString) have unpredictable effects. scripts/start.mjs (npm start)
 * passes them, the tests' and benches' server too (tests/helpers/server-process.ts), and the bench
 * runner gives them to every bench process (scripts/bench.ts), so both sides of a comparison run
 * under them. Run the built server by hand as `node --no-allocation-site-pretenuring dist/server/main.js`.
 *
 * Allocation-site pretenuring off. V8 watches which allocation sites' objects survive a young
 * collection and, past a threshold, allocates a site's objects straight in the old generation.
 * Under concurrent load a request's objects are often still in flight when a scavenge runs, so
 * V8 can take a site whose objects die with their request for a long-lived one, and the old
 * generation then fills with them: scavenges get several times longer, mark-compacts more
 * frequent. A fresh server process made that decision or not by chance and kept it for its whole
 * life, so its throughput was one of two levels; with pretenuring off every process runs at the
 * faster one. Long-lived data here (the registry, the memos) is built once, so it loses at most a
 * copy or two in the young generation.
 */
export const SERVER_NODE_FLAGS = Object.freeze(['--no-allocation-site-pretenuring']);
