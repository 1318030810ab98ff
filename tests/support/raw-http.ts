import { connect } from 'node:net';

export type RawResponse = { status: number; head: string; body: string };

/**
 * Sends bytes exactly as given (no URL normalisation, unlike fetch) and reads the reply until the server
 * closes the connection. status is 0 when the server closed without an HTTP answer.
 */
export function rawRequest(port: number, request: string, timeoutMs = 5000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms to ${JSON.stringify(request.slice(0, 80))}`));
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const status = Number(head.match(/^HTTP\/1\.[01] (\d{3})/)?.[1] ?? 0);
      resolve({ status, head, body: rest.join('\r\n\r\n') });
    });
    socket.write(request);
  });
}

/** A request line plus headers, asking the server to close the connection after answering. */
export function httpRequest(
  method: string,
  target: string,
  headers: Record<string, string> = { Host: 'localhost' },
): string {
  const lines = Object.entries({ ...headers, Connection: 'close' }).map(([name, value]) => `${name}: ${value}`);
  return `${method} ${target} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

/** A header's value in a raw response's head, by its name in any case. */
export function header(head: string, name: string): string | undefined {
  return new RegExp(`\\r\\n${name}: ([^\\r]*)`, 'i').exec(head)?.[1];
}
