// Minimal types for the parts of autocannon the server bench uses (the package ships none).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p99: number; average: number };
    non2xx: number;
    errors: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
