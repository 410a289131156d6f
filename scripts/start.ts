// `npm start`: build the web app if it has not been built yet, then run the server
// (which migrates and seeds its database on first start).
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(`${root}apps/web/dist/index.html`)) {
  console.log('Building the web app (first start)…');
  execFileSync('npm', ['run', 'build', '-w', '@trapeza/web'], { cwd: root, stdio: 'inherit' });
}
await import('../apps/server/src/server.ts');
