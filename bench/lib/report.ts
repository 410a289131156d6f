// What the per-dialect benchmarks (api-orders, staff-events, crash) share after their measurements: run each
// dialect in turn on a free port, print the rows as a Markdown table, keep them in bench/results/{name}.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { portInUse, type Dialect } from './bench-database.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Column<R> {
  header: string;
  /** Numbers are right-aligned. */
  numeric?: boolean;
  cell: (row: R) => string | number | null | undefined;
}

export interface DialectRun<R extends { dialect: Dialect; pass: boolean }> {
  /** bench/results/{name}.json, and the table's title `bench/{name} — …`. */
  name: string;
  /** What the title says after the name: the load, the rounds. */
  describe: string;
  port: number;
  dialects: readonly Dialect[];
  run: (dialect: Dialect) => Promise<R>;
  /** The columns after "database". */
  columns: Column<R>[];
}

/** Runs the dialects one after the other, reports them, and answers the rows (exit non-zero unless all pass). */
export async function runDialects<R extends { dialect: Dialect; pass: boolean }>(
  bench: DialectRun<R>,
): Promise<R[]> {
  // A server left on the port would answer instead of ours: refuse to start.
  if (await portInUse(bench.port)) {
    console.error(`port ${bench.port} is already in use: stop what listens there or set PORT`);
    process.exit(2);
  }
  const rows: R[] = [];
  for (const dialect of bench.dialects) {
    const row = await bench.run(dialect);
    rows.push(row);
    process.stderr.write(`${dialect}: ${JSON.stringify(row)}\n`);
  }
  console.log(`\nbench/${bench.name} — ${bench.describe}, ${process.version}\n`);
  console.log(`| database | ${bench.columns.map((c) => c.header).join(' | ')} |`);
  console.log(`|---|${bench.columns.map((c) => (c.numeric ? '---:' : '---')).join('|')}|`);
  for (const r of rows) {
    const cells = bench.columns.map((c) => String(c.cell(r) ?? '–'));
    console.log(`| ${r.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${cells.join(' | ')} |`);
  }
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(
    join(root, `bench/results/${bench.name}.json`),
    JSON.stringify({ date: new Date().toISOString(), rows }, null, 2),
  );
  return rows;
}

export const passCell = (row: { pass: boolean }) => (row.pass ? 'pass' : 'FAIL');
