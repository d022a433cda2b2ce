/** The pure engine: no DOM, no fetch. Runs in the browser and in Node (the server validates with it). */
export * from './registry';
export * from './model/migrations';
