// Sums the gzipped JavaScript a first visit to a route downloads: the entry chunk, its static imports, and the
// lazy route chunks given on the command line (with their static imports). Usage:
//   node scripts/initial-js-size.ts place-layout place-home
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../dist/assets/', import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
const html = readFileSync(fileURLToPath(new URL('../dist/index.html', import.meta.url)), 'utf8');
const entry = /src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
if (!entry) throw new Error('no entry script in dist/index.html');

const seen = new Set<string>();
function visit(file: string) {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(dir + file, 'utf8');
  for (const m of code.matchAll(/(?:^|;|\n)import\s*(?:[^'"]*?from\s*)?["']\.\/([^"']+\.js)["']/g))
    visit(m[1]!);
}
visit(entry);
for (const name of process.argv.slice(2)) {
  const chunk = files.find((f) => f.startsWith(`${name}-`));
  if (!chunk) throw new Error(`no chunk ${name}`);
  visit(chunk);
}
// The language bundle (Bulgarian) is loaded before the first render.
const bg = files.find((f) => f.startsWith('bg-'));
if (bg) visit(bg);
let total = 0;
for (const f of seen) {
  const size = gzipSync(readFileSync(dir + f)).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${f}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzip`);
