/**
 * Reading Chromium's traces (Lighthouse's saved ones, or taken over CDP): the page's main thread and what its
 * tasks did. Used by bench/main-thread.ts and bench/lighthouse.ts.
 */

/** A trace event, as much of it as the benchmarks read. */
export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time, µs. */
  tdur?: number;
  args?: { name?: string; data?: { url?: string }; beginData?: { url?: string } };
};

/**
 * The complete events of the page's renderer main thread, in time order. The page's renderer is the one whose
 * main thread worked on its URLs: the browser's own pages (the omnibox's popup) have renderers too, busier than
 * the page's at times.
 */
export function pageMainThread(events: TraceEvent[], origin: string): TraceEvent[] {
  const threadNames = new Map<string, string>();
  for (const event of events) {
    if (event.name === 'thread_name') threadNames.set(`${event.pid}:${event.tid}`, event.args?.name ?? '');
  }
  const rendererMain = events.filter(
    (event) => event.ph === 'X' && event.dur && threadNames.get(`${event.pid}:${event.tid}`) === 'CrRendererMain',
  );
  const onPage = (event: TraceEvent) =>
    [event.args?.data?.url, event.args?.beginData?.url].some((url) => url?.startsWith(origin));
  const pid = rendererMain.find(onPage)!.pid;
  return rendererMain.filter((event) => event.pid === pid).sort((a, b) => a.ts - b.ts);
}

/** The events that ran within a task of the main thread (the task itself excluded). */
export function within(task: TraceEvent, main: TraceEvent[]): TraceEvent[] {
  return main.filter((event) => event !== task && event.ts >= task.ts && event.ts < task.ts + task.dur!);
}

/** Work that runs the page's JavaScript, inside a task. */
export const SCRIPT_EVENTS = new Set(['FunctionCall', 'EvaluateScript', 'v8.evaluateModule']);

const KINDS: Array<[kind: string, events: Set<string>]> = [
  // Chromium committing the navigation: the window's V8 context, DevTools told of it.
  ['commit', new Set(['DocumentLoader::CommitNavigation'])],
  ['parse', new Set(['ParseHTML'])],
  ['layout', new Set(['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint'])],
  ['script', SCRIPT_EVENTS],
];

/** What a task mostly did: the kind of work its children took the most time in, or "other". */
export function taskKind(task: TraceEvent, main: TraceEvent[]): string {
  const children = within(task, main);
  const time = (events: Set<string>) =>
    children.filter((event) => events.has(event.name)).reduce((sum, event) => sum + event.dur!, 0);
  const [kind, longest] = KINDS.map(([kind, events]) => [kind, time(events)] as const).sort((a, b) => b[1] - a[1])[0]!;
  return longest > 0 ? kind : 'other';
}
