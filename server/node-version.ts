/**
 * The server refuses to start on a Node.js older than it needs, with a message that says so and exit status 1.
 * Without this, Node 20 ran the compiled server without a word: `import.meta.main`, by which server.ts knows
 * it was started, is undefined there, so the process just exited 0. server.ts imports this module first, so
 * it runs before any module that needs a newer Node does.
 */
import { log } from './log.ts';

/** The oldest Node.js the server runs on: package.json's `engines` (tests/unit/node-version.test.ts checks). */
export const MINIMUM_NODE = '24.11.0';

/** Whether a Node.js version (`process.versions.node`) is at least MINIMUM_NODE. */
export function isSupportedNode(version: string): boolean {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  const [needMajor = 0, needMinor = 0, needPatch = 0] = MINIMUM_NODE.split('.').map(Number);
  return major !== needMajor ? major > needMajor : minor !== needMinor ? minor > needMinor : patch >= needPatch;
}

if (!isSupportedNode(process.versions.node)) {
  log.error(
    { node: process.versions.node, required: `>=${MINIMUM_NODE}` },
    `Node.js ${MINIMUM_NODE} or newer is needed; this is ${process.version}. Run it with the project's own Node (npm start) or the image.`,
  );
  process.exit(1);
}
