/**
 * A TCP relay to Redis (TEST_REDIS_URL) that a test can cut, to take Redis away from a running app: point the
 * app's REDIS_URL at `url`, then `cut()` closes the relay and every connection through it.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { TEST_REDIS_URL } from './harness.ts';

export async function redisRelay(): Promise<{ url: string; cut: () => Promise<void> }> {
  const target = new URL(TEST_REDIS_URL);
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection({ host: target.hostname, port: Number(target.port || 6379) });
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  };
}
