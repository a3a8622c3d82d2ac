/**
 * Knowing when the kernel's accept queue is empty, so the listening socket can be closed without
 * resetting anyone. The kernel completes a connection on its own (the client sees it open and sends
 * its request) and queues it until the process accepts it; closing the listening socket resets every
 * connection still queued. Node shows nothing of that queue, and a quiet period ("no connection
 * arrived for 50 ms") is a guess a busy machine defeats: a render that holds the event loop longer
 * than the period makes a full queue look empty. The queue is first in, first out, though: the server
 * connects to itself, and once it has accepted that connection it has accepted every one queued before.
 */
import net from 'node:net';

/** The address a connection to `address` (which may be a wildcard) reaches the listener at. */
function reachable(address: net.AddressInfo): string {
  if (address.address === '0.0.0.0') return '127.0.0.1';
  if (address.address === '::') return '::1';
  return address.address;
}

/**
 * Resolves once `server` has accepted every connection the kernel had completed when this was called
 * (or after `timeoutMs`, or at once when it cannot connect to itself: then nothing can be queued either).
 */
export function acceptQueued(server: net.Server, timeoutMs: number): Promise<void> {
  const address = server.address();
  if (address === null || typeof address === 'string') return Promise.resolve();
  return new Promise((resolve) => {
    // Peers accepted before the probe's own port is known (the accept may be handled first).
    const seen = new Set<string>();
    const probe = net.connect({ host: reachable(address), port: address.port });
    let own: string | undefined;
    const peer = (remoteAddress: string | undefined, remotePort: number | undefined) =>
      // A dual-stack listener sees 127.0.0.1 as ::ffff:127.0.0.1.
      `${(remoteAddress ?? '').replace(/^::ffff:/, '')} ${remotePort ?? ''}`;
    const arrived = (key: string) => {
      if (own === undefined) seen.add(key);
      else if (key === own) finish();
    };
    // The server's end of the probe closes by itself once the probe is destroyed (it sent no request).
    const onConnection = (socket: net.Socket) => arrived(peer(socket.remoteAddress, socket.remotePort));
    // Past `maxConnections`, Node closes a connection on arrival and says so with `drop`.
    const onDrop = (data?: net.DropArgument) => arrived(peer(data?.remoteAddress, data?.remotePort));
    const timer = setTimeout(() => finish(), timeoutMs);
    function finish() {
      clearTimeout(timer);
      server.off('connection', onConnection);
      server.off('drop', onDrop);
      probe.destroy();
      resolve();
    }
    server.on('connection', onConnection);
    server.on('drop', onDrop);
    probe.once('error', finish);
    probe.once('connect', () => {
      own = peer(probe.localAddress, probe.localPort);
      if (seen.has(own)) finish();
    });
  });
}
