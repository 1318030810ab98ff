// negotiator 1.x ships no types, and @types/negotiator describes 0.6, without the `preferred` option.
declare module 'negotiator' {
  import type { IncomingMessage } from 'node:http';

  export default class Negotiator {
    constructor(request: Pick<IncomingMessage, 'headers'>);
    /** The best of `available` for the request's Accept-Encoding; `preferred` breaks ties in weight. */
    encoding(available: string[], options?: { preferred?: string[] }): string | undefined;
  }
}
