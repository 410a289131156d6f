/**
 * Contrast measured on the rendered pixels (issue 21 #1): axe cannot see text drawn over a background picture, so
 * this takes the page's screenshot twice — as it is, and with every text made transparent — and compares each
 * text's colour with the median pixel of its own box in the text-free shot, i.e. with what is really behind it.
 * WCAG 1.4.3: 4.5:1, 3:1 for large text (≥ 24px, or ≥ 18.66px bold). Disabled controls are exempt.
 */
import { writeFileSync } from 'node:fs';
import { test, type Page } from '@playwright/test';

interface TextBox {
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
  /** The text's computed colour (any CSS syntax) and the product of its ancestors' opacity. */
  color: string;
  opacity: number;
  large: boolean;
}

export interface ContrastFailure {
  text: string;
  ratio: number;
  need: number;
  fg: string;
  bg: string;
}

const HIDE_TEXT = `*, *::before, *::after, *::placeholder, *::marker {
  color: transparent !important; -webkit-text-fill-color: transparent !important; text-shadow: none !important;
  text-decoration-color: transparent !important; caret-color: transparent !important; transition: none !important;
  outline-color: transparent !important; }`;

/** The visible text boxes (one per rendered line) inside the viewport, or inside the open modal dialog if any. */
async function textBoxes(page: Page): Promise<TextBox[]> {
  return page.evaluate(() => {
    // (Modal: Radix's dialog; the confirm dialog: its alert dialog. The last one opened is the top one.)
    const modal = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].at(-1);
    const root = modal ?? document.body;
    const boxes: TextBox[] = [];
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const el = node.parentElement;
      if (!text || !el) continue;
      if (el.closest('script, style, noscript, template, option, .visually-hidden, .skip-link, svg'))
        continue;
      if (el.closest('button:disabled, [aria-disabled="true"], fieldset:disabled, input:disabled')) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const style = getComputedStyle(el);
      let opacity = 1;
      for (let up: Element | null = el; up; up = up.parentElement)
        opacity *= Number(getComputedStyle(up).opacity);
      if (opacity < 0.05) continue;
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        if (r.width < 4 || r.height < 6) continue;
        // Only what is on screen, fully (the caller makes the viewport as tall as the page).
        if (r.left < 0 || r.top < 0 || r.right > vw + 0.5 || r.bottom > vh + 0.5) continue;
        // Only what is not covered: text scrolled under a sticky bar (the order form's footer) is not seen, and
        // its pixels are the bar's.
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (hit && hit !== el && !el.contains(hit) && !hit.contains(el)) continue;
        boxes.push({
          text: text.slice(0, 60),
          x: Math.floor(r.left),
          y: Math.floor(r.top),
          w: Math.ceil(r.width),
          h: Math.ceil(r.height),
          color: style.color,
          opacity,
          large,
        });
      }
    }
    return boxes;
  });
}

/**
 * Measures every text box of what the page shows now. Pages (no open modal dialog) are measured whole: the
 * viewport is made as tall as the page for the shot, so sticky and fixed parts sit where the boxes were read.
 */
export async function measureContrast(page: Page): Promise<{ boxes: number; failures: ContrastFailure[] }> {
  const original = page.viewportSize() ?? { width: 390, height: 844 };
  const hasModal = await page.evaluate(
    () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null,
  );
  if (!hasModal) {
    for (let i = 0; i < 3; i++) {
      const height = await page.evaluate(() => Math.min(document.documentElement.scrollHeight, 9000));
      if (height === page.viewportSize()?.height) break;
      await page.setViewportSize({ width: original.width, height });
    }
  }
  try {
    // Let lazy parts (footer), images, fonts and transitions settle.
    // (Not 'networkidle': the place's live updates keep a request open.)
    if (!hasModal) {
      await page
        .waitForFunction(() => document.querySelector('footer') !== null, null, { timeout: 1500 })
        .catch(() => undefined);
      // The footer's chunk brings its stylesheet a moment after its markup.
      await page.waitForTimeout(400);
    }
    await page.evaluate(async () => {
      await document.fonts.ready;
      // Lazy images out of sight never load: wait for the others, two seconds at most.
      const images = [...document.images].map((img) =>
        img.complete ? null : img.decode().catch(() => null),
      );
      await Promise.race([Promise.all(images), new Promise((resolve) => setTimeout(resolve, 2000))]);
    });
    await page.waitForTimeout(150);
    const boxes = await textBoxes(page);
    const withText = await page.screenshot({ animations: 'disabled', caret: 'hide' });
    const hide = await page.addStyleTag({ content: HIDE_TEXT });
    await page.waitForTimeout(50);
    const withoutText = await page.screenshot({ animations: 'disabled', caret: 'hide' });
    await hide.evaluate((el) => (el as Element).remove());
    const failures = await compare(page, withoutText, boxes);
    if (failures.length > 0) {
      // Both shots beside the report, to look at what failed.
      const n = test.info().attachments.length;
      await test.info().attach(`page-${n}`, { body: withText, contentType: 'image/png' });
      await test.info().attach(`page-${n}-without-text`, { body: withoutText, contentType: 'image/png' });
      if (process.env.CONTRAST_DEBUG) {
        writeFileSync(test.info().outputPath(`page-${n}.png`), withText);
        writeFileSync(test.info().outputPath(`page-${n}-without-text.png`), withoutText);
      }
    }
    return { boxes: boxes.length, failures };
  } finally {
    await page.setViewportSize(original);
  }
}

/** Decodes the text-free shot in a blank page of the same browser and compares each box there. */
async function compare(page: Page, png: Buffer, boxes: TextBox[]): Promise<ContrastFailure[]> {
  const scratch = await page.context().newPage();
  try {
    return await scratch.evaluate(
      async ({ base64, boxes }) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
        ctx.drawImage(bitmap, 0, 0);
        const lin = (c: number) => {
          const s = c / 255;
          return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        };
        const lum = (r: number, g: number, b: number) => 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
        const probe = new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true })!;
        const failures: ContrastFailure[] = [];
        for (const box of boxes) {
          const w = Math.min(box.w, bitmap.width - box.x);
          const h = Math.min(box.h, bitmap.height - box.y);
          if (w <= 0 || h <= 0) continue;
          const data = ctx.getImageData(box.x, box.y, w, h).data;
          const pixels: [number, number, number, number][] = [];
          for (let i = 0; i < data.length; i += 4) {
            pixels.push([lum(data[i]!, data[i + 1]!, data[i + 2]!), data[i]!, data[i + 1]!, data[i + 2]!]);
          }
          pixels.sort((a, b) => a[0] - b[0]);
          const [, r, g, b] = pixels[Math.floor(pixels.length / 2)]!;
          // The text colour as drawn over that background (alpha and opacity composited by the canvas).
          probe.globalAlpha = 1;
          probe.fillStyle = `rgb(${r} ${g} ${b})`;
          probe.fillRect(0, 0, 1, 1);
          probe.globalAlpha = box.opacity;
          probe.fillStyle = box.color;
          probe.fillRect(0, 0, 1, 1);
          const [fr, fg, fb] = probe.getImageData(0, 0, 1, 1).data;
          const l1 = lum(fr!, fg!, fb!);
          const l2 = lum(r, g, b);
          const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
          const need = box.large ? 3 : 4.5;
          if (ratio < need - 0.01) {
            failures.push({
              text: box.text,
              ratio: Math.round(ratio * 100) / 100,
              need,
              fg: `rgb(${fr} ${fg} ${fb})`,
              bg: `rgb(${r} ${g} ${b})`,
            });
          }
        }
        return failures;
      },
      { base64: png.toString('base64'), boxes },
    );
  } finally {
    await scratch.close();
  }
}
