/**
 * QR codes of tables and rooms: an SVG per table (shown on screen) and a printable A4 PDF sheet with the venue's
 * name, the table or room number and its QR code, six cards to a page with cut lines. The QR is drawn as vector
 * squares, so it prints sharp at any size.
 */
import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

export type QrSheetLanguage = 'bg' | 'en' | 'es' | 'de' | 'fr-CH';

const LABELS: Record<QrSheetLanguage, { table: string; room: string; scan: string }> = {
  bg: { table: 'Маса', room: 'Стая', scan: 'Сканирайте, за да поръчате' },
  en: { table: 'Table', room: 'Room', scan: 'Scan to order' },
  es: { table: 'Mesa', room: 'Habitación', scan: 'Escanee para pedir' },
  de: { table: 'Tisch', room: 'Zimmer', scan: 'Scannen und bestellen' },
  'fr-CH': { table: 'Table', room: 'Chambre', scan: 'Scannez pour commander' },
};

/** "Table 7" / "Маса 7" in the sheet's language. */
export function tableLabel(kind: string, number: string, lang: QrSheetLanguage): string {
  const l = LABELS[lang];
  return `${kind === 'room' ? l.room : l.table} ${number}`;
}

/** The table's QR code as an SVG document. */
export async function tableQrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/**
 * PDF's standard fonts have no Cyrillic; a system TrueType font with it is used when present (Debian's
 * fonts-dejavu / fonts-liberation). Without one, the sheet falls back to Helvetica (Latin names print fine).
 */
const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf',
  '/usr/share/fonts/TTF/DejaVuSans.ttf',
];
const BOLD_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
];
const regularFont = FONT_CANDIDATES.find((f) => existsSync(f)) ?? 'Helvetica';
const boldFont =
  BOLD_CANDIDATES.find((f) => existsSync(f)) ??
  (regularFont === 'Helvetica' ? 'Helvetica-Bold' : regularFont);

export interface QrSheetTable {
  number: string;
  kind: string;
  url: string;
}

const A4 = { width: 595.28, height: 841.89 };
const COLUMNS = 2;
const ROWS = 3;
const MARGIN = 28;

/** Draws the QR code's dark modules as filled squares inside the square at (x, y) of side `size`. */
function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = size / (n + quiet * 2);
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      // One rectangle per run of dark modules keeps the page small.
      const start = col;
      while (col < n && qr.modules.get(row, col)) col++;
      doc.rect(x + (quiet + start) * cell, y + (quiet + row) * cell, (col - start) * cell, cell);
    }
  }
  doc.fillColor('#000000').fill();
}

/**
 * Text on a single line of the card: the font shrinks from `size` down to `minSize` until it fits the width, and
 * what still does not fit ends in an ellipsis. A long table number or venue name never wraps into the QR code
 * below it (pdfkit wraps at spaces even with lineBreak: false; the height of one line makes it cut instead).
 */
function oneLine(
  doc: PDFKit.PDFDocument,
  text: string,
  font: string,
  size: number,
  minSize: number,
  x: number,
  y: number,
  width: number,
): void {
  doc.font(font);
  let fitted = size;
  while (fitted > minSize && doc.fontSize(fitted).widthOfString(text) > width) fitted -= 1;
  doc.fontSize(fitted);
  // Baseline kept where the full-size line had it, so shrunk text does not float up.
  const shift = (doc.fontSize(size).currentLineHeight() - doc.fontSize(fitted).currentLineHeight()) * 0.8;
  doc.text(text, x, y + shift, {
    width,
    height: doc.currentLineHeight(),
    align: 'center',
    lineBreak: false,
    ellipsis: true,
  });
}

/** The A4 sheet: six cards a page, each with the venue name, the table label, the QR code and a hint. */
export async function qrSheetPdf(input: {
  placeName: string;
  tables: QrSheetTable[];
  lang: QrSheetLanguage;
}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: `${input.placeName} — QR`, Creator: 'Trapeza' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const cardW = (A4.width - MARGIN * 2) / COLUMNS;
  const cardH = (A4.height - MARGIN * 2) / ROWS;
  const perPage = COLUMNS * ROWS;
  if (input.tables.length === 0) {
    doc.addPage();
    doc.font(regularFont).fontSize(14).text(input.placeName, MARGIN, MARGIN);
  }
  input.tables.forEach((t, i) => {
    if (i % perPage === 0) doc.addPage();
    const slot = i % perPage;
    const x = MARGIN + (slot % COLUMNS) * cardW;
    const y = MARGIN + Math.floor(slot / COLUMNS) * cardH;
    const label = tableLabel(t.kind, t.number, input.lang);
    // The outline names every card: the PDF's bookmarks list the tables, and tests can find them.
    doc.outline.addItem(label);

    doc
      .save()
      .lineWidth(0.5)
      .dash(4, { space: 4 })
      .strokeColor('#999999')
      .rect(x, y, cardW, cardH)
      .stroke()
      .restore();
    const inner = cardW - 40;
    doc.fillColor('#333333');
    oneLine(doc, input.placeName, regularFont, 13, 9, x + 20, y + 16, inner);
    doc.fillColor('#000000');
    oneLine(doc, label, boldFont, 26, 12, x + 20, y + 36, inner);
    const qrSize = Math.min(cardW - 60, cardH - 110);
    drawQr(doc, t.url, x + (cardW - qrSize) / 2, y + 72, qrSize);
    doc
      .font(regularFont)
      .fontSize(10)
      .fillColor('#555555')
      .text(LABELS[input.lang].scan, x + 20, y + 76 + qrSize, {
        width: inner,
        align: 'center',
        lineBreak: false,
      });
  });
  doc.end();
  return done;
}
