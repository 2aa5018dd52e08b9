/** Loopback ports for the servers the interop suite starts, and waiting for them to listen. */
import { createConnection, createServer } from 'node:net';

/** A port the kernel just handed out on 127.0.0.1 and that nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP port was assigned');
  return address.port;
}

/**
 * Resolves once something accepts connections on `port`, or rejects after `timeoutMs` (or as soon as `failed()`
 * says the server process has died, with its reason).
 */
export async function waitForPort(port: number, timeoutMs: number, failed: () => string | undefined): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = failed();
    if (reason !== undefined) throw new Error(reason);
    if (await accepts(port)) return;
    if (Date.now() > deadline) throw new Error(`nothing listened on 127.0.0.1:${port} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
