import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const PAGE =
  '<!doctype html><meta charset="utf-8"><title>loyalty-sdk in a page</title><script type="module" src="/app.js"></script>';

export interface PageServer {
  origin: string;
  close(): Promise<void>;
}

/** The page's own origin on 127.0.0.1 (a free port): `/` is the HTML, `/app.js` the bundle. */
export async function servePage(bundle: string): Promise<PageServer> {
  const server = createServer((req, res) => {
    if (req.url === '/') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    else if (req.url === '/app.js')
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(bundle);
    // No favicon: a 404 for it would show as an error in the page's console.
    else if (req.url === '/favicon.ico') res.writeHead(204).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
