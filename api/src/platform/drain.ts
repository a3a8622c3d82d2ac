/**
 * Stopping a server without failing anyone: stop accepting connections, let every request already
 * sent finish (each answered with `Connection: close`, after which the server closes its connection),
 * and cut what is still open at the deadline. Answers how many requests were cut.
 *
 * Node's closeIdleConnections() counts a connection whose request is still unread (its bytes in the
 * socket, the event loop busy rendering) as idle and resets it: a request the client sent, lost; and
 * http.Server's close() calls it. So the listening socket is closed as a plain net.Server's is, and
 * only connections that have answered a request and wait between two are closed at once; a connection
 * that has not yet delivered its first request gets a grace period to do so.
 */
import type http from 'node:http';
import net from 'node:net';
import { acceptQueued } from './accept-queue';

/** How long a connection opened before the stop may take to deliver its first request. */
const FIRST_REQUEST_GRACE_MS = 5000;

interface Tracked {
  openedAt: number;
  /** Answers completed on it. */
  served: number;
  busy: boolean;
}

/** Keeps the connections and answers in flight, so draining can mark each `Connection: close` before it is sent. */
export function trackRequests(server: http.Server): {
  inFlight(): number;
  closeConnections(): void;
  /** Closes connections waiting between two requests, and those that never sent one within the grace; answers how many remain. */
  closeIdle(now: number, graceMs: number): number;
} {
  const open = new Set<http.ServerResponse>();
  const sockets = new Map<net.Socket, Tracked>();
  let closing = false;
  const markClosing = (res: http.ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  server.on('connection', (socket: net.Socket) => {
    sockets.set(socket, { openedAt: Date.now(), served: 0, busy: false });
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    open.add(res);
    const tracked = sockets.get(req.socket);
    if (tracked) tracked.busy = true;
    if (closing) markClosing(res);
    res.once('close', () => {
      open.delete(res);
      if (tracked) {
        tracked.busy = false;
        tracked.served += 1;
      }
    });
  });
  return {
    inFlight: () => open.size,
    closeConnections: () => {
      closing = true;
      open.forEach(markClosing);
    },
    closeIdle(now, graceMs) {
      for (const [socket, tracked] of sockets) {
        if (tracked.busy) continue;
        // end(), not destroy(): the last answer may still be flushing, and destroy() would cut it.
        if (tracked.served > 0) socket.end();
        else if (now - tracked.openedAt > graceMs) socket.destroy();
      }
      return sockets.size;
    },
  };
}

/**
 * `stoppedAccepting`: called once the listening socket is closed (new connections refused from then on).
 * `deadlineMs` counts from the call: taking the kernel's queue is part of it.
 */
export async function drain(
  server: http.Server,
  requests: ReturnType<typeof trackRequests>,
  deadlineMs: number,
  stoppedAccepting: () => void = () => undefined,
): Promise<number> {
  const deadlineAt = Date.now() + deadlineMs;
  requests.closeConnections();
  await acceptQueued(server, deadlineMs);
  // net.Server's close: stops accepting, and calls back once every connection has ended.
  const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
  stoppedAccepting();
  const grace = Math.min(FIRST_REQUEST_GRACE_MS, deadlineMs);
  // After the poll phase (setImmediate), not in a timer before it: bytes the kernel already holds are
  // read first, so a request sent on a kept-alive connection while the event loop was busy makes that
  // connection busy rather than idle, and is answered instead of lost to the FIN.
  const closeIdle = () => setImmediate(() => requests.closeIdle(Date.now(), grace));
  const sweep = setInterval(closeIdle, 50);
  closeIdle();
  let cut = 0;
  const deadline = new Promise<void>((resolve) =>
    setTimeout(
      () => {
        cut = requests.inFlight();
        server.closeAllConnections();
        resolve();
      },
      Math.max(0, deadlineAt - Date.now()),
    ).unref(),
  );
  await Promise.race([closed, deadline]);
  clearInterval(sweep);
  return cut;
}
