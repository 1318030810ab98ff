/**
 * Structured logs with pino: one JSON object per line, `time` as an ISO string and `level` as its name;
 * warnings and errors on stderr, the rest on stdout; filtered by LOG_LEVEL (debug, info, warn, error or
 * silent; info by default). In development, on a terminal, the lines are made readable by pino-pretty, a
 * development dependency that production never loads.
 *
 * server.ts and server/* import it; so does the app's entry.server, which Vite bundles into build/server with
 * its own copy of this module: two loggers, alike and stateless but for the level a test may override.
 */
import { createRequire } from 'node:module';
import { pino, stdSerializers, type DestinationStream, type Level as PinoLevel } from 'pino';

export const levels = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type Level = (typeof levels)[number];

/** LOG_LEVEL's level, whatever its case; undefined for a value that names none. */
function levelFrom(value: string | undefined): Level | undefined {
  if (value === undefined || value === '') return 'info';
  const level = value.trim().toLowerCase();
  return levels.includes(level as Level) ? (level as Level) : undefined;
}

/** An Error as an operator needs it (pino's own serialiser, which names it `type`, plus its `name`). */
function serializeError(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  const serialized: Record<string, unknown> = { name: value.name, ...stdSerializers.err(value) };
  // A DOMException (a fetch's TimeoutError or AbortError, what a loader's backend call throws) has 25 enumerable
  // constants of its prototype's (INDEX_SIZE_ERR …), which pino's serialiser copies: a kilobyte of noise a line.
  if (value instanceof DOMException) {
    for (const key of Object.keys(serialized)) if (/^[A-Z_]+_ERR$/.test(key)) delete serialized[key];
  }
  return serialized;
}

// Read by people in a terminal, as they develop; otherwise read by machines (a log collector, the tests).
const pretty = process.env.NODE_ENV !== 'production' && process.stdout.isTTY;

function destination(): DestinationStream {
  const streams = (stdout: NodeJS.WritableStream, stderr: NodeJS.WritableStream) =>
    pino.multistream(
      [
        { level: 'debug' as PinoLevel, stream: stdout },
        { level: 'warn' as PinoLevel, stream: stderr },
      ],
      // Each line goes to the one stream of the highest level it reaches: warnings to stderr only.
      { dedupe: true },
    );
  if (pretty) {
    // Loaded only here, so production (which installs no development dependencies) never needs it.
    const prettyStream = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');
    const options = { translateTime: 'SYS:HH:MM:ss.l', sync: true };
    return streams(prettyStream({ ...options, destination: 1 }), prettyStream({ ...options, destination: 2 }));
  }
  return streams(process.stdout, process.stderr);
}

/**
 * Whatever reads the server's output may go away (a log collector restarting, `npm start | head`): the next
 * line written to that closed pipe fails with EPIPE, which without a listener is an uncaught error and stops
 * the server. Lines are lost while nobody reads them; the shop keeps serving. Any other error stays fatal.
 */
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });

export const log = pino(
  {
    level: levelFrom(process.env.LOG_LEVEL) ?? 'info',
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    // The level by name ('info'), not pino's number; pino-pretty reads the number.
    formatters: pretty ? {} : { level: (label) => ({ level: label }) },
    // `log.error({ error }, 'msg')`, or an Error passed first, is serialised with its stack.
    errorKey: 'error',
    serializers: { error: serializeError },
  },
  destination(),
);

/** Says so when LOG_LEVEL names no level (the server calls it as it starts: this module has two copies). */
export function warnOfUnknownLogLevel(): void {
  if (!levelFrom(process.env.LOG_LEVEL)) {
    log.warn({ LOG_LEVEL: process.env.LOG_LEVEL }, `LOG_LEVEL is none of ${levels.join(', ')}: logging at info`);
  }
}

/** Overrides LOG_LEVEL, e.g. to silence a server started by tests. */
export function setLogLevel(level: Level): void {
  log.level = level;
}

/**
 * A warning about something that comes in floods (connections refused, requests shed, posts from other sites):
 * the first occurrence warns at once, the next ones are counted and warned about at most once per `intervalMs`,
 * with how many there were and the details of the latest, so an attack does not write a warning per request.
 * Those counted when the flood stops are warned about at the end of their interval, not left unsaid.
 */
export function warnAtMostEvery<Latest = void>(
  intervalMs: number,
  warn: (count: number, latest: Latest) => void,
): (latest: Latest) => void {
  let count = 0;
  let latest: Latest;
  let warnedAt = -Infinity;
  let pending: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    // Said now, and not again by the timer set for it (due while the event loop was busy, and not yet run).
    clearTimeout(pending);
    pending = undefined;
    warnedAt = performance.now();
    warn(count, latest);
    count = 0;
  };
  return (event) => {
    count++;
    latest = event;
    const wait = warnedAt + intervalMs - performance.now();
    if (wait <= 0) flush();
    else pending ??= setTimeout(flush, wait).unref();
  };
}
