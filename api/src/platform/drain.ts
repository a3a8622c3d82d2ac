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

/** How long a connection opened before the stop may take to deliver its first request. */
const FIRST_REQUEST_GRACE_MS = 5000;
/**
 * Connections the kernel already took (their requests sent) wait in its accept queue, and closing the
 * listening socket resets them: the stop keeps accepting until none arrived for a moment.
 */
const ACCEPT_QUIET_MS = 50;
const ACCEPT_QUEUE_MAX_MS = 1000;

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
  /** Resolves once no connection has arrived for ACCEPT_QUIET_MS (at most ACCEPT_QUEUE_MAX_MS): the kernel's queue is empty. */
  acceptQueued(): Promise<void>;
  /** Closes connections waiting between two requests, and those that never sent one within the grace; answers how many remain. */
  closeIdle(now: number, graceMs: number): number;
} {
  const open = new Set<http.ServerResponse>();
  const sockets = new Map<net.Socket, Tracked>();
  let closing = false;
  let lastArrival = 0;
  const markClosing = (res: http.ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  server.on('connection', (socket: net.Socket) => {
    lastArrival = Date.now();
    sockets.set(socket, { openedAt: lastArrival, served: 0, busy: false });
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
    async acceptQueued() {
      const started = Date.now();
      do await new Promise((resolve) => setTimeout(resolve, ACCEPT_QUIET_MS));
      while (Date.now() - lastArrival < ACCEPT_QUIET_MS && Date.now() - started < ACCEPT_QUEUE_MAX_MS);
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

/** `stoppedAccepting`: called once the listening socket is closed (new connections refused from then on). */
export async function drain(
  server: http.Server,
  requests: ReturnType<typeof trackRequests>,
  deadlineMs: number,
  stoppedAccepting: () => void = () => undefined,
): Promise<number> {
  requests.closeConnections();
  await requests.acceptQueued();
  // net.Server's close: stops accepting, and calls back once every connection has ended.
  const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
  stoppedAccepting();
  const grace = Math.min(FIRST_REQUEST_GRACE_MS, deadlineMs);
  const sweep = setInterval(() => requests.closeIdle(Date.now(), grace), 50);
  requests.closeIdle(Date.now(), grace);
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
