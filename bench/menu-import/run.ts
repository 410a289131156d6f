// bench/menu-import (issue 16 item 1): a 2 000-row menu imported through the real route. The demo bistro's admin
// (POST /api/login) uploads a CSV of ROWS products (names and descriptions in five languages, a nested category
// path, allergens, half with two sizes) to POST /api/admin/menu/import: every product created in one transaction.
// Then the same products as XLSX with every price changed: every product updated by SKU. Then the export
// (GET /api/admin/menu/export) imported back: nothing changes. Each import is timed from the upload's start to the
// answer (reading, checking, writing). Real server on a fresh SQLite file and a fresh PostgreSQL database.
//
// Budget: each 2 000-row import (create and update) under 10 s; the round trip changes nothing.
//
//   ROWS=2000  DIALECTS=sqlite,postgres  PG_URL=postgres://postgres@127.0.0.1:5432  PORT=3481
import ExcelJS from 'exceljs';
import { fileURLToPath } from 'node:url';
import { freshDatabase, type Dialect } from '../lib/bench-database.ts';
import { passCell, runDialects } from '../lib/report.ts';
import { startProcess } from '../lib/server-process.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const ROWS = Number(process.env.ROWS ?? 2000);
const DIALECTS = (process.env.DIALECTS ?? 'sqlite,postgres').split(',').map((s) => s.trim()) as Dialect[];
const PG_URL = (process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const PORT = Number(process.env.PORT ?? 3481);
const BUDGET_MS = 10_000;

const COLUMNS = [
  'sku',
  'category',
  'name_bg',
  'name_en',
  'name_es',
  'name_de',
  'name_fr-CH',
  'description_bg',
  'description_en',
  'description_es',
  'description_de',
  'description_fr-CH',
  'price',
  'variants',
  'allergens',
  'label',
  'in_stock',
];

function rowsOf(priceShift: number): Record<string, string>[] {
  return Array.from({ length: ROWS }, (_, i) => {
    const price = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    const base = 300 + (i % 50) * 10 + priceShift;
    return {
      sku: `BENCH-${i}`,
      category: `Импорт > Група ${i % 20}`,
      name_bg: `Ястие ${i}`,
      name_en: `Dish ${i}`,
      name_es: `Plato ${i}`,
      name_de: `Gericht ${i}`,
      'name_fr-CH': `Plat ${i}`,
      description_bg: `Описание на ястие ${i}`,
      description_en: `Description of dish ${i}`,
      description_es: `Descripción ${i}`,
      description_de: `Beschreibung ${i}`,
      'description_fr-CH': `Description ${i}`,
      price: i % 2 === 0 ? price(base) : '',
      variants: i % 2 === 1 ? `300 г: ${price(base)}; 450 г: ${price(base + 250)}` : '',
      allergens: ['Глутен', 'Мляко; Яйца', '', 'Ядки'][i % 4]!,
      label: i % 10 === 0 ? 'Ново' : '',
      in_stock: i % 7 === 0 ? 'no' : 'yes',
    };
  });
}

const csvOf = (rows: Record<string, string>[]) =>
  Buffer.from(
    [
      COLUMNS.join(','),
      ...rows.map((r) => COLUMNS.map((c) => `"${(r[c] ?? '').replace(/"/g, '""')}"`).join(',')),
    ].join('\r\n'),
  );

async function xlsxOf(rows: Record<string, string>[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Menu');
  ws.addRow(COLUMNS);
  for (const r of rows) ws.addRow(COLUMNS.map((c) => r[c] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

interface Row {
  dialect: Dialect;
  createMs: number;
  created: number;
  updateMs: number;
  updated: number;
  roundTripMs: number;
  roundTripChanged: number;
  pass: boolean;
}

async function run(dialect: Dialect): Promise<Row> {
  const db = await freshDatabase(dialect, {
    name: 'menu-import',
    dbName: 'trapeza_bench_import',
    pgUrl: PG_URL,
  });
  const server = await startProcess(['apps/server/src/server.ts'], {
    port: PORT,
    cwd: root,
    env: db.env,
    readyPath: '/api/health',
  });
  try {
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { client: 'demo', place: 'bistro', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'demo-admin' }),
    });
    const token = ((await login.json()) as { token: string }).token;
    const headers = { client: 'demo', place: 'bistro', authorization: `Bearer ${token}` };
    const upload = async (name: string, data: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(data)]), name);
      const started = performance.now();
      const res = await fetch(`${server.url}/api/admin/menu/import`, { method: 'POST', headers, body: form });
      const ms = performance.now() - started;
      const body = (await res.json()) as { create: number; update: number; problems?: unknown[] };
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
      return { ms, body };
    };
    const created = await upload('menu.csv', csvOf(rowsOf(0)));
    const updated = await upload('menu.xlsx', await xlsxOf(rowsOf(10)));
    const exported = await fetch(`${server.url}/api/admin/menu/export?format=xlsx`, { headers });
    const round = await upload('export.xlsx', Buffer.from(await exported.arrayBuffer()));
    const row: Row = {
      dialect,
      createMs: Math.round(created.ms),
      created: created.body.create,
      updateMs: Math.round(updated.ms),
      updated: updated.body.update,
      roundTripMs: Math.round(round.ms),
      roundTripChanged: round.body.create + round.body.update,
      pass: false,
    };
    row.pass =
      row.createMs < BUDGET_MS &&
      row.updateMs < BUDGET_MS &&
      row.created === ROWS &&
      row.updated === ROWS &&
      row.roundTripChanged === 0;
    return row;
  } finally {
    await server.stop();
    await db.drop();
  }
}

const rows = await runDialects({
  name: 'menu-import',
  describe: `${ROWS} rows per file, budget < ${BUDGET_MS / 1000} s per import`,
  port: PORT,
  dialects: DIALECTS,
  run,
  columns: [
    {
      header: 'create (CSV)',
      numeric: true,
      cell: (r) => `${r.created} in ${(r.createMs / 1000).toFixed(2)} s`,
    },
    {
      header: 'update (XLSX)',
      numeric: true,
      cell: (r) => `${r.updated} in ${(r.updateMs / 1000).toFixed(2)} s`,
    },
    {
      header: 'export → import',
      numeric: true,
      cell: (r) => `${r.roundTripChanged} changed in ${(r.roundTripMs / 1000).toFixed(2)} s`,
    },
    { header: 'budget', cell: passCell },
  ],
});
process.exit(rows.every((r) => r.pass) ? 0 : 1);
