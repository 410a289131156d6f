// Starts a Node process serving HTTP on a port and waits until it answers; used by every benchmark.
import { spawn, type ChildProcess } from 'node:child_process';

export interface RunningServer {
  url: string;
  /** The spawned process (crash benchmarks kill it with SIGKILL). */
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startProcess(
  args: string[],
  opts: {
    port: number;
    env?: Record<string, string>;
    readyPath: string;
    cwd: string;
    /** File descriptor to receive the server's stdout and stderr (default: stdout dropped, stderr inherited). */
    outputFd?: number;
  },
): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: opts.cwd,
    env: { ...process.env, PORT: String(opts.port), ...opts.env },
    stdio:
      opts.outputFd === undefined
        ? ['ignore', 'ignore', 'inherit']
        : ['ignore', opts.outputFd, opts.outputFd],
  });
  const url = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url + opts.readyPath);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${args.join(' ')} did not answer on ${url}${opts.readyPath}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
