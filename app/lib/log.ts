/**
 * Structured logs: one JSON object per line on stdout (errors on stderr), filtered by LOG_LEVEL
 * (debug, info, warn, error or silent; info by default). server.ts and entry.server.tsx share it.
 */
export const levels = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type Level = (typeof levels)[number];

export type Fields = Record<string, unknown>;

function levelFrom(value: string | undefined): Level {
  return levels.includes(value as Level) ? (value as Level) : 'info';
}

let threshold = levels.indexOf(levelFrom(process.env.LOG_LEVEL));

/** Overrides LOG_LEVEL, e.g. to silence a server started by tests. */
export function setLogLevel(level: Level): void {
  threshold = levels.indexOf(level);
}

function write(level: Exclude<Level, 'silent'>, msg: string, fields: Fields = {}): void {
  if (levels.indexOf(level) < threshold) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }, errorReplacer);
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

// Errors serialise to {} by default; keep what an operator needs, stack included.
function errorReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

export const log = {
  debug: (msg: string, fields?: Fields) => write('debug', msg, fields),
  info: (msg: string, fields?: Fields) => write('info', msg, fields),
  warn: (msg: string, fields?: Fields) => write('warn', msg, fields),
  error: (msg: string, fields?: Fields) => write('error', msg, fields),
};
