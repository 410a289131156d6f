/**
 * Start modes (issue "White label for real" item 1, issue "Security hardening" blocker and #2), on the real server
 * process: `DEMO=0` and `NODE_ENV=production` start with no demo data and no payment simulator and say how to
 * create the first platform administrator; a demo start gets random staff passwords (printed and in
 * DATA_DIR/demo-accounts.txt, owner-only), warns that it must not face the internet, and runs the simulator on the
 * loopback interface only, with a random secret in DATA_DIR.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { freePort, REPO_ROOT, spawnServer } from '../test/spawn-server.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'trapeza-modes-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** An address of this machine that is not loopback (the simulator must not answer there). */
const externalAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && !i.internal && i.family === 'IPv4')?.address;

const reachable = async (url: string): Promise<boolean> => {
  try {
    await fetch(url, { signal: AbortSignal.timeout(3000) });
    return true;
  } catch {
    return false;
  }
};

const demoMenu = (base: string) =>
  fetch(`${base}/api/categoriesHierarchy?active=1`, { headers: { client: 'demo', place: 'bistro' } });

const login = (base: string, email: string, password: string) =>
  fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { client: 'demo', place: 'bistro', 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

const CREATE_ADMIN_LINE = /npm run create-admin -- --email you@example\.com/;
const WARNING = /WARNING: demo mode .* must not face the internet/;

describe('start modes', () => {
  test.each([
    ['DEMO=0', { DEMO: '0' }],
    ['NODE_ENV=production', { NODE_ENV: 'production' }],
    ['NODE_ENV=production, DEMO=0', { NODE_ENV: 'production', DEMO: '0' }],
  ])('%s: no demo data, no simulator, one line on the first administrator', async (_name, env) => {
    const dataDir = tempDir();
    const simPort = await freePort();
    const server = await spawnServer({
      DATA_DIR: dataDir,
      PAYMENT_SIMULATOR_PORT: String(simPort),
      ...env,
    });
    try {
      const menu = await demoMenu(server.url);
      expect(menu.status).toBe(404);
      expect(((await menu.json()) as { code?: string }).code).toBe('unknown_client');
      expect((await login(server.url, 'admin@demo.test', 'demo-admin')).status).not.toBe(200);
      expect(await reachable(`http://127.0.0.1:${simPort}/`)).toBe(false);
      const output = server.output();
      expect(output.match(new RegExp(CREATE_ADMIN_LINE.source, 'g'))).toHaveLength(1);
      expect(output).not.toMatch(WARNING);
      expect(output).not.toContain('@demo.test');
      expect(() => statSync(join(dataDir, 'payment-simulator-secret'))).toThrow();
      expect(() => statSync(join(dataDir, 'demo-accounts.txt'))).toThrow();
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  test('production refuses the simulator without DEMO=1 (one line, exit 1)', async () => {
    await expect(
      spawnServer({ DATA_DIR: tempDir(), NODE_ENV: 'production', PAYMENT_SIMULATOR: '1' }),
    ).rejects.toThrow(/Trapeza cannot start: .*simulator .* runs only in demo mode: set DEMO=1/);
  });

  test('development (npm start): the demo with random staff passwords, a warning, the simulator on loopback only', async () => {
    const dataDir = tempDir();
    const simPort = await freePort();
    const server = await spawnServer({
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PAYMENT_SIMULATOR_PORT: String(simPort),
    });
    try {
      const output = server.output();
      expect(output).toMatch(WARNING);
      expect(output).not.toMatch(CREATE_ADMIN_LINE);
      expect((await demoMenu(server.url)).status).toBe(200);

      // Random per installation: printed once, written owner-only to DATA_DIR/demo-accounts.txt; the public ones fail.
      const file = join(dataDir, 'demo-accounts.txt');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const written = readFileSync(file, 'utf8');
      const passwordOf = (email: string) =>
        new RegExp(`account ${email.replace('.', '\\.')} / (\\S+) `).exec(written)?.[1];
      const admin = passwordOf('admin@demo.test');
      const waiter = passwordOf('waiter@demo.test');
      expect(admin).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(waiter).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(admin).not.toBe(waiter);
      expect(output).toContain(`admin@demo.test / ${admin}`);
      expect(output).toContain(file);
      expect((await login(server.url, 'admin@demo.test', 'demo-admin')).status).toBe(401);
      expect((await login(server.url, 'waiter@demo.test', 'demo-waiter')).status).toBe(401);
      expect((await login(server.url, 'admin@demo.test', admin!)).status).toBe(200);
      expect((await login(server.url, 'waiter@demo.test', waiter!)).status).toBe(200);
      expect((await login(server.url, 'guest@demo.test', 'demo-guest')).status).toBe(200);

      // The simulator: on 127.0.0.1, not on the machine's other addresses; its secret random and owner-only.
      expect(await reachable(`http://127.0.0.1:${simPort}/`)).toBe(true);
      if (externalAddress) expect(await reachable(`http://${externalAddress}:${simPort}/`)).toBe(false);
      const secretFile = join(dataDir, 'payment-simulator-secret');
      expect(statSync(secretFile).mode & 0o777).toBe(0o600);
      expect(readFileSync(secretFile, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
    } finally {
      expect(await server.stop()).toBe(0);
    }

    // A second start keeps the passwords (and prints where they are, not what they are).
    const again = await spawnServer({
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PAYMENT_SIMULATOR: '0',
    });
    try {
      expect(again.output()).not.toContain('admin@demo.test');
      expect(again.output()).toContain(`Demo accounts: ${join(dataDir, 'demo-accounts.txt')}`);
    } finally {
      await again.stop();
    }
  }, 120_000);

  test('NODE_ENV=production with DEMO=1: the demo, explicitly, with the warning', async () => {
    const server = await spawnServer({
      DATA_DIR: tempDir(),
      NODE_ENV: 'production',
      DEMO: '1',
      LOG_LEVEL: 'warn',
    });
    try {
      expect(server.output()).toMatch(WARNING);
      expect((await demoMenu(server.url)).status).toBe(200);
      expect((await login(server.url, 'admin@demo.test', 'demo-admin')).status).toBe(401);
    } finally {
      await server.stop();
    }
  }, 90_000);
});

/** The machine's own node when it is too old for the project (node 20 here); null elsewhere. */
const OLD_NODE = ((): string | null => {
  if (!existsSync('/usr/bin/node')) return null;
  const v = spawnSync('/usr/bin/node', ['--version'], { encoding: 'utf8' }).stdout.trim();
  const [major = 0, minor = 0] = v.replace(/^v/, '').split('.').map(Number);
  return major < 22 || (major === 22 && minor < 18) ? v : null;
})();

describe('Node version preflight (scripts/check-node.cjs)', () => {
  test('every npm script that runs TypeScript checks the Node version first', () => {
    const scripts = (
      JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    for (const name of ['start', 'test', 'backup', 'restore', 'create-admin']) {
      expect(scripts[name], name).toMatch(/^node scripts\/check-node\.cjs && node \S+\.ts$/);
    }
  });

  test('passes on this Node', () => {
    const run = spawnSync(process.execPath, ['scripts/check-node.cjs'], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
  });

  test.skipIf(!OLD_NODE)('on an old Node (/usr/bin/node): one line saying what is needed, exit 1', () => {
    const run = spawnSync('/usr/bin/node', ['scripts/check-node.cjs'], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Trapeza needs Node\.js >= 22\.18 .*this is v\d+/);
    expect(lines[0]).toContain('nvm install 24');
    expect(run.stderr).not.toContain('ERR_UNKNOWN_FILE_EXTENSION');
    // `npm start` as a newcomer with that node first on PATH: the same line, exit 1, the server never starts.
    const npmStart = spawnSync('npm', ['start'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, PATH: `/usr/bin:${process.env.PATH}`, DATA_DIR: tempDir() },
      timeout: 60_000,
    });
    expect(npmStart.status).toBe(1);
    expect(npmStart.stderr).toMatch(/Trapeza needs Node\.js >= 22\.18/);
    expect(`${npmStart.stdout}${npmStart.stderr}`).not.toContain('ERR_UNKNOWN_FILE_EXTENSION');
  });
});
