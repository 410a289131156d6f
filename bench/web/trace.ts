// Main-thread work of guest entries by thread CPU time (issue 17): Chrome traces of each page's load on the real
// server (NODE_ENV=production, fresh demo database), RUNS times (default 5) interleaved. A task's thread time (the
// trace's `tdur`) is what a loaded machine's preemption does not stretch, where Lighthouse reads wall time — on the
// shared 2 cores a 5 ms layout was seen taking 70 ms of wall time. Prints per page the median of
// Σ max(0, 4 × task − 50 ms) over the tasks after the first contentful paint (the 4× CPU slowdown of Lighthouse's
// mobile preset: an estimate of its blocking time on a quiet machine) and the main thread's total thread time.
//   npm run web-trace -w @trapeza/bench -- /hotel/t/demo-r105 /bistro/t/demo-t5     (BENCH_WEB_PORT, default 3311)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { startProcess } from '../lib/server-process.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const runs = Number(process.env.RUNS ?? 5);
const paths = process.argv.slice(2);
if (paths.length === 0)
  throw new Error('name the pages: npm run web-trace -w @trapeza/bench -- /hotel/t/demo-r105');

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

const server = await startProcess(['apps/server/src/server.ts'], {
  port: Number(process.env.BENCH_WEB_PORT ?? 3311),
  cwd: root,
  env: {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'trapeza-bench-trace-')),
    NODE_ENV: 'production',
    DEMO: '1',
    LOG_LEVEL: 'warn',
  },
  readyPath: '/api/health',
});
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});

/** The page's own renderer main thread: the one that parsed its HTML (not about:blank's). */
function mainThread(events: TraceEvent[]): TraceEvent[] {
  const parsed = (t: TraceEvent) =>
    events
      .filter((e) => e.name === 'ParseHTML' && e.pid === t.pid && e.tid === t.tid)
      .reduce((sum, e) => sum + (e.dur ?? 0), 0);
  const main = events
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .sort((a, b) => parsed(b) - parsed(a))[0];
  if (!main) throw new Error('no renderer main thread in the trace');
  return events.filter((e) => e.pid === main.pid && e.tid === main.tid);
}

const results = new Map<string, { blocking: number[]; cpu: number[] }>(
  paths.map((p) => [p, { blocking: [], cpu: [] }]),
);
try {
  for (let run = 0; run < runs; run++) {
    for (const path of paths) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.tracing.start({
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'loading'],
      });
      await page.goto(server.url + path, { waitUntil: 'load' });
      await new Promise((r) => setTimeout(r, 3000));
      const buffer = await page.tracing.stop();
      await context.close();
      const events = mainThread(
        (JSON.parse(Buffer.from(buffer!).toString()) as { traceEvents: TraceEvent[] }).traceEvents,
      );
      const fcp = events.find((e) => e.name === 'firstContentfulPaint')?.ts ?? 0;
      const tasks = events.filter(
        (e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.tdur !== undefined,
      );
      const r = results.get(path)!;
      r.cpu.push(tasks.reduce((sum, t) => sum + t.tdur! / 1000, 0));
      r.blocking.push(
        tasks.filter((t) => t.ts > fcp).reduce((sum, t) => sum + Math.max(0, (4 * t.tdur!) / 1000 - 50), 0),
      );
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
console.log(`\nMain thread by thread CPU time, median of ${runs} (each run in brackets)\n`);
console.log('| page | 4× blocking after FCP | main-thread CPU |');
console.log('|---|---|---|');
for (const [path, r] of results)
  console.log(
    `| ${path} | ${median(r.blocking).toFixed(0)} ms [${r.blocking.map((b) => b.toFixed(0)).join(', ')}] | ` +
      `${median(r.cpu).toFixed(0)} ms |`,
  );
