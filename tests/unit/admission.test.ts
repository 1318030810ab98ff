import { describe, expect, it } from 'vitest';
import { createAdmission, maxWaitingFor, Shed, WAITING_RENDER_BYTES } from '../../server/admission.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A task that finishes when told to, and notes when it started. */
function gate(started: string[], name: string) {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    task: async () => {
      started.push(name);
      await opened;
      return name;
    },
    open,
  };
}

describe('admission of renders', () => {
  it('runs at most `concurrency` at once, and the waiting ones first come first served', async () => {
    const started: string[] = [];
    const admission = createAdmission({ concurrency: 2, maxWaiting: 10, maxWaitMs: 10_000 });
    const gates = ['a', 'b', 'c', 'd'].map((name) => gate(started, name));
    const results = gates.map(({ task }) => admission.run(task));
    expect(started).toEqual(['a', 'b']);
    expect(admission.waiting).toBe(2);
    gates[1]!.open();
    await sleep(0);
    expect(started).toEqual(['a', 'b', 'c']);
    for (const { open } of gates) open();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(admission.running + admission.waiting).toBe(0);
  });

  it('sheds at once past maxWaiting, and counts it', async () => {
    const shed: string[] = [];
    const admission = createAdmission({
      concurrency: 1,
      maxWaiting: 2,
      maxWaitMs: 10_000,
      onShed: (reason) => shed.push(reason),
    });
    const { task, open } = gate([], 'x');
    const kept = [admission.run(task), admission.run(task), admission.run(task)];
    await expect(admission.run(task)).rejects.toEqual(new Shed('queue_full'));
    expect(shed).toEqual(['queue_full']);
    open();
    await Promise.all(kept);
  });

  it('sheds a render that waited past the deadline when the deadline passes, not when its turn comes', async () => {
    const started: string[] = [];
    const waiting: number[] = [];
    const admission = createAdmission({
      concurrency: 1,
      maxWaiting: 10,
      maxWaitMs: 50,
      onWaiting: (count) => waiting.push(count),
    });
    const first = gate(started, 'first');
    const running = admission.run(first.task);
    const at = performance.now();
    const late = admission.run(gate(started, 'late').task);
    await expect(late).rejects.toMatchObject({ name: 'Shed', reason: 'deadline' });
    expect(performance.now() - at).toBeLessThan(1_000);
    first.open();
    await running;
    await sleep(0);
    expect(started).toEqual(['first']);
    expect(waiting).toEqual([1, 0]);
  });

  it('forgets a render whose client went away while it waited', async () => {
    const started: string[] = [];
    const admission = createAdmission({ concurrency: 1, maxWaiting: 10, maxWaitMs: 10_000 });
    const first = gate(started, 'first');
    const running = admission.run(first.task);
    const controller = new AbortController();
    const gone = admission.run(gate(started, 'gone').task, controller.signal);
    controller.abort(new Error('client gone'));
    await expect(gone).rejects.toThrow('client gone');
    expect(admission.waiting).toBe(0);
    first.open();
    await running;
    expect(started).toEqual(['first']);
    await expect(admission.run(async () => 1, controller.signal)).rejects.toThrow('client gone');
  });

  it('lets as many wait as a share of the heap holds: some 480 for the image’s 104 MB, more for a bigger heap', () => {
    const mb = 1024 * 1024;
    expect(maxWaitingFor(104 * mb)).toBeGreaterThan(400);
    expect(maxWaitingFor(104 * mb) * WAITING_RENDER_BYTES).toBeLessThan(0.3 * 104 * mb);
    expect(maxWaitingFor(1024 * mb)).toBeGreaterThan(maxWaitingFor(104 * mb) * 9);
    expect(maxWaitingFor(8 * mb)).toBe(16);
  });
});
