import type { Server } from 'node:net';

/**
 * At most `maxPerAddress` connections open at once from one remote address: one more from it is
 * closed as it comes, before any byte of it is read, while other addresses still get in (the
 * server's maxConnections bounds them all). Behind a proxy every connection comes from the
 * proxy's address.
 */
export function limitConnectionsPerAddress(server: Server, maxPerAddress: number): void {
  const openByAddress = new Map<string, number>();
  server.prependListener('connection', (socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const open = openByAddress.get(address) ?? 0;
    if (open >= maxPerAddress) return void socket.destroy();
    openByAddress.set(address, open + 1);
    socket.once('close', () => {
      const left = (openByAddress.get(address) ?? 1) - 1;
      if (left > 0) openByAddress.set(address, left);
      else openByAddress.delete(address);
    });
  });
}
