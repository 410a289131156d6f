/**
 * Printable QR codes (issue 8 Tests: "print sheet renders one QR per table and the QR decodes to the table's URL").
 *
 * The admin adds three tables of its own (0 seats, so booking capacity is untouched; deactivated at the end),
 * downloads GET /api/staff/tables/qr-sheet.pdf?ids=… and the page renders it with pdfjs-dist in Chromium: a harness
 * page on a routed origin (page.route serves it and the pdfjs modules from node_modules; the pdfjs worker runs on the
 * main thread). Each page is drawn into a canvas and its pixels come back to Node, where every square dark blob (a
 * QR code; jsqr reads only one code per image, so each is cut out onto a white margin) is decoded with jsqr. Every
 * requested table has exactly one code, every code reads, each decodes to `{origin}/bistro/t/{token}` with the token
 * GET /api/staff/tables lists, and the label right above it names that table (one line, also for a long number).
 * The QR code the staff screen shows (qr.svg in an <img>) is decoded from an element screenshot, and its URL opens
 * the menu at that table.
 */
import { startFromFreshDatabase } from './fresh-database.ts';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import jsqr from 'jsqr';
import { apiHeaders as adminHeaders } from './api-auth.ts';

startFromFreshDatabase();

const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';
const HARNESS = 'http://qr-harness.test';

interface AdminTable {
  id: number;
  number: string;
  kind: string;
  active: number;
  token: string;
  qr_url: string;
}

interface RenderedPage {
  width: number;
  height: number;
  /** RGBA pixels, base64. */
  rgba: string;
  /** Text runs in canvas pixels (top-left origin). */
  texts: { str: string; x: number; y: number; width: number; height: number }[];
}

interface Decoded {
  data: string | null;
  box: Box;
}

// jsqr is CommonJS: its function is the module and also its `default` (what the ESM types describe).
const jsQR = jsqr.default;
const require = createRequire(import.meta.url);
const PDFJS = require.resolve('pdfjs-dist/build/pdf.mjs');
const PDFJS_WORKER = require.resolve('pdfjs-dist/build/pdf.worker.mjs');

const HARNESS_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>QR harness</title></head><body>
<script type="module">
import * as pdfjs from './pdf.mjs';
import * as worker from './pdf.worker.mjs';
// pdfjs uses this message handler on the main thread instead of starting a Worker.
globalThis.pdfjsWorker = worker;
const toBase64 = (bytes) => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};
const fromBase64 = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
window.renderPdf = async (b64, scale) => {
  const doc = await pdfjs.getDocument({ data: fromBase64(b64) }).promise;
  const pages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale });
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    document.body.append(canvas);
    await page.render({ canvas, viewport }).promise;
    const ctx = canvas.getContext('2d');
    const rgba = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const content = await page.getTextContent();
    const texts = content.items
      .filter((i) => 'str' in i && i.str.trim() !== '')
      .map((i) => {
        const [x, baseline] = viewport.convertToViewportPoint(i.transform[4], i.transform[5]);
        const height = i.height * scale;
        return { str: i.str, x, y: baseline - height, width: i.width * scale, height };
      });
    pages.push({ width: canvas.width, height: canvas.height, rgba: toBase64(rgba), texts });
  }
  return pages;
};
window.pngPixels = async (b64) => {
  const bitmap = await createImageBitmap(new Blob([fromBase64(b64)], { type: 'image/png' }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(bitmap, 0, 0);
  const rgba = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
  return { width: bitmap.width, height: bitmap.height, rgba: toBase64(rgba) };
};
window.harnessReady = true;
</script></body></html>`;

/** A blank page on its own origin that can render PDFs (pdfjs-dist) and turn PNGs into pixels. */
async function openHarness(page: Page) {
  await page.route(`${HARNESS}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/') return route.fulfill({ contentType: 'text/html', body: HARNESS_HTML });
    if (path === '/pdf.mjs')
      return route.fulfill({ contentType: 'text/javascript', body: readFileSync(PDFJS) });
    if (path === '/pdf.worker.mjs') {
      return route.fulfill({ contentType: 'text/javascript', body: readFileSync(PDFJS_WORKER) });
    }
    return route.fulfill({ status: 404, body: 'not in the harness' });
  });
  await page.goto(`${HARNESS}/`);
  await page.waitForFunction(() => (window as unknown as { harnessReady?: boolean }).harnessReady === true);
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Square dark blobs of the image: where the QR codes are. Dark pixels are grouped in 6-px blocks, grown by a block
 * so a code's modules join into one blob, and the blobs at least 60 px and about square are kept (the text lines
 * are wide and flat, the cut lines light grey).
 */
function squareBlobs(rgba: Uint8ClampedArray, width: number, height: number): Box[] {
  const B = 6;
  const gw = Math.ceil(width / B);
  const gh = Math.ceil(height / B);
  const dark = new Uint8Array(gw * gh);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const lum = 0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!;
      if (lum < 96) dark[Math.floor(y / B) * gw + Math.floor(x / B)] = 1;
    }
  }
  const grown = new Uint8Array(gw * gh);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      if (!dark[gy * gw + gx]) continue;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = gx + dx;
          const ny = gy + dy;
          if (nx >= 0 && ny >= 0 && nx < gw && ny < gh) grown[ny * gw + nx] = 1;
        }
      }
    }
  }
  const seen = new Uint8Array(gw * gh);
  const boxes: Box[] = [];
  for (let start = 0; start < gw * gh; start++) {
    if (!grown[start] || seen[start]) continue;
    const box = { left: gw, top: gh, right: 0, bottom: 0 };
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const c = stack.pop() as number;
      const cx = c % gw;
      const cy = Math.floor(c / gw);
      box.left = Math.min(box.left, cx);
      box.right = Math.max(box.right, cx + 1);
      box.top = Math.min(box.top, cy);
      box.bottom = Math.max(box.bottom, cy + 1);
      for (const n of [c - 1, c + 1, c - gw, c + gw]) {
        if (n < 0 || n >= gw * gh || seen[n] || !grown[n]) continue;
        if ((n === c - 1 && cx === 0) || (n === c + 1 && cx === gw - 1)) continue;
        seen[n] = 1;
        stack.push(n);
      }
    }
    const w = (box.right - box.left) * B;
    const h = (box.bottom - box.top) * B;
    if (w >= 60 && h >= 60 && w / h > 0.8 && w / h < 1.25) {
      boxes.push({ left: box.left * B, top: box.top * B, right: box.right * B, bottom: box.bottom * B });
    }
  }
  return boxes;
}

/** The QR code inside the box, cut out onto a white margin; null when it does not decode. */
function decodeIn(rgba: Uint8ClampedArray, width: number, box: Box): string | null {
  const pad = 40;
  const w = box.right - box.left + pad * 2;
  const h = box.bottom - box.top + pad * 2;
  const out = new Uint8ClampedArray(w * h * 4).fill(255);
  for (let y = box.top; y < box.bottom; y++) {
    const from = (y * width + box.left) * 4;
    out.set(rgba.subarray(from, from + (box.right - box.left) * 4), ((y - box.top + pad) * w + pad) * 4);
  }
  return jsQR(out, w, h, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/** Every QR-like square of the image with what it decodes to (null: a square that is not a readable code). */
function decodeAll(rgbaBase64: string, width: number, height: number): Decoded[] {
  const rgba = new Uint8ClampedArray(Buffer.from(rgbaBase64, 'base64'));
  return squareBlobs(rgba, width, height).map((box) => ({ data: decodeIn(rgba, width, box), box }));
}

const created: number[] = [];

test.beforeEach(async ({ request }) => {
  const res = await request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  expect(res.ok()).toBe(true);
});

test.afterAll(async ({ request }) => {
  // Deactivated: their QR codes stop working and the staff screen lists them no more.
  const headers = await adminHeaders(request);
  for (const id of created.splice(0)) {
    await request.patch(`/api/staff/tables/${id}`, { headers, data: { active: 0 } });
  }
});

test('the A4 sheet has one QR code per requested table, each decoding to that table’s URL; so does the one on screen', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const headers = await adminHeaders(request);
  const stamp = Date.now() % 100_000;
  // A long number too: its label must stay on one line, above the code, not run into it.
  const numbers = [`QR${stamp}A`, `Лятна тераса ${stamp}`, `QR${stamp}C`];
  for (const number of numbers) {
    const res = await request.post('/api/staff/tables', {
      headers,
      data: { number, kind: 'table', seats: 0 },
    });
    expect(res.status()).toBe(201);
    created.push(((await res.json()) as AdminTable).id);
  }

  // The tokens as the staff API lists them.
  const listed = (await (await request.get('/api/staff/tables', { headers })).json()) as AdminTable[];
  const mine = numbers.map((number) => {
    const t = listed.find((x) => x.number === number && x.kind === 'table');
    expect(t, `table ${number} listed`).toBeTruthy();
    return t as AdminTable;
  });
  const urlOf = (t: AdminTable) => `${baseURL}/bistro/t/${t.token}`;
  for (const t of mine) expect(t.qr_url).toBe(urlOf(t));
  expect(new Set(mine.map((t) => t.token)).size).toBe(3);

  // The sheet for the three, in Bulgarian.
  const ids = mine.map((t) => t.id).join(',');
  const pdf = await request.get(`/api/staff/tables/qr-sheet.pdf?ids=${ids}&lang=bg`, { headers });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const body = await pdf.body();
  expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await openHarness(page);
  const pages = await page.evaluate(
    ([b64, scale]) =>
      (window as unknown as { renderPdf: (b: string, s: number) => Promise<RenderedPage[]> }).renderPdf(
        b64,
        scale,
      ),
    [body.toString('base64'), 2] as const,
  );
  // Six cards to a page: three tables fit on one.
  expect(pages).toHaveLength(1);
  const [sheet] = pages as [RenderedPage];
  const texts = sheet.texts.map((t) => t.str);
  // Three cards: the hint under each code, and each table's label once.
  expect(texts.filter((s) => s === 'Сканирайте, за да поръчате')).toHaveLength(3);
  for (const t of mine) expect(texts.filter((s) => s === `Маса ${t.number}`)).toHaveLength(1);

  // Exactly three code-like squares on the page, every one readable, one per table.
  const codes = decodeAll(sheet.rgba, sheet.width, sheet.height);
  expect(codes.map((c) => c.data).sort()).toEqual(mine.map(urlOf).sort());

  // Each code sits right under the label of its own table.
  for (const t of mine) {
    const code = codes.find((c) => c.data === urlOf(t));
    const label = sheet.texts.find((x) => x.str === `Маса ${t.number}`);
    expect(code, `QR of table ${t.number}`).toBeTruthy();
    expect(label, `label of table ${t.number}`).toBeTruthy();
    if (!code || !label) continue;
    const labelCenter = label.x + label.width / 2;
    expect(labelCenter).toBeGreaterThan(code.box.left);
    expect(labelCenter).toBeLessThan(code.box.right);
    // The label's baseline is above the code: it does not run into it.
    expect(label.y + label.height).toBeLessThan(code.box.top);
    // Nothing (no other label) between this label and its code.
    const between = sheet.texts.filter(
      (x) =>
        x !== label &&
        x.str.startsWith('Маса ') &&
        x.y > label.y &&
        x.y < code.box.top &&
        x.x < code.box.right &&
        x.x + x.width > code.box.left,
    );
    expect(between).toHaveLength(0);
  }

  // The QR code on the staff screen (qr.svg shown in an <img>) for the second table.
  const [, shown] = mine as [AdminTable, AdminTable, AdminTable];
  await page.unrouteAll();
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await page.goto('/bistro/staff/tables');
  await page.getByLabel('Имейл').fill('admin@demo.test');
  await page.getByLabel('Парола').fill('demo-admin');
  await page.getByRole('button', { name: 'Вход' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Маси и стаи' })).toBeVisible();
  const name = `Маса ${shown.number}`;
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await row.getByRole('button', { name: `Покажи QR кода на ${name}` }).click();
  const img = row.getByRole('img', { name: `QR код на ${name}` });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  const png = await img.screenshot();

  const screen = await browserPixels(page, png);
  const onScreen = decodeAll(screen.rgba, screen.width, screen.height);
  expect(onScreen.map((c) => c.data)).toEqual([urlOf(shown)]);

  // Scanning it opens the menu at that table.
  await page.goto(new URL(urlOf(shown)).pathname);
  await expect(page).toHaveURL(/\/bistro$/, { timeout: 15_000 });
});

/** PNG bytes → RGBA pixels, decoded by the browser in a fresh harness page. */
async function browserPixels(page: Page, png: Buffer) {
  const harness = await page.context().newPage();
  try {
    await openHarness(harness);
    return await harness.evaluate(
      (b64) =>
        (
          window as unknown as {
            pngPixels: (b: string) => Promise<{ width: number; height: number; rgba: string }>;
          }
        ).pngPixels(b64),
      png.toString('base64'),
    );
  } finally {
    await harness.close();
  }
}
