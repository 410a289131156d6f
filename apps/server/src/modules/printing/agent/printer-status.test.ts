/**
 * Out-of-paper detection in the print agent (issue 20): before a job is written, the printer's real-time status is
 * asked on the same connection (ESC/POS DLE EOT 2 and 4). Against the simulated printer, which answers like a real
 * one: paper out or cover open → the job is not sent and the attempt fails with the problem; paper back → the queue
 * prints it once; a printer that ignores status queries still prints after the status time-out.
 */
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { PrinterSimulator } from '../../../../test/printer-simulator.ts';
import { PrintQueue, type QueueJob } from './print-queue.ts';
import {
  isStatusByte,
  PrinterStatusError,
  problemFromStatus,
  sendToPrinter,
  type PrinterProblem,
} from './tcp-printer.ts';

/** A ticket as the encoder makes it: init, text, cut. */
const ticket = (text: string) =>
  Buffer.concat([
    Buffer.from([0x1b, 0x40]),
    Buffer.from(`${text}\n`, 'latin1'),
    Buffer.from([0x1d, 0x56, 0x00]),
  ]);

const printers: PrinterSimulator[] = [];
const servers: Server[] = [];
afterEach(async () => {
  for (const p of printers.splice(0)) await p.stop();
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});
async function simulator(): Promise<PrinterSimulator> {
  const p = await new PrinterSimulator().start();
  printers.push(p);
  return p;
}

describe('printer status bytes (DLE EOT)', () => {
  test('reads cover open and paper end; near end still prints; text is no status', () => {
    expect(problemFromStatus(0x12, 0x12)).toBeNull();
    expect(problemFromStatus(0x12 | 0x04 | 0x40, 0x12)).toBe('cover_open');
    expect(problemFromStatus(0x12 | 0x20 | 0x40, 0x12 | 0x6c)).toBe('paper_out');
    expect(problemFromStatus(0x12, 0x12 | 0x60)).toBe('paper_out');
    // Near end (bits 2–3 of DLE EOT 4) is a warning, not a stop.
    expect(problemFromStatus(0x12, 0x12 | 0x0c)).toBeNull();
    // Only the first answer came (a printer that knows n = 2 only): judged on it.
    expect(problemFromStatus(0x12 | 0x20, undefined)).toBe('paper_out');
    expect(isStatusByte('H'.charCodeAt(0))).toBe(false);
    expect(problemFromStatus('H'.charCodeAt(0), 'T'.charCodeAt(0))).toBeNull();
  });
});

describe('sendToPrinter asks the status first', () => {
  test('paper out: refused with the problem, nothing sent; paper back: printed', async () => {
    const printer = await simulator();
    printer.paperOut = true;
    const err = await sendToPrinter('127.0.0.1', printer.port, ticket('Supa')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PrinterStatusError);
    expect((err as PrinterStatusError).problem).toBe('paper_out');
    expect((err as Error).message).toMatch(/out of paper/);
    expect(printer.statusQueries).toBe(2);
    await new Promise((r) => setTimeout(r, 100));
    expect(printer.jobs).toHaveLength(0);
    expect(printer.lost).toHaveLength(0);

    printer.paperOut = false;
    await sendToPrinter('127.0.0.1', printer.port, ticket('Supa'));
    await new Promise((r) => setTimeout(r, 100));
    expect(printer.tickets.map((t) => t.lines[0]?.text)).toEqual(['Supa']);
    // The status query never shows on paper.
    expect(printer.jobs[0]!.controls).toEqual([]);
    expect(printer.jobs[0]!.unknown).toEqual([]);
  });

  test('cover open: refused as cover open', async () => {
    const printer = await simulator();
    printer.coverOpen = true;
    const err = await sendToPrinter('127.0.0.1', printer.port, ticket('x')).catch((e: unknown) => e);
    expect((err as PrinterStatusError).problem).toBe('cover_open');
  });

  test('a printer that ignores status queries still prints (status time-out → assumed ready)', async () => {
    const printer = await simulator();
    printer.answersStatus = false;
    const started = Date.now();
    await sendToPrinter('127.0.0.1', printer.port, ticket('Bira'), { statusTimeoutMs: 300 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await new Promise((r) => setTimeout(r, 100));
    expect(printer.tickets.map((t) => t.lines[0]?.text)).toEqual(['Bira']);
  });

  test('a peer answering bytes that are no status (not ESC/POS) is not taken for paper out', async () => {
    // A raw sink that answers each packet with 0x00 (no fixed status bits) and reads the job.
    const got: Buffer[] = [];
    const server = createServer((socket) => {
      socket.on('data', (c: Buffer) => {
        got.push(c);
        socket.write(Uint8Array.of(0x00, 0xff));
      });
      socket.on('end', () => socket.end());
      socket.on('error', () => undefined);
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    await sendToPrinter('127.0.0.1', port, ticket('ok'), { statusTimeoutMs: 2000 });
    expect(Buffer.concat(got).includes(Buffer.from('ok\n'))).toBe(true);
  });
});

describe('PrintQueue with a printer out of paper', () => {
  test('the job waits with the problem reported, prints once when the paper is back', async () => {
    const printer = await simulator();
    printer.paperOut = true;
    const failures: (PrinterProblem | null)[] = [];
    const printed: number[] = [];
    const queue = new PrintQueue({
      firstRetryMs: 50,
      maxRetryMs: 200,
      onPrinted: async (job: QueueJob) => void printed.push(job.id),
      onFailed: async (_job, _error, problem) => void failures.push(problem),
    });
    queue.add({
      id: 7,
      printer: { id: 1, name: 'Кухня', host: '127.0.0.1', port: printer.port },
      data: ticket('Shopska'),
    });
    const until = async (check: () => boolean) => {
      const end = Date.now() + 5000;
      while (!check()) {
        if (Date.now() > end) throw new Error('timed out');
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await until(() => failures.length >= 3);
    expect(new Set(failures)).toEqual(new Set(['paper_out']));
    expect(printed).toEqual([]);
    expect(queue.pending).toBe(1);
    expect(printer.jobs).toHaveLength(0);

    printer.paperOut = false;
    await until(() => printed.length === 1);
    await new Promise((r) => setTimeout(r, 400));
    expect(printed).toEqual([7]);
    expect(printer.tickets.map((t) => t.lines[0]?.text)).toEqual(['Shopska']);
    expect(printer.lost).toHaveLength(0);
    queue.stop();
  });
});
