/**
 * ESC/POS bytes of a laid-out ticket, through `@point-of-sale/receipt-printer-encoder` (no hand-written escape
 * codes): the printer's paper width gives the columns (32 on 58 mm, 48 on 80 mm) and its character set the code page
 * selected with ESC t (CP866 or WPC1251: Cyrillic prints correctly). Texts from people were made printable by the
 * domain's layout (`printableText`: control characters become '?'), and the encoder prints what the code page lacks
 * (emoji) as '?', so no name or comment can become a printer command.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import {
  COLUMNS_BY_PAPER,
  layoutTicket,
  type PaperWidth,
  type PrinterCharset,
  type TicketDocument,
} from '@trapeza/domain/printing';

const CODEPAGES: Record<PrinterCharset, 'cp866' | 'windows1251'> = { cp866: 'cp866', wpc1251: 'windows1251' };

export interface PrinterFormat {
  paper_width: number;
  charset: string;
}

export function columnsOf(paperWidth: number): number {
  return COLUMNS_BY_PAPER[(paperWidth === 58 ? 58 : 80) as PaperWidth];
}

/** The ticket as ESC/POS bytes for this printer: initialise, code page, lines, feed and cut. */
export function encodeTicket(doc: TicketDocument, printer: PrinterFormat): Uint8Array {
  const columns = columnsOf(printer.paper_width);
  const encoder = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns,
    codepageMapping: 'epson',
    feedBeforeCut: 4,
  });
  const charset = (printer.charset === 'wpc1251' ? 'wpc1251' : 'cp866') as PrinterCharset;
  encoder.initialize().codepage(CODEPAGES[charset]);
  for (const line of layoutTicket(doc, columns)) {
    if ('rule' in line) {
      encoder.align('left').line('-'.repeat(columns));
      continue;
    }
    encoder
      .align(line.align ?? 'left')
      .bold(line.bold ?? false)
      .size(line.size ?? 1, line.size ?? 1)
      .line(line.text)
      .size(1, 1)
      .bold(false);
  }
  return encoder.align('left').cut('partial').encode();
}
