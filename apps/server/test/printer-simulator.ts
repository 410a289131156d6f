/**
 * A network receipt printer for tests: accepts ESC/POS on a local TCP port (like port 9100 of a real one) and decodes
 * the bytes back to text lines, with the code page the job selected (ESC t: 17 = CP866, 46 = WPC1251), text size
 * (GS !), bold (ESC E) and cuts (GS V: one ticket per cut). Anything it does not know is kept in `unknown`, and any
 * other control byte in `controls`, so a test can tell that a name never became a printer command.
 * It can be stopped and started again on the same port (a printer switched off and on mid-shift).
 *
 * Like a real one it answers the real-time status queries (`DLE EOT n`, answered at once as they arrive, even while
 * it cannot print): n = 1 printer, 2 offline cause (bit 2 cover open, bit 5 stopped by paper end), 3 error cause,
 * 4 roll paper sensor (bits 5–6 paper end); every answer has the fixed bits `0xx1xx10`. Switches: `paperOut`,
 * `coverOpen`, and `answersStatus = false` for a cheap printer that ignores status queries. A job sent while the paper
 * is out or the cover open is not printed (kept in `lost`), as the paper would never show it.
 */
import { createServer, type Server, type Socket } from 'node:net';

export interface PrintedLine {
  text: string;
  /** 1 normal, 2 double (GS ! 0x11). */
  size: number;
  bold: boolean;
}

export interface PrintedTicket {
  lines: PrintedLine[];
  /** The code page the ticket selected. */
  codepage: string;
}

export interface DecodedJob {
  tickets: PrintedTicket[];
  unknown: string[];
  controls: number[];
}

const CODEPAGES: Record<number, string> = { 0: 'ibm437', 17: 'ibm866', 46: 'windows-1251' };

/** Decodes ESC/POS bytes as a printer would print them. */
export function decodeEscPos(bytes: Uint8Array): DecodedJob {
  const tickets: PrintedTicket[] = [];
  const unknown: string[] = [];
  const controls: number[] = [];
  let codepage = 'ibm437';
  let size = 1;
  let bold = false;
  let lines: PrintedLine[] = [];
  let text: number[] = [];
  // The encoder sets a line's style before its text and resets it before the line feed: a line is as large and as
  // bold as any of its text was.
  let lineSize = 1;
  let lineBold = false;
  const flushText = (force: boolean) => {
    if (text.length === 0 && !force) return;
    const decoded = new TextDecoder(codepage === 'ibm437' ? 'latin1' : codepage).decode(new Uint8Array(text));
    lines.push({ text: decoded.replace(/\s+$/, ''), size: lineSize, bold: lineBold });
    text = [];
    lineSize = 1;
    lineBold = false;
  };
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const n1 = bytes[i + 1];
    const n2 = bytes[i + 2];
    if (b === 0x0a) {
      flushText(true);
      i += 1;
    } else if (b === 0x0d) {
      i += 1;
    } else if (b === 0x10 && (n1 === 0x04 || n1 === 0x05)) {
      // DLE EOT n / DLE ENQ n: real-time status queries, answered, never printed.
      i += 3;
    } else if (b === 0x1b) {
      const cmd = String.fromCharCode(n1 ?? 0);
      if (cmd === '@') {
        codepage = 'ibm437';
        size = 1;
        bold = false;
        i += 2;
      } else if (cmd === 't') {
        codepage = CODEPAGES[n2 ?? 0] ?? `codepage-${n2}`;
        if (!CODEPAGES[n2 ?? 0]) unknown.push(`ESC t ${n2}`);
        i += 3;
      } else if (cmd === 'E') {
        bold = (n2 ?? 0) !== 0;
        i += 3;
      } else if ('Ma-4GdJ3!'.includes(cmd)) {
        i += 3;
      } else if (cmd === '2') {
        i += 2;
      } else {
        unknown.push(`ESC 0x${(n1 ?? 0).toString(16)}`);
        i += 2;
      }
    } else if (b === 0x1d) {
      const cmd = String.fromCharCode(n1 ?? 0);
      if (cmd === '!') {
        size = ((n2 ?? 0) & 0x0f) + 1;
        i += 3;
      } else if (cmd === 'V') {
        flushText(false);
        tickets.push({ lines, codepage });
        lines = [];
        i += n2 === 65 || n2 === 66 ? 4 : 3;
      } else if (cmd === 'B') {
        i += 3;
      } else {
        unknown.push(`GS 0x${(n1 ?? 0).toString(16)}`);
        i += 2;
      }
    } else if (b === 0x1c) {
      if (n1 === 0x2e) i += 2;
      else {
        unknown.push(`FS 0x${(n1 ?? 0).toString(16)}`);
        i += 2;
      }
    } else if (b < 0x20 || b === 0x7f) {
      controls.push(b);
      i += 1;
    } else {
      text.push(b);
      lineSize = Math.max(lineSize, size);
      lineBold ||= bold;
      i += 1;
    }
  }
  flushText(false);
  // What follows the last cut (the encoder's final line feed) is no ticket unless it has text.
  if (lines.some((l) => l.text !== '')) tickets.push({ lines, codepage });
  return { tickets, unknown, controls };
}

/** A simulated printer on 127.0.0.1. */
export class PrinterSimulator {
  port = 0;
  readonly jobs: DecodedJob[] = [];
  /** Jobs that arrived while the printer could not print (paper out, cover open). */
  readonly lost: DecodedJob[] = [];
  /** Status queries answered (DLE EOT n). */
  statusQueries = 0;
  paperOut = false;
  coverOpen = false;
  /** False: ignores DLE EOT like some cheap printers (no answer at all). */
  answersStatus = true;
  #server: Server | null = null;
  readonly #sockets = new Set<Socket>();

  get tickets(): PrintedTicket[] {
    return this.jobs.flatMap((j) => j.tickets);
  }

  /** The answer to DLE EOT n, as an Epson-compatible printer gives it. */
  statusByte(n: number): number {
    const stopped = this.paperOut || this.coverOpen;
    switch (n) {
      case 1:
        return 0x12 | (stopped ? 0x08 : 0);
      case 2:
        return 0x12 | (this.coverOpen ? 0x04 : 0) | (this.paperOut ? 0x20 : 0) | (stopped ? 0x40 : 0);
      case 4:
        return 0x12 | (this.paperOut ? 0x6c : 0);
      default:
        return 0x12;
    }
  }

  /** Starts listening (on the same port as before when restarted). */
  async start(): Promise<this> {
    const server = createServer((socket) => {
      this.#sockets.add(socket);
      const chunks: Buffer[] = [];
      let received = Buffer.alloc(0);
      let scanned = 0;
      socket.on('data', (c: Buffer) => {
        chunks.push(c);
        received = Buffer.concat([received, c]);
        // Real-time commands are executed as they arrive (a query may be split across packets).
        while (scanned + 2 < received.length) {
          if (received[scanned] === 0x10 && received[scanned + 1] === 0x04) {
            if (this.answersStatus) {
              this.statusQueries += 1;
              socket.write(Uint8Array.of(this.statusByte(received[scanned + 2]!)));
            }
            scanned += 3;
          } else scanned += 1;
        }
      });
      socket.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const job = decodeEscPos(bytes);
        if (job.tickets.length > 0 || job.unknown.length > 0 || job.controls.length > 0) {
          if (this.paperOut || this.coverOpen) this.lost.push(job);
          else this.jobs.push(job);
        }
        socket.end();
      });
      socket.on('error', () => undefined);
      socket.on('close', () => this.#sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    this.#server = server;
    return this;
  }

  /** Switched off: the port refuses connections. */
  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    for (const s of this.#sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
