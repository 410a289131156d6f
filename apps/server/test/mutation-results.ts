/**
 * Reading and mending the server's Stryker incremental files (stryker-incremental/<scope>.json; README, Mutation
 * testing), run by hand from apps/server:
 *
 *   node test/mutation-results.ts score <file>             per file and whole: killed, survived, no coverage, ignored
 *   node test/mutation-results.ts survivors <file> [part]  each survivor / no-coverage mutant: line:col, mutator,
 *                                                          original → replacement (files whose path has <part>)
 *   node test/mutation-results.ts requeue-static <file>    static mutants reported survived → Ignored, so the next
 *                                                          incremental run (without MUTATION_IGNORE_STATIC) tries them
 *                                                          again with every test of its scope
 *   node test/mutation-results.ts merge <file> <scoped>    a scoped run's results (its own --incrementalFile) replace
 *                                                          the module file's for the same mutants
 *   node test/mutation-results.ts merge-better <file> <scoped>  the same, but a result replaces the module file's only
 *                                                          where it tells more (killed or timed out over survived, a
 *                                                          tried result over no coverage or ignored): for a run with
 *                                                          fewer test files (the PostgreSQL runs), whose survivor may
 *                                                          be killed by a test it did not run
 *   node test/mutation-results.ts rebase <file>            after an edit of a mutated file: its results follow their
 *                                                          unchanged lines, those of changed lines are dropped and
 *                                                          the changed lines printed (run from apps/server)
 *
 * Why the last two: a static mutant (code run when a module loads or the app is built: text tables, route schemas
 * and summaries) is only tried properly with every test, in a run where the tests that read it run; a whole-module
 * run with MUTATION_IGNORE_STATIC=1 tries "hybrid" ones (also reached inside a test) with their covering tests only,
 * and reports them survived although other tests kill them. Such mutants are measured by a scoped run of their file
 * (`--mutate <file> --force --incrementalFile /tmp/x.json` with MUTATION_TESTS naming the tests that read it) and
 * merged back, so the tracked file tells the truth and the next incremental run reuses it.
 */
import { readFileSync, writeFileSync } from 'node:fs';

interface Position {
  line: number;
  column: number;
}
interface Mutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  statusReason?: string;
  static?: boolean;
  coveredBy?: string[];
  killedBy?: string[];
  location: { start: Position; end: Position };
}
interface TestDefinition {
  id: string;
  name: string;
}
interface Report {
  files: Record<string, { source: string; mutants: Mutant[] }>;
  testFiles?: Record<string, { source?: string; tests: TestDefinition[] }>;
}

const read = (path: string): Report => JSON.parse(readFileSync(path, 'utf8')) as Report;

function counts(mutants: Mutant[]) {
  const c = { killed: 0, timeout: 0, survived: 0, noCoverage: 0, ignored: 0, staticSurvived: 0 };
  for (const m of mutants) {
    if (m.status === 'Killed') c.killed++;
    else if (m.status === 'Timeout') c.timeout++;
    else if (m.status === 'Survived') {
      c.survived++;
      if (m.static) c.staticSurvived++;
    } else if (m.status === 'NoCoverage') c.noCoverage++;
    else if (m.status === 'Ignored') c.ignored++;
  }
  const detected = c.killed + c.timeout;
  const valid = detected + c.survived + c.noCoverage;
  const pct = (n: number, d: number) => (d ? ((100 * n) / d).toFixed(1) : '-');
  return `${pct(detected, valid)} % (${pct(detected, detected + c.survived)} % of covered): killed ${c.killed} · timeout ${c.timeout} · survived ${c.survived} (static ${c.staticSurvived}) · no coverage ${c.noCoverage} · ignored ${c.ignored} — ${mutants.length} mutants`;
}

function score(path: string) {
  const report = read(path);
  const all: Mutant[] = [];
  for (const [file, { mutants }] of Object.entries(report.files)) {
    all.push(...mutants);
    console.log(`${file}: ${counts(mutants)}`);
  }
  console.log(`all: ${counts(all)}`);
}

function survivors(path: string, part = '') {
  for (const [file, { source, mutants }] of Object.entries(read(path).files)) {
    if (!file.includes(part)) continue;
    const lines = source.split('\n');
    console.log(`\n== ${file}: ${counts(mutants)}`);
    const open = mutants.filter((m) => m.status === 'Survived' || m.status === 'NoCoverage');
    open.sort(
      (a, b) =>
        a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column,
    );
    for (const m of open) {
      const { start, end } = m.location;
      const line = lines[start.line - 1] ?? '';
      const original =
        start.line === end.line
          ? line.slice(start.column - 1, end.column - 1)
          : `${line.slice(start.column - 1)} …`;
      const short = (s: string, n: number) => s.replace(/\s+/g, ' ').slice(0, n);
      console.log(
        `${m.status === 'NoCoverage' ? 'NC' : 'S '} ${start.line}:${start.column} ${m.mutatorName}${m.static ? ' (static)' : ''}: ${short(original, 90)} -> ${short(m.replacement ?? '', 60)}`,
      );
    }
  }
}

function requeueStatic(path: string) {
  const report = read(path);
  let n = 0;
  for (const { mutants } of Object.values(report.files)) {
    for (const m of mutants) {
      if (m.static && (m.status === 'Survived' || m.status === 'NoCoverage')) {
        m.status = 'Ignored';
        m.statusReason = 'requeued: a static mutant reported survived, to be tried with every test';
        n++;
      }
    }
  }
  writeFileSync(path, JSON.stringify(report));
  console.log(`${n} requeued`);
}

const sameMutant = (a: Mutant, b: Mutant) =>
  a.mutatorName === b.mutatorName &&
  a.replacement === b.replacement &&
  a.location.start.line === b.location.start.line &&
  a.location.start.column === b.location.start.column &&
  a.location.end.line === b.location.end.line &&
  a.location.end.column === b.location.end.column;

/** How much a result tells: a detected mutant over a survivor over one never tried. */
const RANK: Record<string, number> = { Killed: 3, Timeout: 3, Survived: 2, NoCoverage: 1, Ignored: 0 };
const rank = (m: Mutant | undefined) => (m ? (RANK[m.status] ?? 0) : -1);

function merge(mainPath: string, scopedPath: string, onlyBetter = false) {
  const main = read(mainPath);
  const scoped = read(scopedPath);
  main.testFiles ??= {};
  // Test ids are numbered per run: map the scoped run's to the module file's by test file and name.
  const scopedKey = new Map<string, { file: string; test: TestDefinition }>();
  for (const [file, { tests }] of Object.entries(scoped.testFiles ?? {})) {
    for (const test of tests) scopedKey.set(test.id, { file, test });
  }
  const mainId = new Map<string, string>();
  let lastTestId = 0;
  for (const [file, { tests }] of Object.entries(main.testFiles)) {
    for (const test of tests) {
      mainId.set(`${file}#${test.name}`, test.id);
      lastTestId = Math.max(lastTestId, Number(test.id) || 0);
    }
  }
  const mapIds = (ids: string[] | undefined) =>
    ids?.map((id) => {
      const found = scopedKey.get(id);
      if (!found) throw new Error(`test ${id} is not in ${scopedPath}`);
      const key = `${found.file}#${found.test.name}`;
      const known = mainId.get(key);
      if (known) return known;
      const added = String(++lastTestId);
      const target = (main.testFiles![found.file] ??= {
        source: scoped.testFiles?.[found.file]?.source,
        tests: [],
      });
      target.tests.push({ ...found.test, id: added });
      mainId.set(key, added);
      return added;
    });
  let lastMutantId = 0;
  for (const { mutants } of Object.values(main.files)) {
    for (const m of mutants) lastMutantId = Math.max(lastMutantId, Number(m.id) || 0);
  }
  let replaced = 0;
  let added = 0;
  for (const [file, entry] of Object.entries(scoped.files)) {
    if (main.files[file]?.source !== entry.source) {
      console.log(`${file}: another version of the source in the module file; the scoped run's results only`);
      main.files[file] = { source: entry.source, mutants: [] };
    }
    const target = main.files[file]!.mutants;
    for (const m of entry.mutants) {
      const i = target.findIndex((x) => sameMutant(x, m));
      if (onlyBetter && rank(m) <= rank(target[i])) continue;
      const next: Mutant = { ...m, coveredBy: mapIds(m.coveredBy), killedBy: mapIds(m.killedBy) };
      if (i >= 0) {
        next.id = target[i]!.id;
        target[i] = next;
        replaced++;
      } else {
        next.id = String(++lastMutantId);
        target.push(next);
        added++;
      }
    }
  }
  writeFileSync(mainPath, JSON.stringify(main));
  console.log(`${replaced} replaced, ${added} added`);
}

/**
 * Line numbers of `before` mapped to `after` where the line is unchanged (a longest common subsequence of lines), so
 * results of unchanged code can follow a file that was edited elsewhere; changed lines map to nothing.
 */
function lineMap(before: string[], after: string[]): Map<number, number> {
  const n = before.length;
  const m = after.length;
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] =
        before[i] === after[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const map = new Map<number, number>();
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (before[i] === after[j]) map.set(++i, ++j);
    else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) i++;
    else j++;
  }
  return map;
}

/**
 * A module file whose mutated sources were edited since its runs (a product fix in another line): each file whose
 * source differs from the one on disk takes the disk's source, its mutants on unchanged lines move with their
 * lines (results kept), those on changed lines are dropped; the changed line ranges (new numbering) are printed for a
 * scoped run of them, merged back afterwards. Stryker's own incremental run does the same when it runs the module.
 */
function rebase(path: string) {
  const report = read(path);
  for (const [file, entry] of Object.entries(report.files)) {
    let now: string;
    try {
      now = readFileSync(file, 'utf8');
    } catch {
      console.log(`${file}: not on disk, left as it is`);
      continue;
    }
    if (now === entry.source) continue;
    const map = lineMap(entry.source.split('\n'), now.split('\n'));
    const kept: Mutant[] = [];
    for (const m of entry.mutants) {
      const lines: (number | undefined)[] = [];
      for (let l = m.location.start.line; l <= m.location.end.line; l++) lines.push(map.get(l));
      // A mutant spanning lines keeps its result only if all its lines are unchanged and still consecutive.
      const ok = lines.every((l, k) => l !== undefined && l === lines[0]! + k);
      if (!ok) continue;
      const shift = lines[0]! - m.location.start.line;
      kept.push({
        ...m,
        location: {
          start: { ...m.location.start, line: m.location.start.line + shift },
          end: { ...m.location.end, line: m.location.end.line + shift },
        },
      });
    }
    const mapped = new Set(map.values());
    const changed: number[] = [];
    now.split('\n').forEach((_, k) => {
      if (!mapped.has(k + 1)) changed.push(k + 1);
    });
    console.log(
      `${file}: ${entry.mutants.length - kept.length} of ${entry.mutants.length} mutants dropped; changed lines ${changed.join(' ')}`,
    );
    entry.source = now;
    entry.mutants = kept;
  }
  writeFileSync(path, JSON.stringify(report));
}

const [command, file, extra] = process.argv.slice(2);
if (!file)
  throw new Error(
    'usage: node test/mutation-results.ts score|survivors|requeue-static|merge|merge-better|rebase <file> [...]',
  );
if (command === 'score') score(file);
else if (command === 'survivors') survivors(file, extra);
else if (command === 'requeue-static') requeueStatic(file);
else if (command === 'merge' && extra) merge(file, extra);
else if (command === 'merge-better' && extra) merge(file, extra, true);
else if (command === 'rebase') rebase(file);
else throw new Error(`unknown command ${command ?? ''}`);
