// Web speed benchmark (issues "Menu browsing", Speed, and 17 "Every guest entry"): Lighthouse — mobile preset,
// simulated throttling, the default config — on the real server's guest entries: /bistro, a category page and a
// product page with no cookie, the table QR scan (/bistro/t/demo-t5), /bistro with the table's order-token cookie,
// /bistro signed in, the room QR scan (/hotel/t/demo-r105) and /bistro/about, each beside a plain static HTML page
// showing the same first screen (generated from the API's data, served by a tiny static server in this process), in
// one run with one Chromium. Each page is measured RUNS times (default 3, interleaved) and the median run is reported.
// Budgets: performance ≥ 95, LCP ≤ 1.5 × its static page's, CLS ≤ 0.02, initial JS ≤ 120 KB gzip (the entry and the
// place chunk every entry starts with: the build's own figure). The repeat visit (issue 17 #3): /bistro opened again
// by a guest whose browser has the app's service worker and its copies (a first visit made just before, in the same
// browser, until the worker keeps the page; Lighthouse then keeps the storage), compared with the static page's first
// visit: LCP ≤ 1.0 ×. PAGES=qr,about,repeat,… measures only the rows whose name contains one of those words (and
// their static pages).
//   npm run web -w @trapeza/bench            (builds the web app first; SKIP_BUILD=1 to reuse apps/web/dist)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { startProcess } from '../lib/server-process.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const runs = Number(process.env.RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const BUDGET = { score: 95, lcpRatio: 1.5, repeatLcpRatio: 1.0, cls: 0.02, initialJsKb: 120 };
/** The server's port (BENCH_WEB_PORT, default 3301) and the static pages' (BENCH_STATIC_PORT, default the next one). */
const APP_PORT = Number(process.env.BENCH_WEB_PORT ?? 3301);
const STATIC_PORT = Number(process.env.BENCH_STATIC_PORT ?? APP_PORT + 1);

if (!process.env.SKIP_BUILD) {
  execFileSync('npm', ['run', 'build', '-w', '@trapeza/web'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
const initialJs = JSON.parse(
  execFileSync(process.execPath, ['apps/web/scripts/initial-js-size.ts', '--json'], {
    cwd: root,
    encoding: 'utf8',
  }),
) as { totalGzipBytes: number };
const initialJsKb = initialJs.totalGzipBytes / 1024;

const dataDir = mkdtempSync(join(tmpdir(), 'trapeza-bench-web-'));
const server = await startProcess(['apps/server/src/server.ts'], {
  port: APP_PORT,
  cwd: root,
  env: { DATA_DIR: dataDir, NODE_ENV: 'production', DEMO: '1', LOG_LEVEL: 'warn' },
  readyPath: '/api/health',
});

interface Category {
  slug: string;
  name: string;
  icon: string | null;
  background_image: string | null;
  children?: Category[];
}
interface Product {
  slug: string;
  catHierarchyId: number | null;
}

const api = async <T>(path: string, place = 'bistro'): Promise<T> => {
  const res = await fetch(`${server.url}/api/${path}`, { headers: { client: 'demo', place } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as T;
};

// --- the plain static pages: the same first screens (header, venue name, root category tiles; the table bar; the
// about page's text) ---------------------------------------------------------------------------------------------
const categories = await api<Category[]>('categoriesHierarchy?active=1');
const products = await api<Product[]>('products?active=1');
const staticDir = mkdtempSync(join(tmpdir(), 'trapeza-bench-static-'));
mkdirSync(join(staticDir, 'img'));
const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
async function copyImage(path: string | null): Promise<string | null> {
  if (!path) return null;
  const res = await fetch(server.url + path);
  if (!res.ok) return null;
  const name = path.split('/').pop()!;
  writeFileSync(join(staticDir, 'img', name), Buffer.from(await res.arrayBuffer()));
  return `/img/${name}`;
}
const STYLE = `body{margin:0;font-family:system-ui,sans-serif;background:#f6f3ef;color:#1d1b19}
header{display:flex;align-items:center;gap:.75rem;padding:.5rem 1rem;background:#8a2c0d;color:#fff;min-height:3.5rem}
header img{height:40px;width:120px;object-fit:contain}main{max-width:60rem;margin:0 auto;padding:1rem}
ul{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(2,1fr);gap:.75rem}
a{display:grid;gap:.5rem;background:#fff;border-radius:.75rem;padding:.5rem;color:inherit;text-decoration:none;font-weight:600}
a img{width:100%;height:auto;aspect-ratio:1;border-radius:.5rem}
.bar{position:sticky;bottom:0;display:flex;gap:.5rem;align-items:center;padding:.5rem 1rem;background:#fff}`;
/** A static page in its own folder of the static server: `/{folder}/`. */
function writeStatic(folder: string, title: string, header: string, main: string): string {
  mkdirSync(join(staticDir, folder));
  writeFileSync(
    join(staticDir, folder, 'index.html'),
    `<!doctype html><html lang="bg"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${header}${main}</body></html>`,
  );
  return `http://127.0.0.1:${STATIC_PORT}/${folder}/`;
}
/** The place home's first screen: header, venue name, root category tiles, and the table bar's text and buttons. */
async function staticHome(folder: string, place: string, bar: string | null): Promise<string> {
  const info = await api<{ name: string }>('place', place);
  const settings = await api<Record<string, { value: unknown } | undefined>>('settings', place);
  const roots = await api<Category[]>('categoriesHierarchy?active=1', place);
  const logo = await copyImage(typeof settings.logo?.value === 'string' ? settings.logo.value : null);
  const tiles: string[] = [];
  for (const [i, c] of roots.entries()) {
    const img = await copyImage(c.icon ?? c.background_image);
    tiles.push(
      `<li><a href="#">${img ? `<img src="${img}" width="160" height="160" alt=""${i >= 4 ? ' loading="lazy"' : ''}>` : ''}` +
        `<span>${escapeHtml(c.name)}</span></a></li>`,
    );
  }
  const header = `<header>${logo ? `<img src="${logo}" width="120" height="40" alt="">` : ''}<span>${escapeHtml(info.name)}</span></header>`;
  const barHtml = bar
    ? `<section class="bar"><strong>${escapeHtml(bar)}</strong><button>Повикай сервитьор</button><button>Поискай сметката</button></section>`
    : '';
  return writeStatic(
    folder,
    info.name,
    header,
    `<main><h1>${escapeHtml(info.name)}</h1><ul>${tiles.join('')}</ul></main>${barHtml}`,
  );
}
/** A text page's first screen: the server-rendered page's <main> as plain HTML (no classes, no script). */
async function staticText(folder: string, path: string): Promise<string> {
  const html = await (await fetch(server.url + path)).text();
  const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? '';
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  const plain = main
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/\s(?:class|style|data-[\w-]+)="[^"]*"/g, '');
  return writeStatic(folder, title, `<header><span>${title}</span></header>`, `<main>${plain}</main>`);
}
const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.svg': 'image/svg+xml' };
const staticServer = createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0]!;
  const file = path.endsWith('/') ? `${path.slice(1)}index.html` : path.slice(1);
  if (file.includes('..')) return void res.writeHead(400).end();
  try {
    const body = readFileSync(join(staticDir, file));
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise<void>((r) => staticServer.listen(STATIC_PORT, '127.0.0.1', r));

// --- the pages ---------------------------------------------------------------------------------------------------
const firstRoot = categories.find((c) => (c.children?.length ?? 0) > 0) ?? categories[0]!;
const leafIds = new Map<number, string>();
const walk = (list: Category[]) => {
  for (const c of list) {
    leafIds.set((c as unknown as { id: number }).id, c.slug);
    walk(c.children ?? []);
  }
};
walk(categories);
const product = products.find((p) => p.catHierarchyId !== null && leafIds.has(p.catHierarchyId))!;
// The server renders the guest pages: a build whose server renderer does not load (WEB_DIST_DIR outside the
// repository, where its chunks' bare imports — react-dom, zustand… — resolve to nothing) answers them empty, to be
// rendered in the browser, and every figure below would be of that other page (seen on 2026-11-26: LCP 3–5×).
const home = await (await fetch(`${server.url}/bistro`)).text();
if (home.includes('<div id="root"></div>')) {
  staticServer.close();
  await server.stop();
  throw new Error(
    `the server did not render /bistro (its log says why): ${process.env.WEB_DIST_DIR ?? 'apps/web/dist'} is no build it can render with`,
  );
}
// The table's order-token cookie (a scan of table 6) and a guest's login, sent as the browser would send them.
const scanned = await fetch(`${server.url}/bistro/t/demo-t6`, { redirect: 'manual' });
const tableCookie = scanned.headers
  .getSetCookie()
  .map((c) => c.split(';')[0]!)
  .find((c) => c.startsWith('user_order_token='));
if (!tableCookie) throw new Error('the QR scan wrote no order-token cookie');
const login = await fetch(`${server.url}/api/login`, {
  method: 'POST',
  headers: { client: 'demo', 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'guest@demo.test', password: 'demo-guest' }),
});
if (!login.ok) throw new Error(`login: ${login.status}`);
const authToken = ((await login.json()) as { token: string }).token;

interface BenchPage {
  name: string;
  url: string;
  /** The static page it is compared with (by name); none for a static page itself. */
  staticOf?: string;
  /** Request headers of every request (the cookies a returning guest sends). */
  headers?: Record<string, string>;
  /** A repeat visit: the service worker installed and the page kept by a first visit just before. */
  repeat?: boolean;
}
const STATIC_HOME = 'static /bistro';
const STATIC_TABLE = 'static /bistro at table';
const STATIC_ROOM = 'static /hotel in room';
const STATIC_ABOUT = 'static /bistro/about';
const allPages: BenchPage[] = [
  { name: STATIC_HOME, url: await staticHome('home', 'bistro', null) },
  { name: STATIC_TABLE, url: await staticHome('table', 'bistro', 'Вие сте на маса 5') },
  { name: STATIC_ROOM, url: await staticHome('room', 'hotel', 'Вие сте в стая 105') },
  { name: STATIC_ABOUT, url: await staticText('about', '/bistro/about') },
  { name: '/bistro', url: `${server.url}/bistro`, staticOf: STATIC_HOME },
  {
    name: `category /bistro/${firstRoot.slug}`,
    url: `${server.url}/bistro/${firstRoot.slug}`,
    staticOf: STATIC_HOME,
  },
  {
    name: 'product',
    url: `${server.url}/bistro/${leafIds.get(product.catHierarchyId!)}/${product.slug}`,
    staticOf: STATIC_HOME,
  },
  { name: 'QR scan /bistro/t/demo-t5', url: `${server.url}/bistro/t/demo-t5`, staticOf: STATIC_TABLE },
  {
    name: '/bistro with the table cookie',
    url: `${server.url}/bistro`,
    staticOf: STATIC_TABLE,
    headers: { cookie: tableCookie },
  },
  {
    name: '/bistro signed in',
    url: `${server.url}/bistro`,
    staticOf: STATIC_HOME,
    headers: { cookie: `auth_token=${authToken}` },
  },
  { name: 'room QR scan /hotel/t/demo-r105', url: `${server.url}/hotel/t/demo-r105`, staticOf: STATIC_ROOM },
  { name: '/bistro/about', url: `${server.url}/bistro/about`, staticOf: STATIC_ABOUT },
  // The same page once the guest closed the welcome banner this visit (its session cookie): what the banner in the
  // server's HTML costs the page (issue 17).
  {
    name: '/bistro/about, welcome banner closed',
    url: `${server.url}/bistro/about`,
    staticOf: STATIC_ABOUT,
    headers: { cookie: 'welcome_seen_bistro=1' },
  },
  {
    name: '/bistro repeat visit (warm service worker)',
    url: `${server.url}/bistro`,
    staticOf: STATIC_HOME,
    repeat: true,
  },
];
const only = process.env.PAGES?.split(',').filter(Boolean);
const chosen = only ? allPages.filter((p) => p.staticOf && only.some((w) => p.name.includes(w))) : allPages;
const pages = only
  ? [...allPages.filter((p) => !p.staticOf && chosen.some((c) => c.staticOf === p.name)), ...chosen]
  : allPages;

interface Measure {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  scriptKb: number;
  /** The largest contentful paint's element (Lighthouse's snippet of it), to tell what a slow LCP waited for. */
  lcpElement: string;
}

/** The LCP element as Lighthouse 13's `lcp-breakdown-insight` names it: its selector and its text or label. */
function lcpElementOf(details: unknown): string {
  const find = (d: unknown): { selector?: string; nodeLabel?: string } | undefined => {
    if (!d || typeof d !== 'object') return undefined;
    if ((d as { type?: string }).type === 'node') return d as { selector?: string; nodeLabel?: string };
    for (const v of Object.values(d)) {
      const found = Array.isArray(v) ? v.map(find).find(Boolean) : find(v);
      if (found) return found;
    }
    return undefined;
  };
  const node = find(details);
  return node ? `${node.selector ?? ''} "${(node.nodeLabel ?? '').slice(0, 60)}"` : '';
}
const chrome = await launch({
  chromePath,
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const measures = new Map<string, Measure[]>(pages.map((p) => [p.name, []]));
const lhrDir = process.env.LHR_DIR;
if (lhrDir) mkdirSync(lhrDir, { recursive: true });

/**
 * A first visit in the benchmark's browser, kept open until the app's service worker controls the page and keeps it
 * with the menu's answers (src/sw.ts, features/offline/start-offline.tsx); the Lighthouse run that follows keeps the
 * storage, so it measures the guest's next visit.
 */
async function firstVisit(url: string): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const tab = await browser.newPage();
    await tab.goto(url, { waitUntil: 'load' });
    await tab.waitForFunction(
      async (path: string) => {
        if (!navigator.serviceWorker.controller) return false;
        for (const name of await caches.keys())
          if (name.startsWith('trapeza-pages-') && (await (await caches.open(name)).match(path))) return true;
        return false;
      },
      { timeout: 60_000, polling: 250 },
      new URL(url).pathname,
    );
    await tab.close();
  } finally {
    await browser.disconnect();
  }
}
try {
  for (let run = 0; run < runs; run++) {
    for (const page of pages) {
      // Lighthouse now and then fails to record the trace (NO_NAVSTART, "Please run Lighthouse again"): up to two
      // more tries of that run, said on stderr.
      let result: Awaited<ReturnType<typeof lighthouse>>;
      for (let attempt = 1; ; attempt++) {
        if (page.repeat) await firstVisit(page.url);
        result = await lighthouse(page.url, {
          // (Every other run starts from empty storage and cache: a first visit.)
          ...(page.repeat ? { disableStorageReset: true } : {}),
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          ...(page.headers ? { extraHeaders: page.headers } : {}),
        });
        const error = result?.lhr.runtimeError;
        if (!error || attempt === 3) break;
        console.error(`${page.url}: ${error.code}, run again (${attempt + 1}/3)`);
      }
      if (!result) throw new Error(`no Lighthouse result for ${page.url}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`${page.url}: ${lhr.runtimeError.message}`);
      // LHR_DIR keeps each run's whole Lighthouse report (its diagnostics: bootup-time, mainthread-work-breakdown,
      // long-tasks, lcp-breakdown-insight, …), to find what a slow page spends its time on.
      if (lhrDir) {
        const file = `${page.name.replaceAll(/[^a-z0-9]+/gi, '-')}.${run + 1}.json`;
        writeFileSync(join(lhrDir, file), JSON.stringify(lhr));
        // and its trace (load it in Chrome's Performance panel)
        const trace = (result.artifacts as { Trace?: unknown }).Trace;
        if (trace) writeFileSync(join(lhrDir, file.replace(/json$/, 'trace.json')), JSON.stringify(trace));
      }
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const summary = lhr.audits['resource-summary']?.details as
        { items: { resourceType: string; transferSize: number }[] } | undefined;
      measures.get(page.name)!.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: audit('largest-contentful-paint'),
        fcpMs: audit('first-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        siMs: audit('speed-index'),
        scriptKb: (summary?.items.find((i) => i.resourceType === 'script')?.transferSize ?? 0) / 1024,
        lcpElement: lcpElementOf(lhr.audits['lcp-breakdown-insight']?.details),
      });
    }
  }
} finally {
  await chrome.kill();
  staticServer.close();
  await server.stop();
}

/** The run with the median LCP (whole runs, so the figures of a row belong together). */
function median(list: Measure[]): Measure {
  return [...list].sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor(list.length / 2)]!;
}
const rows = pages.map((p) => ({ ...p, ...median(measures.get(p.name)!) }));
const staticLcpOf = (r: BenchPage) => rows.find((s) => s.name === (r.staticOf ?? r.name))!.lcpMs;
const failures: string[] = [];
for (const r of rows.filter((p) => p.staticOf)) {
  const staticLcp = staticLcpOf(r);
  if (r.score < BUDGET.score) failures.push(`${r.name}: performance ${r.score} < ${BUDGET.score}`);
  const ratio = r.repeat ? BUDGET.repeatLcpRatio : BUDGET.lcpRatio;
  if (r.lcpMs > ratio * staticLcp)
    failures.push(
      `${r.name}: LCP ${r.lcpMs.toFixed(0)} ms > ${ratio} × ${r.staticOf} ${staticLcp.toFixed(0)} ms`,
    );
  if (r.cls > BUDGET.cls) failures.push(`${r.name}: CLS ${r.cls.toFixed(3)} > ${BUDGET.cls}`);
}
if (initialJsKb > BUDGET.initialJsKb)
  failures.push(`initial JS (entry + place) ${initialJsKb.toFixed(1)} KB > ${BUDGET.initialJsKb} KB gzip`);

console.log(
  `\nLighthouse ${lighthouseVersion()} (mobile preset, simulated throttling), median of ${runs} runs\n`,
);
console.log(
  '| page | performance | LCP | LCP / static | FCP | TBT | CLS | Speed Index | script (transfer) | LCP element |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.name} | ${r.score} | ${(r.lcpMs / 1000).toFixed(2)} s | ${(r.lcpMs / staticLcpOf(r)).toFixed(2)} | ` +
      `${(r.fcpMs / 1000).toFixed(2)} s | ${r.tbtMs.toFixed(0)} ms | ${r.cls.toFixed(3)} | ` +
      `${(r.siMs / 1000).toFixed(2)} s | ${r.scriptKb.toFixed(1)} KB | ${r.lcpElement.replaceAll('|', '/')} |`,
  );
}
console.log(
  `\nInitial JS of every entry (entry + place chunk, gzip): ${initialJsKb.toFixed(1)} KB (budget ${BUDGET.initialJsKb})`,
);

mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/web.json'),
  JSON.stringify(
    {
      tool: `lighthouse ${lighthouseVersion()}`,
      preset: 'mobile, simulated throttling (default config)',
      runs,
      budget: BUDGET,
      initialJsKb: Number(initialJsKb.toFixed(1)),
      // (without the request headers: the login's token is no figure)
      pages: rows.map(({ headers: _headers, ...r }) => r),
      allRuns: Object.fromEntries(measures),
      failures,
      at: new Date().toISOString(),
    },
    null,
    2,
  ),
);
if (failures.length > 0) {
  console.log('\nBudget missed:\n- ' + failures.join('\n- '));
  process.exit(1);
}
console.log('\nAll budgets met.');

function lighthouseVersion(): string {
  const pkg = JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}
