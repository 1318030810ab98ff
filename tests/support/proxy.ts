import { once } from 'node:events';
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

export type Proxy = { origin: string; close: () => void };

/**
 * An HTTP proxy on a free port of 127.0.0.1 that passes each request to the port `upstream` picks for it on
 * 127.0.0.1, and each response back, its headers first given to `edit`.
 */
export async function startProxy(
  upstream: (req: IncomingMessage) => number,
  edit: (headers: IncomingHttpHeaders) => void = () => {},
): Promise<Proxy> {
  const server = createServer((req, res) => {
    const forward = request(
      { host: '127.0.0.1', port: upstream(req), path: req.url, method: req.method, headers: req.headers },
      (response) => {
        edit(response.headers);
        res.writeHead(response.statusCode!, response.headers);
        response.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
