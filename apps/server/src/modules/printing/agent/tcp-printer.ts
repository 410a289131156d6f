/**
 * Sends bytes to a network receipt printer (raw TCP, port 9100 by default) with time-outs: connecting, and the
 * whole write until the printer took the bytes and the connection closed cleanly. Only Node built-ins, so the
 * single-file agent needs nothing else.
 *
 * A printer accepts a job by reading it; there is no answer in raw-port printing. So the job counts as printed
 * when every byte was written and the socket ended without an error. A peer that closes at once (before reading)
 * makes the write fail (EPIPE / ECONNRESET); one that never answers times out; an HTTP server on the port answers
 * with text, which a printer never does — that is refused as "not a printer".
 */
import { connect } from 'node:net';

export interface SendOptions {
  /** Connect time-out (ms). */
  connectTimeoutMs?: number;
  /** Time-out for the write and clean close after connecting (ms). */
  writeTimeoutMs?: number;
}

/** How long the peer may take to refuse a job after it was written. */
const SETTLE_MS = 150;

export class PrinterError extends Error {
  override name = 'PrinterError';
}

export function sendToPrinter(
  host: string,
  port: number,
  data: Uint8Array,
  opts: SendOptions = {},
): Promise<void> {
  const connectTimeoutMs = opts.connectTimeoutMs ?? 4000;
  const writeTimeoutMs = opts.writeTimeoutMs ?? 8000;
  return new Promise((resolve, reject) => {
    let settled = false;
    let answered = '';
    const socket = connect({ host, port });
    const done = (err?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (err) reject(err);
      else resolve();
    };
    let timer = setTimeout(
      () => done(new PrinterError(`no answer from ${host}:${port} within ${connectTimeoutMs} ms`)),
      connectTimeoutMs,
    );
    let weEnded = false;
    socket.once('connect', () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => done(new PrinterError(`${host}:${port} did not take the job within ${writeTimeoutMs} ms`)),
        writeTimeoutMs,
      );
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
    });
    socket.once('end', () => {
      if (!weEnded) done(new PrinterError(`${host}:${port} closed the connection before taking the job`));
    });
    socket.on('data', (chunk: Buffer) => {
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
