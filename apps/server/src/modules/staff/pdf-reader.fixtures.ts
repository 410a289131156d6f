/**
 * A small reader of the PDFs pdfkit writes (tests only): pages with their size, and what each page draws in
 * top-left page coordinates (the way a printed sheet is measured): filled and stroked rectangles with their colour,
 * and text runs with their decoded text, font (base name), size, colour, left edge, top of the line box, baseline
 * and width (from the font's widths when the PDF has them). Enough to check a sheet's layout without a renderer.
 */
import { inflateSync } from 'node:zlib';

export interface PdfRect {
  x: number;
  y: number;
  w: number;
  h: number;
  /** RGB 0..1 of the paint. */
  color: number[];
  paint: 'fill' | 'stroke';
  dash: number[];
  lineWidth: number;
}

export interface PdfText {
  text: string;
  font: string;
  size: number;
  color: number[];
  x: number;
  /** Baseline, from the top of the page. */
  baseline: number;
  /** Width in points; null when the font carries no widths (a standard font). */
  width: number | null;
}

export interface PdfPage {
  width: number;
  height: number;
  rects: PdfRect[];
  texts: PdfText[];
}

export interface PdfDocumentInfo {
  pages: PdfPage[];
  info: Record<string, string>;
  outline: string[];
}

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

type Token = number | string | { name: string } | { str: Buffer } | Token[];

function objects(pdf: Buffer): Map<number, PdfObject> {
  const s = pdf.toString('latin1');
  const out = new Map<number, PdfObject>();
  const re = /(\d+) 0 obj\s/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) {
    const start = m.index + m[0].length;
    const end = s.indexOf('endobj', start);
    const body = s.slice(start, end);
    const at = body.search(/\bstream\r?\n/);
    if (at < 0) {
      out.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, at);
    const dataStart = start + at + body.slice(at).match(/^stream\r?\n/)![0].length;
    const length = Number(/\/Length (\d+)/.exec(dict)![1]);
    let data = Buffer.from(s.slice(dataStart, dataStart + length), 'latin1');
    if (dict.includes('/FlateDecode')) data = inflateSync(data);
    out.set(Number(m[1]), { dict, stream: data });
  }
  return out;
}

/** A PDF string (literal or hex) as bytes. */
function stringBytes(raw: string): Buffer {
  if (raw.startsWith('<')) return Buffer.from(raw.slice(1, -1).replace(/\s/g, ''), 'hex');
  const body = raw.slice(1, -1);
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\') {
      bytes.push(c.charCodeAt(0));
      continue;
    }
    const n = body[++i]!;
    const esc: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
    if (n in esc) bytes.push(esc[n]!);
    else if (/[0-7]/.test(n)) {
      let oct = n;
      while (oct.length < 3 && /[0-7]/.test(body[i + 1] ?? '')) oct += body[++i];
      bytes.push(parseInt(oct, 8));
    }
  }
  return Buffer.from(bytes);
}

/** A text string of the document (info, outline): UTF-16BE with a BOM, else PDFDocEncoding (read as Latin-1). */
function textString(raw: string): string {
  const b = stringBytes(raw);
  if (b[0] === 0xfe && b[1] === 0xff) return Buffer.from(b.subarray(2)).swap16().toString('utf16le');
  return b.toString('latin1');
}

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  const stack: Token[][] = [];
  const push = (t: Token) => (stack.length ? stack[stack.length - 1]!.push(t) : out.push(t));
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '%') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === '[') {
      stack.push([]);
      i++;
    } else if (c === ']') {
      const arr = stack.pop()!;
      push(arr);
      i++;
    } else if (c === '(') {
      let depth = 0;
      let j = i;
      for (; j < src.length; j++) {
        if (src[j] === '\\') j++;
        else if (src[j] === '(') depth++;
        else if (src[j] === ')' && --depth === 0) break;
      }
      push({ str: stringBytes(src.slice(i, j + 1)) });
      i = j + 1;
    } else if (c === '<' && src[i + 1] !== '<') {
      const j = src.indexOf('>', i);
      push({ str: stringBytes(src.slice(i, j + 1)) });
      i = j + 1;
    } else if (c === '/') {
      const m = /^\/[^\s/[\]()<>]*/.exec(src.slice(i))!;
      push({ name: m[0].slice(1) });
      i += m[0].length;
    } else {
      const m = /^[^\s/[\]()<>%]+|^<<|^>>/.exec(src.slice(i))!;
      const word = m[0];
      push(/^[-+]?(\d+\.?\d*|\.\d+)$/.test(word) ? Number(word) : word);
      i += word.length;
    }
  }
  return out;
}

interface FontInfo {
  base: string;
  /** Two-byte glyph ids (Type0) or one-byte codes. */
  twoByte: boolean;
  toUnicode: Map<number, string>;
  widths: Map<number, number> | null;
}

function readFont(objs: Map<number, PdfObject>, id: number): FontInfo {
  const dict = objs.get(id)!.dict;
  const base = /\/BaseFont \/([^\s/>]+)/.exec(dict)![1]!.replace(/^[A-Z]{6}\+/, '');
  const twoByte = dict.includes('/Type0');
  const toUnicode = new Map<number, string>();
  const tu = /\/ToUnicode (\d+) 0 R/.exec(dict);
  if (tu) {
    const cmap = objs.get(Number(tu[1]))!.stream!.toString('latin1');
    for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const m of block[1]!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi)) {
        const from = parseInt(m[1]!, 16);
        [...m[3]!.matchAll(/<([0-9a-f]+)>/gi)].forEach((u, k) =>
          toUnicode.set(from + k, Buffer.from(u[1]!, 'hex').swap16().toString('utf16le')),
        );
      }
    }
  }
  let widths: Map<number, number> | null = null;
  const desc = /\/DescendantFonts \[(\d+) 0 R\]/.exec(dict);
  if (desc) {
    const cid = objs.get(Number(desc[1]))!.dict;
    const w = /\/W (\[[\s\S]*?\]\s*\])/.exec(cid) ?? /\/W (\d+) 0 R/.exec(cid);
    const src = w && w[1]!.startsWith('[') ? w[1]! : w ? objs.get(Number(w[1]))!.dict : '[]';
    const arr = tokenize(src)[0] as Token[];
    widths = new Map();
    for (let k = 0; k < arr.length;) {
      const first = arr[k] as number;
      const next = arr[k + 1];
      if (Array.isArray(next)) {
        next.forEach((v, j) => widths!.set(first + j, v as number));
        k += 2;
      } else {
        for (let g = first; g <= (next as number); g++) widths.set(g, arr[k + 2] as number);
        k += 3;
      }
    }
  }
  return { base, twoByte, toUnicode, widths };
}

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];
const apply = (m: Matrix, x: number, y: number): [number, number] => [
  m[0] * x + m[2] * y + m[4],
  m[1] * x + m[3] * y + m[5],
];

function readPage(objs: Map<number, PdfObject>, pageId: number): PdfPage {
  const dict = objs.get(pageId)!.dict;
  const box = /\/MediaBox \[([^\]]*)\]/.exec(dict)![1]!.trim().split(/\s+/).map(Number);
  const height = box[3]! - box[1]!;
  const width = box[2]! - box[0]!;
  const contents = objs.get(Number(/\/Contents (\d+) 0 R/.exec(dict)![1]))!.stream!.toString('latin1');
  const resMatch = /\/Resources (\d+) 0 R/.exec(dict);
  const resources = resMatch ? objs.get(Number(resMatch[1]))!.dict : dict;
  const fonts = new Map<string, FontInfo>();
  const fontBlock = /\/Font <<([^>]*)>>/.exec(resources);
  for (const m of (fontBlock?.[1] ?? '').matchAll(/\/(\S+) (\d+) 0 R/g))
    fonts.set(m[1]!, readFont(objs, Number(m[2])));

  const page: PdfPage = { width, height, rects: [], texts: [] };
  interface GState {
    ctm: Matrix;
    fill: number[];
    stroke: number[];
    dash: number[];
    lineWidth: number;
  }
  let g: GState = { ctm: [1, 0, 0, 1, 0, 0], fill: [0, 0, 0], stroke: [0, 0, 0], dash: [], lineWidth: 1 };
  const saved: GState[] = [];
  let path: number[][] = [];
  let tm: Matrix = [1, 0, 0, 1, 0, 0];
  let font: FontInfo | null = null;
  let size = 0;
  const operands: Token[] = [];
  const num = (k: number) => operands[operands.length - k] as number;
  const toPage = (m: Matrix, x: number, y: number): [number, number] => {
    const [px, py] = apply(m, x, y);
    return [px, height - py];
  };
  for (const t of tokenize(contents)) {
    if (typeof t !== 'string') {
      operands.push(t);
      continue;
    }
    switch (t) {
      case 'q':
        saved.push({ ...g });
        break;
      case 'Q':
        g = saved.pop()!;
        break;
      case 'cm':
        g.ctm = multiply([num(6), num(5), num(4), num(3), num(2), num(1)], g.ctm);
        break;
      case 'w':
        g.lineWidth = num(1);
        break;
      case 'd':
        g.dash = operands[operands.length - 2] as number[];
        break;
      case 'scn':
      case 'sc':
      case 'rg':
        g.fill = [num(3), num(2), num(1)];
        break;
      case 'SCN':
      case 'SC':
      case 'RG':
        g.stroke = [num(3), num(2), num(1)];
        break;
      case 're': {
        const [x0, y0] = toPage(g.ctm, num(4), num(3));
        const [x1, y1] = toPage(g.ctm, num(4) + num(2), num(3) + num(1));
        path.push([Math.min(x0, x1), Math.min(y0, y1), Math.abs(x1 - x0), Math.abs(y1 - y0)]);
        break;
      }
      case 'f':
      case 'F':
      case 'f*':
      case 'S':
        for (const [x, y, w, h] of path) {
          const paint = t === 'S' ? 'stroke' : 'fill';
          const color = paint === 'fill' ? g.fill : g.stroke;
          page.rects.push({ x: x!, y: y!, w: w!, h: h!, color, paint, dash: g.dash, lineWidth: g.lineWidth });
        }
        path = [];
        break;
      case 'n':
        path = [];
        break;
      case 'BT':
        tm = [1, 0, 0, 1, 0, 0];
        break;
      case 'Tm':
        tm = [num(6), num(5), num(4), num(3), num(2), num(1)];
        break;
      case 'Tf':
        font = fonts.get((operands[operands.length - 2] as { name: string }).name)!;
        size = num(1);
        break;
      case 'Tj':
      case 'TJ': {
        const items =
          t === 'TJ' ? (operands[operands.length - 1] as Token[]) : [operands[operands.length - 1]!];
        let text = '';
        let advance = 0;
        let known = font!.widths !== null;
        for (const item of items) {
          if (typeof item === 'number') {
            advance -= item;
            continue;
          }
          const bytes = (item as { str: Buffer }).str;
          const step = font!.twoByte ? 2 : 1;
          for (let k = 0; k < bytes.length; k += step) {
            const code = step === 2 ? bytes.readUInt16BE(k) : bytes[k]!;
            text += font!.toUnicode.get(code) ?? String.fromCharCode(code);
            const w = font!.widths?.get(code);
            if (w === undefined) known = false;
            else advance += w;
          }
        }
        const m = multiply(tm, g.ctm);
        const [x, baseline] = toPage(m, 0, 0);
        page.texts.push({
          text,
          font: font!.base,
          size: size * Math.hypot(m[2], m[3]),
          color: g.fill,
          x,
          baseline,
          width: known ? (advance / 1000) * size * Math.hypot(m[0], m[1]) : null,
        });
        break;
      }
    }
    operands.length = 0;
  }
  return page;
}

export function readPdf(pdf: Buffer): PdfDocumentInfo {
  const objs = objects(pdf);
  const s = pdf.toString('latin1');
  const rootId = Number(/\/Root (\d+) 0 R/.exec(s)![1]);
  const root = objs.get(rootId)!.dict;
  const pagesDict = objs.get(Number(/\/Pages (\d+) 0 R/.exec(root)![1]))!.dict;
  const kids = [.../\/Kids \[([^\]]*)\]/.exec(pagesDict)![1]!.matchAll(/(\d+) 0 R/g)].map((m) =>
    Number(m[1]),
  );
  const info: Record<string, string> = {};
  const infoRef = /\/Info (\d+) 0 R/.exec(s);
  if (infoRef) {
    const dict = objs.get(Number(infoRef[1]))!.dict;
    for (const m of dict.matchAll(/\/(\w+) (\d+) 0 R/g))
      info[m[1]!] = textString(objs.get(Number(m[2]))!.dict.trim());
  }
  const outline: string[] = [];
  const outlines = /\/Outlines (\d+) 0 R/.exec(root);
  if (outlines) {
    let next = /\/First (\d+) 0 R/.exec(objs.get(Number(outlines[1]))!.dict);
    while (next) {
      const item = objs.get(Number(next[1]))!.dict;
      outline.push(textString(/\/Title (\((?:\\.|[^\\)])*\)|<[0-9a-fA-F\s]*>)/.exec(item)![1]!));
      next = /\/Next (\d+) 0 R/.exec(item);
    }
  }
  return { pages: kids.map((id) => readPage(objs, id)), info, outline };
}
