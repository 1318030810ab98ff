import type { Request, Response } from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLogLevel } from '../../app/lib/log';
import { errorHandler } from '../../server/middleware';

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

/** A response already under way (headers sent), as when a client goes while the page is being written. */
function midResponse() {
  const req = { method: 'GET', originalUrl: '/products' } as Request;
  const res = { locals: { requestId: 'r1' }, headersSent: true, destroy: vi.fn() } as unknown as Response;
  return { req, res };
}

describe('the last-resort error handler', () => {
  const clientGone = [
    ['a response the client stopped reading', new (class WritableClosedError extends Error {})('Writable closed before stream finished')],
    ['a reset connection', Object.assign(new Error('aborted'), { code: 'ECONNRESET' })],
    ['a body cut short', Object.assign(new Error('request aborted'), { type: 'request.aborted', status: 400 })],
  ] as const;

  it.each(clientGone)('logs %s at info, without a stack, and closes the response', (_name, error) => {
    const lines = captured();
    const { req, res } = midResponse();
    errorHandler(error, req, res, () => {});
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ level: 'info', msg: 'client closed the connection', requestId: 'r1', path: '/products' }),
    ]);
    expect(lines.join('')).not.toContain('stack');
    expect(res.destroy).toHaveBeenCalled();
  });

  it('still logs a fault of ours at error level, with its stack', () => {
    const lines = captured();
    const { req, res } = midResponse();
    errorHandler(new TypeError('boom'), req, res, () => {});
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'error', msg: 'unhandled error', error: { message: 'boom' } });
    expect(lines[0]).toContain('"stack"');
  });
});
