/**
 * The load balancer of the skew drill: Node's own http, round robin over the instances that are up.
 * A request an instance cannot take (it is restarting) goes to the next one, as a load balancer with
 * health checks sends it; only when none answers does the visitor see a 502.
 */
import http from 'node:http';

export interface Backend {
  port: number;
  /** False while the instance is stopped for its restart. */
  up: boolean;
}

export function roundRobinProxy(backends: Backend[]): Promise<{ port: number; close(): Promise<void> }> {
  let next = 0;
  const forward = (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, tries: number): void => {
    const live = backends.filter((b) => b.up);
    const backend = live[next++ % Math.max(1, live.length)];
    if (!backend || tries >= backends.length) {
      res.writeHead(502).end('no instance answered');
      return;
    }
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: backend.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': '127.0.0.1' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => (res.headersSent ? res.destroy() : forward(req, res, body, tries + 1)));
    upstream.end(body);
  };
  const server = http.createServer((req, res) => {
    // Held whole so a retry on another instance can send it again (the drill's bodies are small).
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), 0));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as { port: number }).port,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}
