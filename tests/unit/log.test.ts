import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';
import { createStaticHandler, type StaticHandlerContext } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleError } from '../../app/entry.server';
import { log, setLogLevel } from '../../server/log';
import { createLimitedServer } from '../../server/connections';
import { errorHandler, requestLog } from '../../server/middleware';

function captured() {
  const lines: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => lines.push(String(chunk)) > 0);
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => lines.push(String(chunk)) > 0);
  return lines;
}

afterEach(() => {
  vi.restoreAllMocks();
  setLogLevel('info');
});

describe('structured logs', () => {
  it('writes one JSON object per line, filtered by level', () => {
    const lines = captured();
    setLogLevel('warn');
    log.info('hidden');
    log.warn({ requestId: 'r1' }, 'shown');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'warn', msg: 'shown', requestId: 'r1' });
  });

  it('puts warnings and errors on stderr and the rest on stdout, with the time as an ISO string', () => {
    const out: string[] = [];
    const err: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => err.push(String(chunk)) > 0);
    setLogLevel('debug');
    log.debug('d');
    log.info('i');
    log.warn('w');
    log.error('e');
    expect(out.map((line) => JSON.parse(line).level)).toEqual(['debug', 'info']);
    expect(err.map((line) => JSON.parse(line).level)).toEqual(['warn', 'error']);
    const { time } = JSON.parse(out[0]!);
    expect(new Date(time).toISOString()).toBe(time);
  });

  it('an error thrown while rendering is logged once, with its stack and the request id', () => {
    const lines = captured();
    const request = new Request('http://localhost/boom?x=1', { headers: { 'x-request-id': 'abc-123' } });
    handleError(new Error('kaput'), { request, params: {}, context: undefined as never });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({ level: 'error', requestId: 'abc-123', method: 'GET', path: '/boom?x=1' });
    expect(entry.error.message).toBe('kaput');
    expect(entry.error.stack).toContain('log.test.ts');
  });

  it('expected 404s and aborted requests are not logged', async () => {
    const lines = captured();
    // The very 404 React Router produces for an unknown URL.
    const context = await createStaticHandler([{ path: '/' }]).query(new Request('http://localhost/x'));
    const notFound = Object.values((context as StaticHandlerContext).errors ?? {})[0];
    expect(notFound).toMatchObject({ status: 404 });
    handleError(notFound, { request: new Request('http://localhost/x'), params: {}, context: undefined as never });
    const controller = new AbortController();
    controller.abort();
    handleError(new Error('client went away'), {
      request: new Request('http://localhost/x', { signal: controller.signal }),
      params: {},
      context: undefined as never,
    });
    expect(lines).toEqual([]);
  });
});

/** A response already under way (headers sent), as when a client goes while the page is being written. */
function midResponse() {
  const req = { method: 'GET', originalUrl: '/products' } as Request;
  const res = { locals: { requestId: 'r1' }, headersSent: true, destroy: vi.fn() } as unknown as Response;
  return { req, res };
}

describe('the last-resort error handler', () => {
  const clientGone = [
    [
      'a response the client stopped reading',
      new (class WritableClosedError extends Error {})('Writable closed before stream finished'),
    ],
    ['a reset connection', Object.assign(new Error('aborted'), { code: 'ECONNRESET' })],
    ['a body cut short', Object.assign(new Error('request aborted'), { type: 'request.aborted', status: 400 })],
  ] as const;

  it.each(clientGone)('logs %s at info, without a stack, and closes the response', (_name, error) => {
    const lines = captured();
    const { req, res } = midResponse();
    errorHandler(error, req, res, () => {});
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        level: 'info',
        msg: 'client closed the connection',
        requestId: 'r1',
        path: '/products',
      }),
    ]);
    expect(lines.join('')).not.toContain('stack');
    expect(res.destroy).toHaveBeenCalled();
  });

  /** The answer to a request whose route throws `error`, in development (`showErrors`) or production. */
  async function faultAnswer(showErrors: boolean, error: Error, headers: Record<string, string> = {}) {
    captured();
    const app = express();
    app.locals.showErrors = showErrors;
    app.get('/about', () => {
      throw error;
    });
    app.use(errorHandler);
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/about`, { headers });
      return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
    } finally {
      server.close();
    }
  }

  it.each([
    [true, 'says what went wrong in development'],
    [false, 'says only "Internal Server Error" in production'],
  ])('answers a fault of ours: %s, it %s', async (showErrors) => {
    const { status, body } = await faultAnswer(
      showErrors,
      new SyntaxError('Unexpected token (app/routes/about.tsx:11:13)'),
    );
    expect(status).toBe(500);
    expect(body.startsWith('Internal Server Error')).toBe(true);
    expect(body.includes('Unexpected token (app/routes/about.tsx:11:13)')).toBe(showErrors);
  });

  // A browser's tab then reloads itself once the code is mended, as Vite's own server does it; with the plain text it
  // stayed on the error until reloaded by hand.
  it('shows a browser a fault of ours in Vite’s error overlay in development', async () => {
    const {
      status,
      type,
      body: html,
    } = await faultAnswer(true, new SyntaxError('Unexpected token </p> (app/routes/about.tsx:11:13)'), {
      accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
    });
    expect(status).toBe(500);
    expect(type).toMatch(/^text\/html/);
    expect(html).toContain("import { ErrorOverlay } from '/@vite/client';");
    const overlay = html.match(/new ErrorOverlay\((.*)\)\);/)![1]!;
    expect(overlay).not.toContain('</');
    expect(JSON.parse(overlay).stack).toContain('Unexpected token </p> (app/routes/about.tsx:11:13)');
    expect(html).toContain('Unexpected token &lt;/p&gt; (app/routes/about.tsx:11:13)');
  });

  it('still logs a fault of ours at error level, with its stack', () => {
    const lines = captured();
    const { req, res } = midResponse();
    errorHandler(new TypeError('boom'), req, res, () => {});
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'error', msg: 'unhandled error', error: { message: 'boom' } });
    expect(lines[0]).toContain('"stack"');
  });
});

describe('errors', () => {
  it('logs a DOMException (a backend call timed out) by its name and message, without its prototype’s constants', () => {
    const lines = captured();
    log.error({ error: new DOMException('The operation was aborted due to timeout', 'TimeoutError') }, 'render error');
    const { error } = JSON.parse(lines[0]!) as { error: Record<string, unknown> };
    expect(error).toMatchObject({ name: 'TimeoutError', message: 'The operation was aborted due to timeout' });
    expect(Object.keys(error).filter((key) => key.endsWith('_ERR'))).toEqual([]);
  });
});

describe('the request log', () => {
  /**
   * Sends `request` (which names its X-Request-Id) on a raw connection to a server made as the shop's is, whose
   * only route reads a post's body; gives the start of the answer and the request's log line.
   */
  async function postAndLog(request: string, options: Parameters<typeof createLimitedServer>[0] = {}) {
    const lines = captured();
    const app = express();
    app.use(requestLog);
    app.post('/', (req: Request, res: Response) => {
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    const server = createLimitedServer(options);
    server.on('request', app);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    socket.on('error', () => {});
    const answer = new Promise<string>((resolve) => {
      socket.on('data', (chunk) => resolve(String(chunk)));
      socket.on('close', () => resolve(''));
    });
    socket.write(request);
    const answered = await answer;
    await once(socket, 'close');
    server.close();
    const id = request.match(/X-Request-Id: (\S+)/)![1]!;
    await vi.waitFor(() => expect(lines.some((line) => line.includes(id))).toBe(true));
    return { answer: answered, logged: lines.map((line) => JSON.parse(line)).find((line) => line.requestId === id) };
  }

  // Node writes the 408 itself when a request's body does not arrive in time, and closes the connection: the
  // response never had that status, and was logged as a 200 the client had left (an attack run).
  it('logs a request whose body did not arrive in time as a 408, not as a 200 aborted by the client', async () => {
    const { answer, logged } = await postAndLog(
      'POST / HTTP/1.1\r\nHost: x\r\nX-Request-Id: slow-body\r\nContent-Length: 100\r\n\r\nab',
      { requestTimeout: 300 },
    );
    expect(answer).toMatch(/^HTTP\/1.1 408/);
    expect(logged).toMatchObject({ level: 'info', status: 408, msg: 'request timed out' });
  });

  // A body that stops arriving altogether leaves the connection silent, and the send timeout (for a client that reads
  // nothing) fired first: a reset without an answer, warned about as "no progress", and a 200 the client had left.
  it('answers a body that stops arriving with a 408 too, whichever timeout sees it first', async () => {
    const { answer, logged } = await postAndLog(
      'POST / HTTP/1.1\r\nHost: x\r\nX-Request-Id: stalled-body\r\nContent-Length: 1000\r\n\r\n',
      { requestTimeout: 5_000, sendTimeout: 300 },
    );
    expect(answer).toMatch(/^HTTP\/1.1 408/);
    expect(logged).toMatchObject({ level: 'info', status: 408, msg: 'request timed out' });
  });

  // So does it for a body that breaks HTTP's rules on the way: trailers past the header limit get a 431.
  it('logs a chunked body whose trailers pass the header limit as the 431 Node answered', async () => {
    const { answer, logged } = await postAndLog(
      `POST / HTTP/1.1\r\nHost: x\r\nX-Request-Id: big-trailers\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\n0\r\nX-T: ${'t'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1.1 431/);
    expect(logged).toMatchObject({ level: 'info', status: 431, msg: 'request refused: malformed' });
  });
});
