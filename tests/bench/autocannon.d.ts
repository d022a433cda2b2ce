// Minimal types for the parts of autocannon the server bench uses (the package ships none).
declare module 'autocannon' {
  interface RawRequest {
    headers?: Record<string, string>;
    [key: string]: unknown;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    /** Each client loops over these; `setupRequest` may change a request before it is sent. */
    requests?: { setupRequest?: (request: RawRequest, context: object) => RawRequest }[];
  }
  interface Result {
    requests: { average: number; total: number };
    /** Seconds the run took. */
    duration: number;
    latency: { p99: number; average: number };
    non2xx: number;
    errors: number;
  }
  interface Instance extends Promise<Result> {
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): this;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
