/**
 * Health checks, answered alike on the shop's port and on the metrics port. The metrics port is a listener of
 * its own: Node accepts one connection per listening socket per turn of its event loop, so in a burst of
 * shoppers a check on the shop's port waits behind the connections queued before it, and a probe there could
 * call a busy replica dead or unready (docs/decisions/0019-admission-control-for-renders.md, 0025). Probes
 * belong on the metrics port.
 */

/** Traffic welcome, not yet (the pages are being rendered into the cache), or no more (shutting down). */
export type Readiness = 'ready' | 'warming up' | 'draining';

/** Liveness (`/healthz`): the process answers. Readiness (`/readyz`): it should receive traffic. */
export function healthAnswer(path: '/healthz' | '/readyz', readiness: Readiness): { status: number; body: string } {
  if (path === '/healthz') return { status: 200, body: 'ok' };
  return { status: readiness === 'ready' ? 200 : 503, body: readiness };
}
