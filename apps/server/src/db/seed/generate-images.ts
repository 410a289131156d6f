/**
 * Writes the demo images into ./images/: one SVG illustration per product (800×600), category icons and
 * backgrounds, allergen pictograms, gallery and promotion pictures, the two logos, and the hotel's one-page
 * spa-menu PDF. Deterministic (a PRNG seeded by each file name), so re-running it changes nothing unless the
 * content changed. Run after editing ./content/:
 *
 *   node apps/server/src/db/seed/generate-images.ts
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { ALLERGENS, DEMO_PLACES } from './content/index.ts';
import {
  allergenIconFile,
  categoryBackgroundFile,
  categoryIconFile,
  productImageFile,
  type AllergenKey,
  type Art,
  type CategoryDef,
} from './content/types.ts';

// ───────────────────────── helpers

type Rng = () => number;

function rngFor(seed: string): Rng {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

function between(rng: Rng, min: number, max: number): number {
  return min + rng() * (max - min);
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)] as T;
}

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full =
    h.length === 3
      ? h
          .split('')
          .map((c) => c + c)
          .join('')
      : h;
  const n = parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Lightens (amount > 0) or darkens (amount < 0) a colour. */
function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const k = Math.abs(amount);
  return `#${hexToRgb(hex)
    .map((c) =>
      Math.round(c + (target - c) * k)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** A random point in a disc. */
function inDisc(rng: Rng, cx: number, cy: number, radius: number): [number, number] {
  const a = rng() * Math.PI * 2;
  const d = Math.sqrt(rng()) * radius;
  return [cx + Math.cos(a) * d, cy + Math.sin(a) * d];
}

/** A smooth irregular closed shape around (cx, cy). */
function blob(rng: Rng, cx: number, cy: number, radius: number, jitter = 0.18, points = 9, sy = 1): string {
  const pts: [number, number][] = [];
  for (let i = 0; i < points; i++) {
    const a = (i / points) * Math.PI * 2;
    const r = radius * (1 - jitter + rng() * jitter * 2);
    pts.push([cx + Math.cos(a) * r, cy + Math.sin(a) * r * sy]);
  }
  const mid = (p: [number, number], q: [number, number]) => [r1((p[0] + q[0]) / 2), r1((p[1] + q[1]) / 2)];
  const at = (i: number) => pts[i % points] as [number, number];
  let d = `M${mid(at(0), at(1)).join(',')}`;
  for (let i = 1; i <= points; i++) {
    d += `Q${r1(at(i)[0])},${r1(at(i)[1])} ${mid(at(i), at(i + 1)).join(',')}`;
  }
  return `${d}Z`;
}

function leaf(x: number, y: number, size: number, angle: number, fill: string): string {
  const s = r1(size);
  return (
    `<g transform="translate(${r1(x)},${r1(y)}) rotate(${Math.round(angle)})">` +
    `<path d="M0,${-s}Q${r1(s * 0.65)},0 0,${s}Q${r1(-s * 0.65)},0 0,${-s}Z" fill="${fill}"/>` +
    `<path d="M0,${r1(-s * 0.8)}L0,${r1(s * 0.8)}" stroke="${shade(fill, -0.3)}" stroke-width="1.5"/></g>`
  );
}

function cube(x: number, y: number, size: number, angle: number, fill: string): string {
  const s = r1(size);
  return (
    `<g transform="translate(${r1(x)},${r1(y)}) rotate(${Math.round(angle)})">` +
    `<rect x="${r1(-s / 2)}" y="${r1(-s / 2)}" width="${s}" height="${s}" rx="${r1(s / 5)}" fill="${fill}"/>` +
    `<rect x="${r1(-s / 2 + 2)}" y="${r1(-s / 2 + 2)}" width="${r1(s * 0.55)}" height="${r1(s * 0.3)}" rx="3" fill="#fff" opacity=".25"/></g>`
  );
}

function leaves(
  rng: Rng,
  n: number,
  cx: number,
  cy: number,
  radius: number,
  fill: string,
  size = 18,
): string {
  let out = '';
  for (let i = 0; i < n; i++) {
    const [x, y] = inDisc(rng, cx, cy, radius);
    out += leaf(
      x,
      y,
      between(rng, size * 0.7, size * 1.3),
      rng() * 360,
      i % 3 === 0 ? shade(fill, 0.2) : fill,
    );
  }
  return out;
}

function dots(rng: Rng, n: number, cx: number, cy: number, radius: number, fill: string, size = 6): string {
  let out = '';
  for (let i = 0; i < n; i++) {
    const [x, y] = inDisc(rng, cx, cy, radius);
    out += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(between(rng, size * 0.6, size * 1.3))}" fill="${fill}"/>`;
  }
  return out;
}

// ───────────────────────── backgrounds and vessels

const SURFACES = [
  { a: '#a47551', b: '#6d4c33', line: '#5a3d28' }, // walnut
  { a: '#f3ebdd', b: '#dccbb0', line: '#c9b28f' }, // linen
  { a: '#607d8b', b: '#37474f', line: '#2c3a41' }, // slate
  { a: '#e7b99a', b: '#c07f5a', line: '#a86a48' }, // terracotta
  { a: '#f4f1ec', b: '#d7d2c8', line: '#bdb5a6' }, // marble
  { a: '#c8a27a', b: '#8b6a48', line: '#765739' }, // oak
];

function surface(rng: Rng, id: string): { defs: string; body: string } {
  const s = pick(rng, SURFACES);
  const defs = `<radialGradient id="${id}" cx="${r1(between(rng, 0.35, 0.65))}" cy="0.4" r="0.85"><stop offset="0" stop-color="${shade(s.a, 0.12)}"/><stop offset="1" stop-color="${s.b}"/></radialGradient>`;
  let body = `<rect width="800" height="600" fill="url(#${id})"/>`;
  const planks = rng() < 0.5;
  if (planks) {
    const h = between(rng, 110, 170);
    for (let y = between(rng, 20, h); y < 600; y += h) {
      body += `<path d="M0,${r1(y)}C200,${r1(y + between(rng, -6, 6))} 600,${r1(y + between(rng, -6, 6))} 800,${r1(y)}" stroke="${s.line}" stroke-width="2" fill="none" opacity=".35"/>`;
    }
  } else {
    const step = between(rng, 60, 90);
    for (let x = step / 2; x < 800; x += step) {
      body += `<rect x="${r1(x)}" y="0" width="${r1(step / 3)}" height="600" fill="${s.line}" opacity=".08"/>`;
    }
  }
  return { defs, body };
}

const PLATES = ['#ffffff', '#fbf7ef', '#eef3f6', '#f6efe6', '#2f3640'];
const CERAMICS = ['#f5f0e6', '#d6e4ea', '#e9d8c4', '#3d5a6c', '#7b4b3a', '#e8e2d0'];

function plate(rng: Rng, id: string, radius = 240): { defs: string; body: string } {
  const c = pick(rng, PLATES);
  const defs =
    `<radialGradient id="${id}r" cx=".45" cy=".4" r=".7"><stop offset="0" stop-color="${shade(c, 0.2)}"/><stop offset="1" stop-color="${shade(c, -0.12)}"/></radialGradient>` +
    `<radialGradient id="${id}w" cx=".5" cy=".45" r=".6"><stop offset="0" stop-color="${c}"/><stop offset="1" stop-color="${shade(c, -0.06)}"/></radialGradient>`;
  const body =
    `<ellipse cx="412" cy="318" rx="${radius}" ry="${radius}" fill="#000" opacity=".22"/>` +
    `<circle cx="400" cy="300" r="${radius}" fill="url(#${id}r)"/>` +
    `<circle cx="400" cy="300" r="${radius * 0.76}" fill="url(#${id}w)" stroke="${shade(c, -0.1)}" stroke-width="2"/>`;
  return { defs, body };
}

function bowl(rng: Rng, id: string, fill: string, radius = 225): { defs: string; body: string } {
  const c = pick(rng, CERAMICS);
  const inner = radius * 0.8;
  const defs =
    `<radialGradient id="${id}b" cx=".4" cy=".35" r=".75"><stop offset="0" stop-color="${shade(c, 0.25)}"/><stop offset="1" stop-color="${shade(c, -0.2)}"/></radialGradient>` +
    `<radialGradient id="${id}f" cx=".45" cy=".42" r=".6"><stop offset="0" stop-color="${shade(fill, 0.18)}"/><stop offset="1" stop-color="${shade(fill, -0.15)}"/></radialGradient>`;
  const body =
    `<ellipse cx="414" cy="320" rx="${radius}" ry="${radius}" fill="#000" opacity=".25"/>` +
    `<circle cx="400" cy="300" r="${radius}" fill="url(#${id}b)"/>` +
    `<circle cx="400" cy="300" r="${inner}" fill="url(#${id}f)" stroke="${shade(c, -0.3)}" stroke-width="3"/>`;
  return { defs, body };
}

// ───────────────────────── dishes (top view) and drinks (side view)

type Drawer = (rng: Rng, art: Art, id: string) => { defs: string; body: string };

const food = (id: string, color: string) =>
  `<radialGradient id="${id}" cx=".4" cy=".35" r=".7"><stop offset="0" stop-color="${shade(color, 0.22)}"/><stop offset="1" stop-color="${shade(color, -0.18)}"/></radialGradient>`;

const DRAWERS: Record<Art['shape'], Drawer> = {
  plate(rng, art, id) {
    const p = plate(rng, id);
    const cx = 400 + between(rng, -20, 20);
    const cy = 300 + between(rng, -15, 15);
    let body = p.body;
    body += `<path d="${blob(rng, cx + 20, cy + 10, 150, 0.25, 11)}" fill="${art.accent}" opacity=".55"/>`;
    body += `<path d="${blob(rng, cx, cy, 115, 0.2, 10)}" fill="url(#${id}m)"/>`;
    for (let i = 0; i < 4; i++) {
      const [x, y] = inDisc(rng, cx, cy, 70);
      body += `<path d="${blob(rng, x, y, between(rng, 25, 45), 0.25, 7)}" fill="${shade(art.food, between(rng, -0.15, 0.15))}"/>`;
    }
    body += leaves(rng, 7, cx, cy, 120, art.garnish, 16) + dots(rng, 10, cx, cy, 150, art.accent, 5);
    return { defs: p.defs + food(`${id}m`, art.food), body };
  },
  bowl(rng, art, id) {
    const b = bowl(rng, id, art.food);
    let body = b.body;
    const turns = between(rng, 2, 3.2);
    let d = '';
    for (let t = 0; t <= 1; t += 0.02) {
      const a = t * turns * Math.PI * 2 + rng() * 0.05;
      const r = 10 + t * 110;
      d += `${d ? 'L' : 'M'}${r1(400 + Math.cos(a) * r)},${r1(300 + Math.sin(a) * r)}`;
    }
    body += `<path d="${d}" stroke="${art.accent}" stroke-width="${r1(between(rng, 5, 9))}" fill="none" stroke-linecap="round" opacity=".8"/>`;
    body += leaves(rng, 6, 400, 300, 130, art.garnish, 12) + dots(rng, 14, 400, 300, 140, art.garnish, 4);
    b.body = body;
    return b;
  },
  salad(rng, art, id) {
    const b = bowl(rng, id, shade(art.garnish, -0.2));
    let body = b.body;
    body += leaves(rng, 16, 400, 300, 150, art.garnish, 30);
    for (let i = 0; i < 12; i++) {
      const [x, y] = inDisc(rng, 400, 300, 140);
      body += cube(x, y, between(rng, 26, 38), rng() * 90, i % 2 ? art.food : shade(art.food, -0.12));
    }
    for (let i = 0; i < 7; i++) {
      const [x, y] = inDisc(rng, 400, 300, 120);
      body += `<path d="${blob(rng, x, y, between(rng, 12, 22), 0.3, 6)}" fill="${art.accent}"/>`;
    }
    body += dots(rng, 30, 400, 300, 110, art.accent, 4);
    b.body = body;
    return b;
  },
  grill(rng, art, id) {
    const p = plate(rng, id, 250);
    let body = p.body;
    const n = 2 + Math.floor(rng() * 3);
    for (let i = 0; i < n; i++) {
      const y = 230 + i * (150 / n) + between(rng, -8, 8);
      const x = 330 + between(rng, -15, 15);
      const len = between(rng, 150, 210);
      const angle = between(rng, -18, 18);
      body += `<g transform="rotate(${r1(angle)} ${r1(x)} ${r1(y)})"><rect x="${r1(x - len / 2)}" y="${r1(y - 22)}" width="${r1(len)}" height="44" rx="22" fill="url(#${id}m)"/>`;
      for (let k = -2; k <= 2; k++) {
        body += `<path d="M${r1(x + k * 28 - 8)},${r1(y - 18)}L${r1(x + k * 28 + 8)},${r1(y + 18)}" stroke="${shade(art.food, -0.5)}" stroke-width="5" stroke-linecap="round" opacity=".7"/>`;
      }
      body += '</g>';
    }
    for (let i = 0; i < 14; i++) {
      const [x, y] = inDisc(rng, 510, 300, 55);
      body += `<rect x="${r1(x)}" y="${r1(y)}" width="12" height="${r1(between(rng, 40, 70))}" rx="4" fill="${shade(art.accent, between(rng, -0.1, 0.1))}" transform="rotate(${Math.round(between(rng, -50, 50))} ${r1(x)} ${r1(y)})"/>`;
    }
    body += leaves(rng, 5, 420, 400, 50, art.garnish, 16);
    return { defs: p.defs + food(`${id}m`, art.food), body };
  },
  pasta(rng, art, id) {
    const p = plate(rng, id);
    let body = p.body;
    for (let i = 0; i < 26; i++) {
      const [x, y] = inDisc(rng, 400, 300, 110);
      const [x2, y2] = inDisc(rng, 400, 300, 130);
      const [c1x, c1y] = inDisc(rng, 400, 300, 150);
      body += `<path d="M${r1(x)},${r1(y)}Q${r1(c1x)},${r1(c1y)} ${r1(x2)},${r1(y2)}" stroke="${shade(art.food, between(rng, -0.12, 0.1))}" stroke-width="9" fill="none" stroke-linecap="round"/>`;
    }
    body += `<path d="${blob(rng, 400 + between(rng, -20, 20), 300, 65, 0.3, 8)}" fill="${art.accent}" opacity=".9"/>`;
    body += leaves(rng, 4, 400, 290, 60, art.garnish, 20) + dots(rng, 18, 400, 300, 100, '#fffbe6', 3);
    return { defs: p.defs, body };
  },
  clay(rng, art, id) {
    const clay = pick(rng, ['#b5542d', '#a0461f', '#c46a3a']);
    let defs = `<radialGradient id="${id}c" cx=".4" cy=".35" r=".75"><stop offset="0" stop-color="${shade(clay, 0.2)}"/><stop offset="1" stop-color="${shade(clay, -0.3)}"/></radialGradient>`;
    defs += food(`${id}m`, art.food);
    let body = `<ellipse cx="414" cy="322" rx="235" ry="225" fill="#000" opacity=".25"/>`;
    body += `<ellipse cx="165" cy="300" rx="45" ry="28" fill="${shade(clay, -0.15)}"/><ellipse cx="635" cy="300" rx="45" ry="28" fill="${shade(clay, -0.15)}"/>`;
    body += `<circle cx="400" cy="300" r="215" fill="url(#${id}c)"/><circle cx="400" cy="300" r="172" fill="url(#${id}m)"/>`;
    for (let i = 0; i < 7; i++) {
      const [x, y] = inDisc(rng, 400, 300, 120);
      body += `<path d="${blob(rng, x, y, between(rng, 18, 34), 0.3, 7)}" fill="${shade(art.accent, between(rng, -0.1, 0.15))}"/>`;
    }
    body +=
      dots(rng, 12, 400, 300, 150, shade(art.food, 0.35), 5) + leaves(rng, 6, 400, 300, 120, art.garnish, 14);
    return { defs, body };
  },
  cake(rng, art, id) {
    const p = plate(rng, id);
    let body = p.body;
    const a = between(rng, -20, 20);
    body += `<g transform="rotate(${r1(a)} 400 300)">`;
    body += `<path d="M300,380L520,380L500,200Z" fill="${shade(art.food, -0.25)}" transform="translate(8,10)" opacity=".35"/>`;
    body += `<path d="M290,370L520,370L470,190Z" fill="${art.food}"/>`;
    const layers = 2 + Math.floor(rng() * 2);
    for (let i = 1; i <= layers; i++) {
      const t = i / (layers + 1);
      const y = 370 - t * 180;
      const x0 = 290 + t * 180;
      const x1 = 520 - t * 50;
      body += `<path d="M${r1(x0)},${r1(y)}L${r1(x1)},${r1(y)}" stroke="${art.accent}" stroke-width="10" stroke-linecap="round"/>`;
    }
    body += `</g>`;
    body += `<path d="M250,250C300,${r1(between(rng, 200, 230))} 340,420 560,${r1(between(rng, 380, 420))}" stroke="${shade(art.food, -0.2)}" stroke-width="6" fill="none" opacity=".6"/>`;
    body += dots(rng, 4, 330, 230, 40, art.garnish, 14) + leaves(rng, 3, 330, 230, 40, '#4caf50', 12);
    return { defs: p.defs, body };
  },
  pastry(rng, art, id) {
    const p = plate(rng, id);
    let body = p.body;
    let d = '';
    const turns = between(rng, 3, 4.2);
    const start = rng() * Math.PI * 2;
    for (let t = 0; t <= 1; t += 0.01) {
      const ang = start + t * turns * Math.PI * 2;
      const r = 8 + t * 150;
      d += `${d ? 'L' : 'M'}${r1(400 + Math.cos(ang) * r)},${r1(300 + Math.sin(ang) * r)}`;
    }
    body += `<path d="${d}" stroke="${shade(art.food, -0.25)}" stroke-width="34" fill="none" stroke-linecap="round"/>`;
    body += `<path d="${d}" stroke="${art.food}" stroke-width="26" fill="none" stroke-linecap="round"/>`;
    body += `<path d="${d}" stroke="${art.accent}" stroke-width="8" fill="none" stroke-linecap="round" opacity=".7"/>`;
    body += dots(rng, 24, 400, 300, 150, art.garnish, 3);
    return { defs: p.defs, body };
  },
  sandwich(rng, art, id) {
    const p = plate(rng, id, 250);
    let body = p.body;
    const bread = '#e3b778';
    for (const [dx, rot] of [
      [-70, between(rng, -30, -10)],
      [80, between(rng, 170, 200)],
    ] as const) {
      body += `<g transform="translate(${r1(400 + dx)},300) rotate(${r1(rot)})">`;
      body += `<path d="M-110,70L110,70L0,-110Z" fill="${shade(bread, -0.25)}"/>`;
      body += `<path d="M-98,62L98,62L0,-96Z" fill="${bread}"/>`;
      body += `<path d="M-90,66L90,66" stroke="${art.garnish}" stroke-width="9" stroke-linecap="round"/>`;
      body += `<path d="M-80,58L80,58" stroke="${art.accent}" stroke-width="7" stroke-linecap="round"/>`;
      body += `<path d="M-60,20L60,20" stroke="${art.food}" stroke-width="10" stroke-linecap="round" opacity=".85"/></g>`;
    }
    body += dots(rng, 6, 400, 450, 40, art.accent, 8);
    return { defs: p.defs, body };
  },
  pizza(rng, art, id) {
    let defs = `<radialGradient id="${id}k" cx=".5" cy=".5" r=".5"><stop offset=".8" stop-color="#e0a458"/><stop offset="1" stop-color="#a8672e"/></radialGradient>`;
    defs += food(`${id}m`, art.food);
    let body = `<rect x="130" y="40" width="540" height="520" rx="40" fill="#b8864e"/><rect x="370" y="540" width="60" height="60" fill="#a47445"/>`;
    body += `<circle cx="400" cy="300" r="230" fill="url(#${id}k)"/><circle cx="400" cy="300" r="200" fill="url(#${id}m)"/>`;
    for (let i = 0; i < 9; i++) {
      const [x, y] = inDisc(rng, 400, 300, 150);
      body += `<path d="${blob(rng, x, y, between(rng, 25, 45), 0.3, 8)}" fill="${art.accent}" opacity=".95"/>`;
    }
    body += leaves(rng, 7, 400, 300, 160, art.garnish, 20);
    for (let k = 0; k < 3; k++) {
      const a = (k / 3) * Math.PI + rng() * 0.2;
      body += `<path d="M${r1(400 + Math.cos(a) * 228)},${r1(300 + Math.sin(a) * 228)}L${r1(400 - Math.cos(a) * 228)},${r1(300 - Math.sin(a) * 228)}" stroke="#8a5a2b" stroke-width="2" opacity=".5"/>`;
    }
    return { defs, body };
  },
  fish(rng, art, id) {
    const p = plate(rng, id, 250);
    let body = p.body;
    const a = between(rng, -25, 25);
    body += `<g transform="rotate(${r1(a)} 400 300)">`;
    body += `<path d="M240,300C290,210 480,200 560,270C580,290 580,310 560,330C480,400 290,390 240,300Z" fill="url(#${id}m)"/>`;
    for (let k = 0; k < 6; k++) {
      const x = 300 + k * 42;
      body += `<path d="M${x},${r1(250 + between(rng, -5, 5))}Q${x + 18},300 ${x},${r1(350 + between(rng, -5, 5))}" stroke="${art.accent}" stroke-width="6" fill="none" opacity=".65"/>`;
    }
    body += `</g>`;
    const lx = 540 + between(rng, -20, 20);
    body += `<path d="M${r1(lx)},420A60,60 0 0 1 ${r1(lx + 110)},420Z" fill="#f7dc3a"/><path d="M${r1(lx + 10)},418A48,48 0 0 1 ${r1(lx + 100)},418Z" fill="#fbeea0"/>`;
    body += leaves(rng, 6, 330, 410, 50, art.garnish, 16) + dots(rng, 8, 400, 300, 170, art.garnish, 4);
    return { defs: p.defs + food(`${id}m`, art.food), body };
  },
  board(rng, art, id) {
    const wood = pick(rng, ['#c8965a', '#b07d46', '#d6a66b']);
    const defs = `<linearGradient id="${id}w" x1="0" x2="1"><stop offset="0" stop-color="${shade(wood, 0.15)}"/><stop offset="1" stop-color="${shade(wood, -0.15)}"/></linearGradient>`;
    const a = between(rng, -12, 12);
    let body = `<g transform="rotate(${r1(a)} 400 300)"><rect x="130" y="110" width="560" height="390" rx="36" fill="#000" opacity=".22" transform="translate(10,12)"/>`;
    body += `<rect x="130" y="110" width="560" height="390" rx="36" fill="url(#${id}w)"/><rect x="690" y="270" width="70" height="70" rx="20" fill="${shade(wood, -0.1)}"/>`;
    for (let y = 150; y < 480; y += 45) {
      body += `<path d="M160,${y}L660,${y + between(rng, -5, 5)}" stroke="${shade(wood, -0.25)}" stroke-width="2" opacity=".35"/>`;
    }
    body += `</g>`;
    body += `<circle cx="${r1(between(rng, 230, 290))}" cy="${r1(between(rng, 190, 240))}" r="60" fill="#f4f1ea"/><circle cx="${r1(between(rng, 230, 290))}" cy="${r1(between(rng, 190, 240))}" r="46" fill="${art.accent}"/>`;
    for (let i = 0; i < 14; i++) {
      const [x, y] = inDisc(rng, 440, 320, 150);
      body += cube(x, y, between(rng, 36, 56), rng() * 60, shade(art.food, between(rng, -0.12, 0.12)));
    }
    body += leaves(rng, 5, 470, 330, 150, art.garnish, 18);
    return { defs, body };
  },
  icecream(rng, art, id) {
    const b = bowl(rng, id, '#f8f4ee', 215);
    let body = b.body;
    const colors = [art.food, art.accent, art.garnish];
    for (let i = 0; i < 3; i++) {
      const ang = (i / 3) * Math.PI * 2 + rng();
      const x = 400 + Math.cos(ang) * 62;
      const y = 300 + Math.sin(ang) * 62;
      const c = colors[i] as string;
      body += `<path d="${blob(rng, x, y, 72, 0.1, 12)}" fill="${c}"/><path d="${blob(rng, x - 18, y - 20, 26, 0.2, 7)}" fill="#fff" opacity=".3"/>`;
    }
    body += `<rect x="${r1(between(rng, 460, 500))}" y="160" width="26" height="130" rx="6" fill="#d9a35e" transform="rotate(${r1(between(rng, 20, 40))} 480 220)"/>`;
    body += `<path d="M330,270C360,240 420,330 470,290" stroke="${shade(art.accent, -0.3)}" stroke-width="8" fill="none" stroke-linecap="round" opacity=".8"/>`;
    b.body = body;
    return b;
  },
  tasting(rng, art, id) {
    let defs = '';
    let body = '';
    const spots: [number, number, number][] = [
      [250, 200, 120],
      [550, 190, 115],
      [270, 430, 110],
      [540, 420, 125],
    ];
    const colors = [art.food, art.accent, art.garnish, shade(art.food, 0.3)];
    spots.forEach(([x, y, r], i) => {
      const px = x + between(rng, -15, 15);
      const py = y + between(rng, -10, 10);
      defs += `<radialGradient id="${id}p${i}" cx=".45" cy=".4" r=".7"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e3e3e3"/></radialGradient>`;
      body += `<circle cx="${r1(px + 8)}" cy="${r1(py + 10)}" r="${r}" fill="#000" opacity=".2"/><circle cx="${r1(px)}" cy="${r1(py)}" r="${r}" fill="url(#${id}p${i})"/>`;
      body += `<path d="${blob(rng, px, py, r * 0.42, 0.25, 8)}" fill="${colors[i]}"/>`;
      body += leaves(rng, 3, px, py, r * 0.35, art.garnish === colors[i] ? '#4caf50' : art.garnish, 10);
    });
    body += `<circle cx="405" cy="310" r="52" fill="#fff" opacity=".5"/><circle cx="405" cy="310" r="40" fill="${shade(art.food, -0.2)}" opacity=".85"/>`;
    return { defs, body };
  },
  // Side views stand on a table edge at y ≈ 500.
  glass(rng, art, id) {
    const top = between(rng, 200, 240);
    let defs = `<linearGradient id="${id}l" x1="0" x2="1"><stop offset="0" stop-color="${shade(art.food, -0.1)}"/><stop offset=".5" stop-color="${shade(art.food, 0.15)}"/><stop offset="1" stop-color="${shade(art.food, -0.15)}"/></linearGradient>`;
    defs += `<clipPath id="${id}c"><path d="M300,120L500,120L475,500L325,500Z"/></clipPath>`;
    let body = `<ellipse cx="400" cy="505" rx="130" ry="18" fill="#000" opacity=".25"/>`;
    body += `<g clip-path="url(#${id}c)"><rect x="280" y="${r1(top)}" width="240" height="400" fill="url(#${id}l)"/>`;
    for (let i = 0; i < 4; i++) {
      body += cube(
        between(rng, 340, 460),
        between(rng, top + 20, top + 140),
        between(rng, 40, 55),
        rng() * 40,
        '#ffffff',
      ).replace('fill="#ffffff"', 'fill="#ffffff" opacity=".45"');
    }
    body += dots(rng, 10, 400, 400, 70, '#ffffff', 3) + `</g>`;
    body += `<path d="M300,120L500,120L475,500L325,500Z" fill="#ffffff" opacity=".12" stroke="#ffffff" stroke-opacity=".7" stroke-width="4"/>`;
    body += `<rect x="${r1(between(rng, 420, 450))}" y="60" width="14" height="250" rx="6" fill="${art.garnish}" transform="rotate(${r1(between(rng, 10, 20))} 440 200)"/>`;
    const sx = between(rng, 290, 320);
    body += `<circle cx="${r1(sx)}" cy="125" r="48" fill="${art.accent}"/><circle cx="${r1(sx)}" cy="125" r="40" fill="${shade(art.accent, 0.3)}"/>`;
    for (let k = 0; k < 6; k++) {
      const a = (k / 6) * Math.PI * 2;
      body += `<path d="M${r1(sx)},125L${r1(sx + Math.cos(a) * 38)},${r1(125 + Math.sin(a) * 38)}" stroke="${art.accent}" stroke-width="3"/>`;
    }
    return { defs, body };
  },
  cup(rng, art, id) {
    const cupColor = pick(rng, ['#ffffff', '#f3ede2', '#2f3640', '#c0392b', '#e8e1d5']);
    const defs = `<linearGradient id="${id}u" x1="0" x2="1"><stop offset="0" stop-color="${shade(cupColor, -0.12)}"/><stop offset=".45" stop-color="${shade(cupColor, 0.15)}"/><stop offset="1" stop-color="${shade(cupColor, -0.2)}"/></linearGradient>`;
    let body = `<ellipse cx="400" cy="480" rx="230" ry="45" fill="#000" opacity=".2"/><ellipse cx="400" cy="465" rx="220" ry="42" fill="url(#${id}u)" stroke="${shade(cupColor, -0.25)}" stroke-width="2"/>`;
    body += `<path d="M540,300C620,290 630,400 540,410" stroke="${shade(cupColor, -0.15)}" stroke-width="22" fill="none"/>`;
    body += `<path d="M260,250L540,250C540,380 500,460 400,460C300,460 260,380 260,250Z" fill="url(#${id}u)"/>`;
    body += `<ellipse cx="400" cy="250" rx="140" ry="30" fill="${art.food}"/><ellipse cx="400" cy="250" rx="118" ry="22" fill="${art.accent}" opacity=".85"/>`;
    body += `<path d="M400,262C380,240 360,250 372,238C384,226 400,240 400,240C400,240 416,226 428,238C440,250 420,240 400,262Z" fill="${art.food}" opacity=".7"/>`;
    for (let k = 0; k < 3; k++) {
      const x = 340 + k * 60 + between(rng, -10, 10);
      body += `<path d="M${r1(x)},200C${r1(x - 25)},170 ${r1(x + 25)},140 ${r1(x)},100" stroke="${art.garnish}" stroke-width="6" fill="none" stroke-linecap="round" opacity=".6"/>`;
    }
    return { defs, body };
  },
  wine(rng, art, id) {
    const level = between(rng, 230, 260);
    const defs = `<clipPath id="${id}c"><path d="M300,110C300,260 330,330 400,330C470,330 500,260 500,110Z"/></clipPath>`;
    let body = `<ellipse cx="400" cy="508" rx="110" ry="16" fill="#000" opacity=".25"/>`;
    const bx = between(rng, 560, 620);
    body += `<path d="M${r1(bx)},500L${r1(bx)},250C${r1(bx)},200 ${r1(bx + 30)},190 ${r1(bx + 30)},120L${r1(bx + 30)},60L${r1(bx + 60)},60L${r1(bx + 60)},120C${r1(bx + 60)},190 ${r1(bx + 90)},200 ${r1(bx + 90)},250L${r1(bx + 90)},500Z" fill="${shade(art.food, -0.45)}"/>`;
    body += `<rect x="${r1(bx + 5)}" y="330" width="80" height="90" fill="${art.accent}"/><rect x="${r1(bx + 15)}" y="355" width="60" height="10" fill="${art.garnish}"/>`;
    body += `<g clip-path="url(#${id}c)"><rect x="280" y="${r1(level)}" width="240" height="120" fill="${art.food}"/><rect x="280" y="${r1(level)}" width="240" height="8" fill="${shade(art.food, 0.3)}"/></g>`;
    body += `<path d="M300,110C300,260 330,330 400,330C470,330 500,260 500,110Z" fill="#fff" opacity=".12" stroke="#fff" stroke-opacity=".75" stroke-width="4"/>`;
    body += `<rect x="394" y="330" width="12" height="160" fill="#fff" opacity=".7"/><ellipse cx="400" cy="495" rx="80" ry="12" fill="#fff" opacity=".75"/>`;
    for (let i = 0; i < 9; i++) {
      const [x, y] = inDisc(rng, 200, 440, 45);
      body += `<circle cx="${r1(x)}" cy="${r1(y)}" r="17" fill="${art.garnish}" stroke="${shade(art.garnish, -0.3)}" stroke-width="2"/>`;
    }
    body += leaf(210, 385, 26, 40, '#4caf50');
    return { defs, body };
  },
  beer(rng, art, id) {
    const defs = `<linearGradient id="${id}b" x1="0" x2="1"><stop offset="0" stop-color="${shade(art.food, -0.15)}"/><stop offset=".5" stop-color="${shade(art.food, 0.15)}"/><stop offset="1" stop-color="${shade(art.food, -0.2)}"/></linearGradient>`;
    let body = `<ellipse cx="390" cy="505" rx="150" ry="18" fill="#000" opacity=".25"/>`;
    body += `<path d="M500,220C600,220 600,420 500,420" stroke="#ffffff" stroke-opacity=".6" stroke-width="26" fill="none"/>`;
    body += `<rect x="270" y="170" width="240" height="330" rx="18" fill="url(#${id}b)"/>`;
    body += dots(rng, 22, 390, 360, 100, '#ffffff', 3).replace(
      /fill="#ffffff"/g,
      'fill="#ffffff" opacity=".55"',
    );
    let foam = '';
    for (let x = 270; x <= 510; x += 30) {
      foam += `<circle cx="${x}" cy="${r1(170 + between(rng, -8, 6))}" r="${r1(between(rng, 26, 36))}" fill="${art.accent}"/>`;
    }
    body +=
      foam +
      `<rect x="262" y="160" width="256" height="340" rx="20" fill="#fff" opacity=".1" stroke="#fff" stroke-opacity=".6" stroke-width="4"/>`;
    for (let i = 0; i < 6; i++) {
      const x = between(rng, 110, 230);
      const y = between(rng, 430, 490);
      body += `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="18" ry="11" fill="${art.garnish}" stroke="${shade(art.garnish, -0.3)}" stroke-width="2"/>`;
    }
    return { defs, body };
  },
  bottle(rng, art, id) {
    const defs = `<linearGradient id="${id}g" x1="0" x2="1"><stop offset="0" stop-color="${shade(art.food, -0.2)}"/><stop offset=".4" stop-color="${shade(art.food, 0.2)}"/><stop offset="1" stop-color="${shade(art.food, -0.3)}"/></linearGradient>`;
    const x = between(rng, 330, 370);
    let body = `<ellipse cx="${r1(x + 60)}" cy="508" rx="110" ry="16" fill="#000" opacity=".25"/>`;
    body += `<path d="M${r1(x)},505L${r1(x)},270C${r1(x)},220 ${r1(x + 40)},200 ${r1(x + 40)},150L${r1(x + 40)},90L${r1(x + 80)},90L${r1(x + 80)},150C${r1(x + 80)},200 ${r1(x + 120)},220 ${r1(x + 120)},270L${r1(x + 120)},505Z" fill="url(#${id}g)"/>`;
    body += `<rect x="${r1(x + 36)}" y="72" width="48" height="26" rx="4" fill="${art.garnish}"/>`;
    body += `<rect x="${r1(x)}" y="${r1(between(rng, 320, 350))}" width="120" height="100" fill="${art.accent}"/><path d="M${r1(x + 10)},395Q${r1(x + 60)},${r1(between(rng, 360, 380))} ${r1(x + 110)},395" stroke="${art.garnish}" stroke-width="8" fill="none"/>`;
    body += `<rect x="${r1(x + 18)}" y="240" width="12" height="240" rx="6" fill="#fff" opacity=".3"/>`;
    body += `<path d="M${r1(x + 170)},500L${r1(x + 185)},330L${r1(x + 275)},330L${r1(x + 290)},500Z" fill="#fff" opacity=".25" stroke="#fff" stroke-opacity=".7" stroke-width="3"/><path d="M${r1(x + 176)},420L${r1(x + 284)},420L${r1(x + 290)},500L${r1(x + 170)},500Z" fill="${art.food}" opacity=".7"/>`;
    return { defs, body };
  },
  shot(rng, art) {
    let body = '';
    const glasses = [
      [300 + between(rng, -20, 20), 0],
      [480 + between(rng, -20, 20), 1],
    ];
    for (const [x] of glasses) {
      const gx = x as number;
      body += `<ellipse cx="${r1(gx + 50)}" cy="505" rx="80" ry="14" fill="#000" opacity=".25"/>`;
      body += `<path d="M${r1(gx)},260L${r1(gx + 100)},260L${r1(gx + 90)},500L${r1(gx + 10)},500Z" fill="#fff" opacity=".15" stroke="#fff" stroke-opacity=".8" stroke-width="4"/>`;
      body += `<path d="M${r1(gx + 4)},330L${r1(gx + 96)},330L${r1(gx + 90)},480L${r1(gx + 10)},480Z" fill="${art.food}" opacity=".85"/>`;
      body += `<rect x="${r1(gx + 8)}" y="480" width="84" height="20" fill="#fff" opacity=".5"/>`;
    }
    for (let i = 0; i < 5; i++) {
      const x = between(rng, 150, 650);
      const y = between(rng, 520, 570);
      body += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(between(rng, 18, 26))}" fill="${art.garnish}"/><circle cx="${r1(x - 6)}" cy="${r1(y - 6)}" r="5" fill="#fff" opacity=".4"/>`;
    }
    body += `<path d="M140,200C180,150 240,150 260,200" stroke="${art.accent}" stroke-width="5" fill="none" opacity=".5"/>`;
    return { defs: '', body };
  },
  can(rng, art, id) {
    const defs = `<linearGradient id="${id}n" x1="0" x2="1"><stop offset="0" stop-color="${shade(art.food, -0.25)}"/><stop offset=".35" stop-color="${shade(art.food, 0.2)}"/><stop offset="1" stop-color="${shade(art.food, -0.35)}"/></linearGradient>`;
    const x = between(rng, 300, 340);
    let body = `<ellipse cx="${r1(x + 90)}" cy="508" rx="120" ry="18" fill="#000" opacity=".25"/>`;
    body += `<rect x="${r1(x)}" y="140" width="180" height="360" rx="24" fill="url(#${id}n)"/>`;
    body += `<ellipse cx="${r1(x + 90)}" cy="142" rx="90" ry="18" fill="#cfd8dc"/><ellipse cx="${r1(x + 90)}" cy="142" rx="70" ry="12" fill="#b0bec5"/>`;
    body += `<path d="M${r1(x)},${r1(between(rng, 280, 320))}C${r1(x + 60)},250 ${r1(x + 120)},370 ${r1(x + 180)},${r1(between(rng, 300, 340))}L${r1(x + 180)},380C${r1(x + 120)},430 ${r1(x + 60)},320 ${r1(x)},380Z" fill="${art.accent}"/>`;
    body += `<rect x="${r1(x + 30)}" y="420" width="120" height="14" rx="7" fill="${art.garnish}"/>`;
    body += dots(rng, 18, x + 90, 330, 100, '#ffffff', 3).replace(
      /fill="#ffffff"/g,
      'fill="#ffffff" opacity=".5"',
    );
    return { defs, body };
  },
  // Scenes for gallery, category icons and promotions.
  bar(rng, art, id) {
    const defs = `<linearGradient id="${id}v" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(art.food, -0.25)}"/><stop offset="1" stop-color="${art.food}"/></linearGradient>`;
    let body = `<rect width="800" height="600" fill="url(#${id}v)"/><rect y="430" width="800" height="170" fill="${shade(art.food, -0.45)}"/>`;
    body += `<rect x="${r1(between(rng, 80, 140))}" y="90" width="180" height="220" rx="90" fill="${art.accent}" opacity=".35"/>`;
    for (let i = 0; i < 3; i++) {
      const x = 230 + i * 170 + between(rng, -20, 20);
      body += `<path d="M${r1(x)},0L${r1(x)},120" stroke="#222" stroke-width="3"/><path d="M${r1(x - 45)},170L${r1(x + 45)},170L${r1(x + 20)},120L${r1(x - 20)},120Z" fill="${art.garnish}"/><ellipse cx="${r1(x)}" cy="185" rx="60" ry="22" fill="${art.garnish}" opacity=".25"/>`;
      body += `<ellipse cx="${r1(x)}" cy="430" rx="80" ry="16" fill="${art.accent}"/><rect x="${r1(x - 6)}" y="430" width="12" height="90" fill="#2b2b2b"/>`;
      body += `<rect x="${r1(x - 110)}" y="400" width="30" height="120" rx="6" fill="${shade(art.food, -0.5)}"/><rect x="${r1(x + 80)}" y="400" width="30" height="120" rx="6" fill="${shade(art.food, -0.5)}"/>`;
    }
    return { defs, body };
  },
  terrace(rng, art, id) {
    const defs = `<linearGradient id="${id}s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#87ceeb"/><stop offset="1" stop-color="#fdebd0"/></linearGradient>`;
    let body = `<rect width="800" height="600" fill="url(#${id}s)"/><rect y="420" width="800" height="180" fill="#c9a27a"/>`;
    body += `<path d="M0,80Q400,${r1(between(rng, 140, 170))} 800,80" stroke="#333" stroke-width="2" fill="none"/>`;
    for (let i = 0; i < 10; i++) {
      const x = 40 + i * 80;
      body += `<circle cx="${x}" cy="${r1(80 + Math.sin((x / 800) * Math.PI) * 55)}" r="8" fill="${art.accent}"/>`;
    }
    for (let i = 0; i < 3; i++) {
      const x = 170 + i * 230 + between(rng, -20, 20);
      body += `<path d="M${r1(x - 110)},250Q${r1(x)},170 ${r1(x + 110)},250Z" fill="${i % 2 ? '#fdfefe' : art.food}"/><rect x="${r1(x - 4)}" y="240" width="8" height="230" fill="#555"/>`;
      body += `<ellipse cx="${r1(x)}" cy="440" rx="70" ry="14" fill="#fdfefe"/>`;
    }
    body += leaves(rng, 14, 60, 470, 50, art.garnish, 26) + leaves(rng, 14, 740, 470, 50, art.garnish, 26);
    return { defs, body };
  },
  room(rng, art) {
    let body = `<rect width="800" height="600" fill="${shade(art.food, 0.55)}"/><rect y="440" width="800" height="160" fill="${shade(art.food, -0.2)}"/>`;
    body += `<rect x="470" y="70" width="220" height="220" fill="#cde7f0" stroke="#fff" stroke-width="10"/><path d="M580,70L580,290M470,180L690,180" stroke="#fff" stroke-width="6"/>`;
    body += `<rect x="110" y="200" width="380" height="150" rx="16" fill="${art.food}"/>`;
    body += `<rect x="90" y="330" width="420" height="140" rx="14" fill="${art.accent}"/><rect x="90" y="390" width="420" height="80" rx="10" fill="${art.garnish}"/>`;
    body += `<rect x="130" y="290" width="140" height="60" rx="24" fill="#fff"/><rect x="300" y="290" width="140" height="60" rx="24" fill="#fff"/>`;
    body += `<rect x="560" y="360" width="90" height="90" fill="${shade(art.food, -0.3)}"/><path d="M585,360L605,${r1(between(rng, 300, 310))}L625,360Z" fill="${art.garnish}"/>`;
    return { defs: '', body };
  },
  bell(rng, art, id) {
    const defs = `<radialGradient id="${id}g" cx=".35" cy=".3" r=".8"><stop offset="0" stop-color="${shade(art.food, 0.5)}"/><stop offset="1" stop-color="${shade(art.food, -0.3)}"/></radialGradient>`;
    let body = `<rect width="800" height="600" fill="${art.accent}"/><ellipse cx="400" cy="470" rx="260" ry="40" fill="#000" opacity=".3"/>`;
    body += `<rect x="150" y="430" width="500" height="40" rx="20" fill="${shade(art.food, -0.2)}"/>`;
    body += `<path d="M190,430C190,250 290,190 400,190C510,190 610,250 610,430Z" fill="url(#${id}g)"/>`;
    body += `<rect x="385" y="150" width="30" height="45" rx="8" fill="${shade(art.food, -0.2)}"/><ellipse cx="400" cy="148" rx="38" ry="14" fill="${shade(art.food, 0.2)}"/>`;
    for (let k = 0; k < 5; k++) {
      const a = -Math.PI / 2 + (k - 2) * 0.45 + between(rng, -0.05, 0.05);
      body += `<path d="M${r1(400 + Math.cos(a) * 90)},${r1(150 + Math.sin(a) * 90)}L${r1(400 + Math.cos(a) * 130)},${r1(150 + Math.sin(a) * 130)}" stroke="${art.garnish}" stroke-width="10" stroke-linecap="round"/>`;
    }
    return { defs, body };
  },
  stars(rng, art) {
    let body = `<rect width="800" height="600" fill="${shade(art.food, 0.6)}"/>`;
    body += `<path d="M130,110L670,110Q710,110 710,150L710,400Q710,440 670,440L330,440L230,530L250,440L130,440Q90,440 90,400L90,150Q90,110 130,110Z" fill="${art.food}"/>`;
    for (let i = 0; i < 5; i++) {
      const cx = 190 + i * 105;
      const cy = 275 + between(rng, -4, 4);
      let d = '';
      for (let k = 0; k < 10; k++) {
        const a = -Math.PI / 2 + (k * Math.PI) / 5;
        const r = k % 2 ? 20 : 46;
        d += `${k ? 'L' : 'M'}${r1(cx + Math.cos(a) * r)},${r1(cy + Math.sin(a) * r)}`;
      }
      body += `<path d="${d}Z" fill="${i < 4 ? art.accent : art.garnish}"/>`;
    }
    return { defs: '', body };
  },
  spa(rng, art) {
    let body = `<rect width="800" height="600" fill="${shade(art.food, 0.55)}"/>`;
    for (let i = 0; i < 4; i++) {
      body += `<ellipse cx="400" cy="${r1(480 - i * 20)}" rx="${300 - i * 40}" ry="${16 - i * 2}" fill="none" stroke="${art.garnish}" stroke-opacity=".3" stroke-width="3"/>`;
    }
    const stones = [
      [400, 430, 150, 48],
      [400, 352, 118, 40],
      [405, 288, 88, 32],
      [398, 238, 58, 24],
    ];
    stones.forEach(([x, y, rx, ry], i) => {
      body += `<ellipse cx="${r1((x as number) + between(rng, -6, 6))}" cy="${y}" rx="${rx}" ry="${ry}" fill="${shade(art.garnish, 0.1 * i)}"/>`;
    });
    body += leaf(560, 200, 70, 35, art.food) + leaf(250, 260, 55, -40, shade(art.food, -0.2));
    body += `<rect x="150" y="400" width="50" height="80" rx="6" fill="${art.accent}"/><path d="M175,400C160,380 175,360 175,350C175,360 190,380 175,400Z" fill="#f5b041"/>`;
    return { defs: '', body };
  },
};

function illustration(art: Art, seed: string, viewBox = '0 0 800 600', badge?: string): string {
  const rng = rngFor(seed);
  const id = `i${Math.floor(rng() * 1e6).toString(36)}`;
  const scene = ['bar', 'terrace', 'room', 'bell', 'stars', 'spa'].includes(art.shape);
  const bg = scene ? { defs: '', body: '' } : surface(rng, `${id}s`);
  const drawn = DRAWERS[art.shape](rng, art, id);
  const [, , w, h] = viewBox.split(' ');
  let badgeSvg = '';
  if (badge) {
    badgeSvg =
      `<circle cx="660" cy="130" r="95" fill="#c0392b" stroke="#fff" stroke-width="8"/>` +
      `<text x="660" y="152" text-anchor="middle" font-family="Helvetica,Arial,sans-serif" font-size="62" font-weight="700" fill="#fff">${badge}</text>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="${w}" height="${h}"><defs>${bg.defs}${drawn.defs}</defs>${bg.body}${drawn.body}${badgeSvg}</svg>\n`;
}

// ───────────────────────── allergens

const ALLERGEN_COLORS: Record<AllergenKey, string> = {
  gluten: '#d4a017',
  crustaceans: '#e4572e',
  eggs: '#f2c14e',
  fish: '#2e86ab',
  peanuts: '#b5835a',
  soy: '#7fb069',
  milk: '#5dade2',
  nuts: '#8b5a2b',
  celery: '#58b368',
  mustard: '#d9b310',
  sesame: '#c9a66b',
  sulphites: '#8e44ad',
  lupin: '#c0392b',
  molluscs: '#16a085',
};

const ALLERGEN_PICTOGRAMS: Record<AllergenKey, string> = {
  gluten:
    '<path d="M100,160L100,50" stroke="#fff" stroke-width="6"/>' +
    [60, 80, 100, 120]
      .map(
        (y) =>
          `<ellipse cx="86" cy="${y}" rx="10" ry="18" fill="#fff" transform="rotate(-30 86 ${y})"/><ellipse cx="114" cy="${y}" rx="10" ry="18" fill="#fff" transform="rotate(30 114 ${y})"/>`,
      )
      .join(''),
  crustaceans:
    '<path d="M60,120C60,70 140,60 150,100C155,125 130,140 110,130" stroke="#fff" stroke-width="18" fill="none" stroke-linecap="round"/><path d="M60,120L45,150M60,120L80,150" stroke="#fff" stroke-width="8" stroke-linecap="round"/><circle cx="140" cy="88" r="5" fill="#e4572e"/>',
  eggs: '<ellipse cx="100" cy="105" rx="42" ry="55" fill="#fff"/><circle cx="100" cy="115" r="20" fill="#f2c14e"/>',
  fish: '<path d="M45,100C75,55 130,60 150,100C130,140 75,145 45,100Z" fill="#fff"/><path d="M150,100L175,75L175,125Z" fill="#fff"/><circle cx="75" cy="92" r="6" fill="#2e86ab"/>',
  peanuts:
    '<path d="M100,45C130,45 135,80 120,100C135,120 130,155 100,155C70,155 65,120 80,100C65,80 70,45 100,45Z" fill="#fff"/><path d="M85,75L115,75M85,125L115,125" stroke="#b5835a" stroke-width="4"/>',
  soy: '<path d="M50,130C60,70 140,50 155,75C165,95 120,150 50,130Z" fill="#fff"/><circle cx="85" cy="112" r="12" fill="#7fb069"/><circle cx="112" cy="95" r="12" fill="#7fb069"/><circle cx="136" cy="80" r="10" fill="#7fb069"/>',
  milk: '<path d="M80,45L120,45L120,65L135,85L135,160L65,160L65,85L80,65Z" fill="#fff"/><rect x="65" y="105" width="70" height="25" fill="#5dade2" opacity=".5"/>',
  nuts: '<ellipse cx="100" cy="110" rx="45" ry="50" fill="#fff"/><path d="M100,62C95,90 105,130 100,158" stroke="#8b5a2b" stroke-width="5" fill="none"/><path d="M70,90C85,100 85,120 70,132M130,90C115,100 115,120 130,132" stroke="#8b5a2b" stroke-width="4" fill="none"/>',
  celery:
    '<path d="M80,160L90,70M100,160L100,60M120,160L110,70" stroke="#fff" stroke-width="12" stroke-linecap="round"/><circle cx="88" cy="58" r="14" fill="#fff"/><circle cx="100" cy="46" r="15" fill="#fff"/><circle cx="113" cy="58" r="14" fill="#fff"/>',
  mustard:
    '<rect x="70" y="75" width="60" height="85" rx="10" fill="#fff"/><path d="M85,75L90,45L110,45L115,75Z" fill="#fff"/><rect x="78" y="100" width="44" height="30" fill="#d9b310"/>',
  sesame: [
    [80, 80],
    [120, 80],
    [100, 110],
    [70, 130],
    [130, 130],
    [100, 150],
  ]
    .map(
      ([x, y]) =>
        `<ellipse cx="${x}" cy="${y}" rx="10" ry="17" fill="#fff" transform="rotate(25 ${x} ${y})"/>`,
    )
    .join(''),
  sulphites:
    '<text x="100" y="120" text-anchor="middle" font-family="Helvetica,Arial,sans-serif" font-size="52" font-weight="700" fill="#fff">SO₂</text>',
  lupin:
    [0, 1, 2, 3, 4]
      .map((i) => `<ellipse cx="100" cy="${60 + i * 20}" rx="${30 - i * 4}" ry="10" fill="#fff"/>`)
      .join('') + '<path d="M100,150L100,170" stroke="#fff" stroke-width="6"/>',
  molluscs:
    '<path d="M100,150C40,150 40,60 100,55C160,60 160,150 100,150Z" fill="#fff"/><path d="M100,150L70,70M100,150L90,60M100,150L110,60M100,150L130,70" stroke="#16a085" stroke-width="4"/>',
};

function allergenIcon(key: AllergenKey): string {
  const color = ALLERGEN_COLORS[key];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200"><circle cx="100" cy="100" r="96" fill="${color}"/><circle cx="100" cy="100" r="86" fill="none" stroke="#fff" stroke-width="4" opacity=".6"/>${ALLERGEN_PICTOGRAMS[key]}</svg>\n`;
}

// ───────────────────────── logos and PDF

function logo(word: string, color: string, accent: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 160" width="480" height="160">` +
    `<circle cx="80" cy="80" r="70" fill="${color}"/><circle cx="80" cy="80" r="58" fill="none" stroke="${accent}" stroke-width="3"/>` +
    `<path d="M52,50L108,50M80,50L80,118" stroke="#fff" stroke-width="12" stroke-linecap="round"/>` +
    `<path d="M56,118L104,118" stroke="${accent}" stroke-width="6" stroke-linecap="round"/>` +
    `<text x="170" y="82" font-family="Georgia,'Times New Roman',serif" font-size="54" font-weight="700" fill="${color}" letter-spacing="4">TRAPEZA</text>` +
    `<text x="172" y="122" font-family="Helvetica,Arial,sans-serif" font-size="22" fill="${accent}" letter-spacing="10">${word}</text></svg>\n`
  );
}

/** A one-page PDF (A4) listing the spa treatments, Helvetica, with a correct cross-reference table. */
function spaMenuPdf(): Buffer {
  const lines: [number, number, string][] = [
    [22, 780, 'Trapeza Hotel - Spa menu'],
    [12, 755, 'Spa menu / Menu del spa / Spa-Karte / Carte du spa'],
    [13, 715, 'Classic massage, 60 min ........................ 55.00 EUR'],
    [13, 692, 'Aromatherapy massage, 60 min ................... 62.00 EUR'],
    [13, 669, 'Hot stone massage, 75 min ...................... 75.00 EUR'],
    [13, 646, 'Rose oil facial treatment, 45 min .............. 48.00 EUR'],
    [13, 623, 'Back and neck massage, 30 min .................. 32.00 EUR'],
    [13, 600, 'Finnish sauna and steam bath, per visit ........ 15.00 EUR'],
    [13, 577, 'Couples ritual with Bulgarian rose, 90 min ..... 140.00 EUR'],
    [11, 535, 'Book at the reception or call extension 9. Open daily 09:00-21:00.'],
  ];
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = lines
    .map(([size, y, text]) => `BT /F1 ${size} Tf 60 ${y} Td (${esc(text)}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

// ───────────────────────── main

/** Every file of the images folder, by name. */
export function renderAll(): Map<string, string | Buffer> {
  const files = new Map<string, string | Buffer>();
  const put = (name: string, content: string | Buffer) => {
    if (files.has(name)) throw new Error(`Image ${name} written twice`);
    files.set(name, content);
  };
  for (const place of DEMO_PLACES) {
    for (const p of place.products) {
      put(productImageFile(place.slug, p.slug), illustration(p.art, `${place.slug}/${p.slug}`));
    }
    const walk = (cats: CategoryDef[]) => {
      for (const c of cats) {
        if (c.art)
          put(
            categoryIconFile(place.slug, c.slug),
            illustration(c.art, `icon/${place.slug}/${c.slug}`, '100 0 600 600'),
          );
        if (c.background)
          put(
            categoryBackgroundFile(place.slug, c.slug),
            illustration(c.background, `bg/${place.slug}/${c.slug}`),
          );
        walk(c.children ?? []);
      }
    };
    walk(place.categories);
    for (const g of place.gallery) put(g.file, illustration(g.art, `gallery/${g.file}`));
    for (const p of place.promotions)
      put(p.file, illustration(p.art, `promo/${p.file}`, '0 0 800 600', p.badge));
  }
  for (const a of ALLERGENS) put(allergenIconFile(a.key), allergenIcon(a.key));
  put('logo-bistro.svg', logo('BISTRO', '#8c2f39', '#d9a441'));
  put('logo-hotel.svg', logo('HOTEL', '#1f4e5f', '#c9a227'));
  put('spa-menu.pdf', spaMenuPdf());
  return files;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = fileURLToPath(new URL('./images/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(dir)) {
    if (f.endsWith('.svg') || f.endsWith('.pdf')) rmSync(join(dir, f));
  }
  const files = renderAll();
  let total = 0;
  for (const [name, content] of files) {
    writeFileSync(join(dir, name), content);
    total += Buffer.byteLength(content);
  }
  console.log(`Wrote ${files.size} files (${Math.round(total / 1024)} KiB) to ${dir}`);
}
