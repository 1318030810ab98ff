import { createServer, ServerResponse, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { queryObjects } from 'node:v8';
import { afterEach, expect, it } from 'vitest';
import { oneRequestAtATime } from '../../server/connections.ts';

let server: Server | undefined;
const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
  server?.close();
});

// An idle keep-alive connection costs Node about 5 KB. It cost three times that while the connection manager's
// close listener kept the connection's first request and response alive (a 256 MiB replica ran out of heap
// at some 6,000 open connections).
it('keeps no request or response of an idle keep-alive connection alive', async () => {
  server = createServer(oneRequestAtATime((_req, res) => res.end('ok')));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const connections = 50;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const socket = connect(port, '127.0.0.1');
      sockets.push(socket);
      socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
      await new Promise((resolve) => socket.once('data', resolve));
    }),
  );
  // The connections stay open, each answered; a full collection then finds what is still referenced.
  const responses = (await queryObjects(ServerResponse, { format: 'count' })) as number;
  expect(responses).toBeLessThan(connections / 10);
});
