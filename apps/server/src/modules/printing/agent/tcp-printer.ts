/**
 * Sends bytes to a network receipt printer (raw TCP, port 9100 by default) with time-outs: connecting, and the
 * whole write until the printer took the bytes and the connection closed cleanly. Only Node built-ins, so the
 * single-file agent needs nothing else.
 *
 * A printer accepts a job by reading it; there is no answer in raw-port printing. So the job counts as printed
 * when every byte was written and the socket ended without an error. A peer that closes at once (before reading)
 * makes the write fail (EPIPE / ECONNRESET); one that never answers times out; an HTTP server on the port answers
 * with text, which a printer never does — that is refused as "not a printer".
 *
 * Before the job, on the same connection, the printer's real-time status is asked (ESC/POS `DLE EOT 2`, offline
 * cause, and `DLE EOT 4`, roll paper sensor; a printer answers these at once even while it is stopped). Out of paper
 * or cover open: the job is not written and the attempt fails with a `PrinterStatusError` naming the problem, so the
 * job stays waiting and the staff board says why. A printer that does not answer status queries (some cheap ones
 * ignore them) is given `statusTimeoutMs` and then assumed ready: the job is written as before.
 */
import { connect } from 'node:net';

export interface SendOptions {
  /** Connect time-out (ms). */
  connectTimeoutMs?: number;
  /** Time-out for the write and clean close after connecting (ms). */
  writeTimeoutMs?: number;
  /** How long to wait for the answer to the status query before assuming the printer is ready (ms). */
  statusTimeoutMs?: number;
}

/** What the printer's status says stops it. */
export type PrinterProblem = 'paper_out' | 'cover_open';

/** `DLE EOT 2` (offline cause) then `DLE EOT 4` (roll paper sensor): one status byte back for each. */
const STATUS_QUERY = Uint8Array.of(0x10, 0x04, 0x02, 0x10, 0x04, 0x04);

/**
 * A real-time status byte has fixed bits (bit 1 and bit 4 set, bits 0 and 7 clear: `0xx1xx10`), which tells it
 * from text such as "HTTP/1.1" that something else on the port might send.
 */
export function isStatusByte(b: number): boolean {
  return (b & 0x93) === 0x12;
}

/**
 * Reads the answers to STATUS_QUERY. Offline cause (n = 2): bit 2 cover open, bit 5 stopped by paper end. Roll
 * paper sensor (n = 4): bits 5–6 paper end (bits 2–3 near end, which still prints). Null: nothing stops printing.
 */
export function problemFromStatus(
  offlineCause: number | undefined,
  paper: number | undefined,
): PrinterProblem | null {
  if (offlineCause !== undefined && isStatusByte(offlineCause) && offlineCause & 0x04) return 'cover_open';
  if (paper !== undefined && isStatusByte(paper) && (paper & 0x60) === 0x60) return 'paper_out';
  if (offlineCause !== undefined && isStatusByte(offlineCause) && offlineCause & 0x20) return 'paper_out';
  return null;
}

const PROBLEM_TEXT: Record<PrinterProblem, string> = {
  paper_out: 'out of paper',
  cover_open: 'cover open',
};

/** How long the peer may take to refuse a job after it was written. */
const SETTLE_MS = 150;

class PrinterError extends Error {
  override name = 'PrinterError';
}

/** The printer answered its status: it cannot print now (the job was not sent). */
export class PrinterStatusError extends PrinterError {
  override name = 'PrinterStatusError';
  readonly problem: PrinterProblem;
  constructor(where: string, problem: PrinterProblem) {
    super(`${where}: ${PROBLEM_TEXT[problem]}`);
    this.problem = problem;
  }
}

export function sendToPrinter(
  host: string,
  port: number,
  data: Uint8Array,
  opts: SendOptions = {},
): Promise<void> {
  const connectTimeoutMs = opts.connectTimeoutMs ?? 4000;
  const writeTimeoutMs = opts.writeTimeoutMs ?? 8000;
  const statusTimeoutMs = opts.statusTimeoutMs ?? 1500;
  return new Promise((resolve, reject) => {
    let settled = false;
    let answered = '';
    /** Status bytes while the status query waits for its answer; null once the job is being written. */
    let status: number[] | null = [];
    let statusTimer: NodeJS.Timeout | undefined;
    const socket = connect({ host, port });
    const done = (err?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(statusTimer);
      socket.destroy();
      if (err) reject(err);
      else resolve();
    };
    let timer = setTimeout(
      () => done(new PrinterError(`no answer from ${host}:${port} within ${connectTimeoutMs} ms`)),
      connectTimeoutMs,
    );
    let weEnded = false;
    const writeJob = () => {
      clearTimeout(statusTimer);
      status = null;
      if (settled) return;
      // Write, then give the peer a moment to refuse (a port that closes at once resets the connection, an HTTP
      // server answers) before ending our side; a printer reads until we end and then closes too.
      socket.write(data, (err) => {
        if (err) return;
        setTimeout(() => {
          if (settled) return;
          weEnded = true;
          socket.end();
        }, SETTLE_MS);
      });
    };
    /** The status answered (or the printer stayed silent): print, or refuse with the problem. */
    const statusKnown = () => {
      if (status === null || settled) return;
      const problem = problemFromStatus(status[0], status[1]);
      if (problem) done(new PrinterStatusError(`${host}:${port}`, problem));
      else writeJob();
    };
    socket.once('connect', () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => done(new PrinterError(`${host}:${port} did not take the job within ${writeTimeoutMs} ms`)),
        writeTimeoutMs,
      );
      socket.write(STATUS_QUERY);
      // No answer in time: a printer that ignores status queries; assume it is ready (documented in README).
      statusTimer = setTimeout(statusKnown, statusTimeoutMs);
    });
    socket.once('end', () => {
      if (!weEnded) done(new PrinterError(`${host}:${port} closed the connection before taking the job`));
    });
    socket.on('data', (chunk: Buffer) => {
      if (status !== null) {
        let i = 0;
        while (i < chunk.length && status.length < 2 && isStatusByte(chunk[i]!)) status.push(chunk[i++]!);
        chunk = chunk.subarray(i);
        if (status.length === 2) statusKnown();
        else if (chunk.length > 0 && status.length < 2) {
          // Not a status byte: not an ESC/POS answer. Text is judged below; anything else ignores the query.
          if (!/^(HTTP\/|<|SSH-|[A-Z]+ )/.test(answered + chunk.toString('latin1'))) statusKnown();
        }
        if (chunk.length === 0) return;
      }
      // ESC/POS printers do not answer unrequested; ASCII text back (e.g. "HTTP/1.1 400") means something else.
      answered += chunk.toString('latin1');
      if (/^(HTTP\/|<|SSH-|[A-Z]+ )/.test(answered)) {
        done(
          new PrinterError(
            `${host}:${port} is not a printer (it answered "${answered.slice(0, 40).trim()}")`,
          ),
        );
      }
    });
    socket.once('error', (err: NodeJS.ErrnoException) =>
      done(new PrinterError(`${host}:${port}: ${err.code ?? err.message}`)),
    );
    socket.once('close', (hadError) => {
      if (hadError) return;
      if (/^(HTTP\/|<|SSH-)/.test(answered)) {
        done(
          new PrinterError(
            `${host}:${port} is not a printer (it answered "${answered.slice(0, 40).trim()}")`,
          ),
        );
      } else done();
    });
  });
}
