// What both dev-env child processes do once started: serve until their standard input closes (the
// test ended, or died) or SIGTERM comes, then close the network and exit.
import process from 'node:process';

/** Keeps `network` up until the parent lets go of this process. */
export function serveUntilTold(network) {
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await network.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', close);
  process.stdin.on('end', close);
  process.stdin.resume();
}
