/** The flags a serving Node process is launched with (server-flags.mjs says which and why). */
export declare const SERVER_NODE_FLAGS: readonly string[];
