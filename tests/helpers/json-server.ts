/** A real local HTTP server for client tests: routes by "METHOD path" to handlers, records every request. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}
export interface Reply {
  status?: number;
  body?: unknown;
  /** Send the body as text/plain instead of JSON. */
  text?: boolean;
}
export type Handler = (req: RecordedRequest) => Reply | Promise<Reply>;

export interface JsonServer {
  url: string;
  requests: RecordedRequest[];
  routes: Map<string, Handler>;
  close(): Promise<void>;
}

export async function startJsonServer(routes: Record<string, Handler> = {}): Promise<JsonServer> {
  const table = new Map(Object.entries(routes));
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        // keep the raw text
      }
      const recorded = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body };
      requests.push(recorded);
      const handler = table.get(`${recorded.method} ${url.pathname}`);
      const reply = handler ? await handler(recorded) : { status: 404, body: { error: 'NotFound', message: `No route ${recorded.method} ${url.pathname}` } };
      const status = reply.status ?? 200;
      if (reply.text) res.writeHead(status, { 'content-type': 'text/plain' }).end(String(reply.body ?? ''));
      else if (reply.body === undefined) res.writeHead(status).end();
      else res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    routes: table,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An unsigned JWT-shaped token with the given issued-at (seconds). */
export function fakeJwt(iatSeconds: number, sub = '1'): string {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ sub, iat: iatSeconds })}.sig`;
}
