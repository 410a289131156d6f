/**
 * Starts the real server (`node apps/server/src/server.ts`) as a child process on a free loopback port, for the
 * tests that need a process: signals (graceful shutdown) and files shared with another process (backups).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface SpawnedServer {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** SIGTERM and wait for the exit (SIGKILL after 15 s). */
  stop(): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** `port`: listen there (a restart on the same address); a free port by default. */
export async function spawnServer(
  env: Record<string, string>,
  opts: { port?: number } = {},
): Promise<SpawnedServer> {
  const port = opts.port ?? (await freePort());
  const child = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'silent',
      NODE_NO_WARNINGS: '1',
      DATABASE_URL: '',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${out}`);
    try {
      if ((await fetch(url + '/api/health')).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer on ${url}: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    child,
    output: () => out,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.kill('SIGTERM');
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
