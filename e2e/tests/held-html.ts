/**
 * A slow network for one page's HTML: the browser gets the page's first part at once and the rest only when the test
 * says so, as a guest on a weak connection gets a long page. Playwright's routes answer a request whole; this is a
 * small proxy in front of the e2e server (every other request passes through as it is), so the browser parses and
 * paints the part it has, and the scripts of the part held back (the page's inline boot script) have not run.
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HeldHtml {
  /** The proxy's origin (`http://localhost:<port>`: the same host, so the same cookies, as the e2e server's). */
  origin: string;
  /** Sends the rest of the held page. */
  release(): void;
  close(): Promise<void>;
}

/**
 * Proxies `target`; the GET of `path` is answered up to the first `marker` in its HTML (the whole page when there is
 * none), the rest once `release()` is called.
 */
export async function holdHtmlEnd(target: string, path: string, marker: string): Promise<HeldHtml> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const forward = request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, 'accept-encoding': 'identity' },
      },
      (answer) => {
        if (req.method !== 'GET' || req.url !== path) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const html = Buffer.concat(chunks).toString('utf8');
          const at = html.includes(marker) ? html.indexOf(marker) : html.length;
          const headers = { ...answer.headers };
          delete headers['content-length'];
          res.writeHead(answer.statusCode ?? 502, headers);
          res.write(html.slice(0, at));
          void released.then(() => res.end(html.slice(at)));
        });
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    release,
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
