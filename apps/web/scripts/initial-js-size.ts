// Sums the gzipped JavaScript a first visit downloads before its first screen: the entry chunk, its static imports,
// and the lazy chunks of the page named on the command line (with their static imports), read from the build
// manifest (dist/.vite/manifest.json). A chunk is named by its source path (`src/app/routes/category.tsx`) or by
// its chunk name (`place`: the place layout and the menu home, one chunk). Without arguments: a first visit to
// /{place}. Chunks a page loads later (footer, language chooser, texts of later screens) are not counted.
//   node scripts/initial-js-size.ts                 # /{place}
//   node scripts/initial-js-size.ts place src/app/routes/category.tsx
//   node scripts/initial-js-size.ts --json          # the figures as JSON on stdout (bench/web)
//   node scripts/initial-js-size.ts --budget        # also exits 1 when the total is over the budget (npm test)
// WEB_DIST_DIR names another build folder than apps/web/dist (as for the server).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

const dist = process.env.WEB_DIST_DIR
  ? `${resolve(process.env.WEB_DIST_DIR)}/`
  : fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8')) as Record<
  string,
  ManifestChunk
>;
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const asJson = process.argv.includes('--json');
/** Issue 17: initial JavaScript ≤ 120 KB gzip on every guest entry (the same entry + place chunk on each). */
const BUDGET_BYTES = 120 * 1024;
const wanted = args.length > 0 ? args : ['place'];

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entryKey) throw new Error('no entry in the build manifest');

function keyOf(name: string): string {
  if (manifest[name]) return name;
  const byName = Object.keys(manifest).filter(
    (k) => manifest[k]!.name === name && manifest[k]!.file.endsWith('.js'),
  );
  if (byName.length !== 1) throw new Error(`no single chunk named ${name} (${byName.length} found)`);
  return byName[0]!;
}

const seen = new Set<string>();
function visit(key: string) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const imported of manifest[key]!.imports ?? []) visit(imported);
}
visit(entryKey);
for (const name of wanted) visit(keyOf(name));

const files = [...seen].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
let total = 0;
const rows = files.map((file) => {
  const gzip = gzipSync(readFileSync(dist + file)).length;
  total += gzip;
  return { file, gzip };
});
if (asJson) {
  console.log(JSON.stringify({ chunks: wanted, files: rows, totalGzipBytes: total }));
} else {
  for (const r of rows) console.log(`${(r.gzip / 1024).toFixed(1).padStart(7)} KB  ${r.file}`);
  console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzip`);
}
if (process.argv.includes('--budget')) {
  const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER';
  const line = `initial JS ${total} B gzip: ${verdict} the ${BUDGET_BYTES} B budget (${BUDGET_BYTES - total} B left)`;
  if (total > BUDGET_BYTES) {
    console.error(
      `${line}: move what the first screen does not need into a lazy chunk (apps/web/src/README.md)`,
    );
    process.exit(1);
  }
  console.error(line);
}
