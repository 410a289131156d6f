// `npm start`: build the web app if it has not been built yet, then run the server
// (which migrates and seeds its database on first start).
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(`${root}apps/web/dist/index.html`)) {
  console.log('Building the web app (first start)…');
  // Always the production build, whatever NODE_ENV the server runs with: the browser journeys start the server with
  // NODE_ENV=test, and a build under it was Vite's development build (development React, 181 KB of initial JS,
  // import.meta.env.DEV true: the bare host's console got the development brand), unlike CI's and a real start's.
  execFileSync('npm', ['run', 'build', '-w', '@trapeza/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
await import('../apps/server/src/server.ts');
