/**
 * Stopping a server without failing anyone: stop accepting connections, let the requests in flight
 * finish (each answered with `Connection: close`, and kept-alive sockets closed as soon as they are
 * idle), and cut what is still open at the deadline. Answers how many requests were cut.
 */
import type http from 'node:http';

/** Keeps the answers in flight, so draining can mark each `Connection: close` before it is sent. */
export function trackRequests(server: http.Server): { inFlight(): number; closeConnections(): void } {
  const open = new Set<http.ServerResponse>();
  let closing = false;
  const markClosing = (res: http.ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    open.add(res);
    if (closing) markClosing(res);
    res.once('close', () => open.delete(res));
  });
  return {
    inFlight: () => open.size,
    closeConnections: () => {
      closing = true;
      open.forEach(markClosing);
    },
  };
}

export async function drain(server: http.Server, requests: ReturnType<typeof trackRequests>, deadlineMs: number): Promise<number> {
  requests.closeConnections();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // A kept-alive socket between two requests holds close() open: close the idle ones now and again
  // while the busy ones finish (close() alone closes only those idle at the moment it is called).
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  server.closeIdleConnections();
  let cut = 0;
  const deadline = new Promise<void>((resolve) =>
    setTimeout(() => {
      cut = requests.inFlight();
      server.closeAllConnections();
      resolve();
    }, deadlineMs).unref(),
  );
  await Promise.race([closed, deadline]);
  clearInterval(sweep);
  return cut;
}
